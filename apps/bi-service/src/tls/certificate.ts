import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface TlsMaterial {
  cert: string;
  key: string;
  certFile: string;
}

/**
 * The self-signed certificate for the HTTPS listener (MSAL only accepts https authorities),
 * created with openssl on first start under `dataDir/tls`. Clients trust it by using cert.pem
 * as their CA file. It names localhost and the loopback addresses.
 */
export function loadOrCreateCertificate(dataDir: string): TlsMaterial {
  const folder = join(dataDir, 'tls');
  const certFile = join(folder, 'cert.pem');
  const keyFile = join(folder, 'key.pem');
  if (!existsSync(certFile) || !existsSync(keyFile)) {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '825',
        '-subj',
        '/CN=localhost/O=Vitrina BI',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
        '-addext',
        'basicConstraints=critical,CA:TRUE',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
  }
  return { cert: readFileSync(certFile, 'utf8'), key: readFileSync(keyFile, 'utf8'), certFile };
}
