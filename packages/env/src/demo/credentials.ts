/**
 * The demo identities' passwords and secret. Outside production (`npm start`, tests) they are the
 * published ones, so that the docs and tests can use them. In production they are the
 * installation's own: random, kept in one file under DATA_DIR that the portal and the BI service
 * share, and printed once when created. The published ones never work there (decision 0220).
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import type { RunMode } from '../index.ts';
import { demoServicePrincipal, demoUsernames } from './identities.ts';

export interface DemoCredentials {
  /** The password of each demo user (`demoUsernames`), by username. */
  readonly passwords: Readonly<Record<string, string>>;
  /** The demo service principal's client secret. */
  readonly servicePrincipalSecret: string;
}

/** Written in this source and in the docs: for the one-machine trial and tests only. */
export const publishedDemoCredentials: DemoCredentials = Object.freeze({
  passwords: Object.freeze({
    'integracion.comercial@vitrina.demo': 'Comercial2024',
    'integracion.finanzas@vitrina.demo': 'Finanzas2024',
    'integracion.mfa@vitrina.demo': 'Multifactor2024',
  }),
  servicePrincipalSecret: 'vitrina-demo-secret',
});

/** The installation's demo credentials, directly under DATA_DIR. */
export const demoCredentialsFileName = 'demo-credentials.json';

const credentialsFileSchema = z.object({
  passwords: z.object(
    Object.fromEntries(demoUsernames.map((username) => [username, z.string().min(16)])),
  ),
  servicePrincipalSecret: z.string().min(32),
});

/**
 * The demo credentials for a run: the published ones outside production, else the installation's
 * own (`dataRoot` is DATA_DIR). `announce` receives the text to print when the file is created.
 */
export function demoCredentialsFor(
  runMode: RunMode,
  dataRoot: string,
  announce: (banner: string) => void,
): DemoCredentials {
  return runMode === 'production'
    ? installationDemoCredentials(dataRoot, announce)
    : publishedDemoCredentials;
}

/**
 * Reads DATA_DIR/demo-credentials.json, or creates it with fresh random values. The portal and the
 * BI service may start together: whichever comes first creates the file, the other reads it.
 */
export function installationDemoCredentials(
  dataRoot: string,
  announce: (banner: string) => void,
): DemoCredentials {
  const file = join(dataRoot, demoCredentialsFileName);
  const fresh = randomCredentials();
  if (createOnce(file, `${JSON.stringify(fresh, null, 2)}\n`)) {
    announce(demoCredentialsBanner(fresh, file));
    return fresh;
  }
  const parsed = credentialsFileSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')));
  if (!parsed.success)
    throw new Error(`${file} no es un archivo de credenciales de demostración válido`);
  return parsed.data;
}

/** base64url of `bytes` random bytes: letters, digits, `-` and `_`. */
const randomText = (bytes: number) => randomBytes(bytes).toString('base64url');

function randomCredentials(): DemoCredentials {
  return {
    passwords: Object.fromEntries(demoUsernames.map((username) => [username, randomText(18)])),
    // 43 characters: within the portal's 50-character account field.
    servicePrincipalSecret: randomText(32),
  };
}

/**
 * Creates `file` holding `content`, unless it exists; whether it was created. The content goes to
 * a private temporary file first and is then linked to its name: a link fails when the name is
 * taken, and a reader never sees the file half-written (a `wx` open of the name itself would let
 * the other process read it empty).
 */
function createOnce(file: string, content: string): boolean {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomText(6)}.tmp`;
  writeFileSync(temporary, content, { flag: 'wx', mode: 0o600 });
  try {
    chmodSync(temporary, 0o600);
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
}

/** Printed once, by the process that created the file. */
function demoCredentialsBanner(credentials: DemoCredentials, file: string): string {
  const line = '='.repeat(72);
  return [
    '',
    line,
    '  Vitrina: modo de demostración en producción, con credenciales propias de esta instalación',
    ...Object.entries(credentials.passwords).map(
      ([username, password]) => `  ${username}  contraseña: ${password}`,
    ),
    `  ${demoServicePrincipal.clientId}  secreto: ${credentials.servicePrincipalSecret}`,
    `  Guardadas en ${file} (solo lectura del propietario).`,
    line,
    '',
  ].join('\n');
}
