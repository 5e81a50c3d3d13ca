import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'selfsigned';
import { ensurePrivateDirectory, ensurePrivateFile, writePrivateFile } from './private-files.ts';

export interface TlsMaterial {
  cert: string;
  key: string;
  certFile: string;
}

/** Browsers and Node refuse server certificates valid for longer than 825 days. */
const validDays = 825;

/**
 * The self-signed certificate for the HTTPS listener (MSAL only accepts https authorities),
 * created in-process on first start under `dataDir/tls` (no openssl needed). Clients trust it by
 * using cert.pem as their CA file: it is its own CA and names localhost and the loopback addresses.
 */
export async function loadOrCreateCertificate(
  dataDir: string,
  now: Date = new Date(),
): Promise<TlsMaterial> {
  const folder = join(dataDir, 'tls');
  const certFile = join(folder, 'cert.pem');
  const keyFile = join(folder, 'key.pem');
  ensurePrivateDirectory(folder);
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    const notAfterDate = new Date(now.getTime() + validDays * 24 * 60 * 60 * 1000);
    const pems = await generate(
      [
        { name: 'commonName', value: 'localhost' },
        { name: 'organizationName', value: 'Vitrina BI' },
      ],
      {
        keyType: 'ec',
        curve: 'P-256',
        algorithm: 'sha256',
        notBeforeDate: now,
        notAfterDate,
        extensions: [
          { name: 'basicConstraints', cA: true, critical: true },
          { name: 'keyUsage', digitalSignature: true, keyCertSign: true, critical: true },
          { name: 'extKeyUsage', serverAuth: true },
          {
            name: 'subjectAltName',
            altNames: [
              { type: 2, value: 'localhost' },
              { type: 7, ip: '127.0.0.1' },
              { type: 7, ip: '::1' },
            ],
          },
        ],
      },
    );
    writePrivateFile(keyFile, pems.private);
    writePrivateFile(certFile, pems.cert);
  }
  ensurePrivateFile(keyFile);
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile };
}
