import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const deploymentDoc = resolve(import.meta.dirname, '../../../../docs/deployment.md');

/**
 * The `/etc/vitrina/environment` block of docs/deployment.md, as written: the ```sh block that
 * follows the file's name, one KEY=VALUE a line. The suite runs this very block, so what an
 * operator copies is what was attacked.
 */
function documentedEnvironment(markdown = readFileSync(deploymentDoc, 'utf8')) {
  const block = /`\/etc\/vitrina\/environment`[^\n]*\n+```sh\n([\s\S]*?)```/.exec(markdown)?.[1];
  if (!block) throw new Error('docs/deployment.md has no ```sh block for /etc/vitrina/environment');
  const env: Record<string, string> = {};
  for (const line of block.split('\n').map((text) => text.trim())) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([A-Z][A-Z0-9_]*)=(.*)$/.exec(line);
    if (!match) throw new Error(`docs/deployment.md environment: not KEY=VALUE: ${line}`);
    env[match[1]!] = match[2]!;
  }
  return env;
}

/** What differs from one machine to the next; everything else comes from the documented block. */
export interface MachinePlacement {
  dataDir: string;
  databaseUrl: string;
  redisUrl: string;
  biPort: number;
  biTlsPort: number;
}

/**
 * The documented environment with only machine-specific values replaced:
 * - DATA_DIR: a fresh directory per run (the documented /var/lib/vitrina is not ours to write);
 * - DATABASE_URL, REDIS_URL: the run's own PostgreSQL database and redis-server;
 * - BI_URL: the port only (its host stays as written), and BI_PORT / BI_TLS_PORT added to match:
 *   a test takes free ports instead of 8081 and 8444, which may be in use;
 * - JWT_SECRET, ACCOUNT_SECRET_KEY: the block holds placeholders; each run draws real keys.
 * Each instance's PORT is added by its start, as the systemd unit's `Environment=PORT=%i` does.
 * Every replaced key must be in the block: the suite never adds a setting production lacks.
 */
export function deployedEnvironment(place: MachinePlacement): Record<string, string> {
  const documented = documentedEnvironment();
  const biUrl = new URL(documented['BI_URL'] ?? 'missing:');
  biUrl.port = String(place.biPort);
  const replaced: Record<string, string> = {
    DATA_DIR: place.dataDir,
    DATABASE_URL: place.databaseUrl,
    REDIS_URL: place.redisUrl,
    BI_URL: biUrl.toString().replace(/\/$/, ''),
    JWT_SECRET: randomBytes(32).toString('hex'),
    ACCOUNT_SECRET_KEY: randomBytes(32).toString('hex'),
  };
  const missing = Object.keys(replaced).filter((key) => !(key in documented));
  if (missing.length > 0)
    throw new Error(`docs/deployment.md environment lacks ${missing.join(', ')}`);
  return {
    ...documented,
    ...replaced,
    BI_PORT: String(place.biPort),
    BI_TLS_PORT: String(place.biTlsPort),
  };
}
