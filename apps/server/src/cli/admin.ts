import type { Kysely } from 'kysely';
import { createAdministrator, resetUserPassword } from '../bootstrap/admin-commands.ts';
import { announceToInstances } from '../cluster/announce.ts';
import type { ClusterLog } from '../cluster/invalidation-bus.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Database } from '../db/schema.ts';
import { verifyAuditChain } from '../modules/audit/audit-verify.ts';
import { createAuditLog } from '../lib/audit.ts';
import { systemClock } from '../lib/clock.ts';
import { createPasswordHasher } from '../lib/passwords.ts';

const usage = `Uso: npm run admin -- <comando> [USUARIO]

Comandos:
  create USUARIO           crea un administrador y muestra su contraseña temporal
  reset-password USUARIO   genera una contraseña temporal nueva, desbloquea y cierra sus sesiones
  audit verify             comprueba la cadena de hashes de la auditoría; sale con 1 y nombra
                           la primera entrada rota si no está íntegra
`;

/** The channels' warnings go to stderr, next to the command's own errors. */
const stderrLog: ClusterLog = {
  info: () => undefined,
  warn: (...args: unknown[]) => {
    const message = args.find((arg) => typeof arg === 'string');
    process.stderr.write(`Aviso: ${message ?? JSON.stringify(args[0])}\n`);
  },
};

/** `audit verify`: exit 0 on a sound chain, 1 naming the first broken entry. */
async function verifyAudit(db: Kysely<Database>): Promise<number> {
  const verdict = await verifyAuditChain(db);
  if (verdict.sound) {
    process.stdout.write(`Auditoría íntegra: ${verdict.entries} entradas verificadas.\n`);
    return 0;
  }
  process.stderr.write(`Auditoría alterada: la entrada ${verdict.entryId} ${verdict.reason}.\n`);
  return 1;
}

/**
 * `npm run admin -- create|reset-password USERNAME` or `audit verify`, against the configured
 * database (DATA_DIR or DATABASE_URL, as the server reads them).
 */
async function main(argv: string[]): Promise<number> {
  const [command, username] = argv;
  const audit = command === 'audit' && username === 'verify';
  if (!audit && (!username || (command !== 'create' && command !== 'reset-password'))) {
    process.stderr.write(usage);
    return 2;
  }
  const config = loadConfig();
  const { db, dialect } = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db, dialect);
    if (audit) return await verifyAudit(db);
    const context = {
      db,
      clock: systemClock,
      passwords: createPasswordHasher(config.auth.argon2),
      audit: createAuditLog(systemClock),
    };
    let password: string;
    if (command === 'create') password = await createAdministrator(context, username);
    else {
      const reset = await resetUserPassword(context, username);
      password = reset.password;
      // Running instances cache the user's sessions: they must drop them now (decision 0196).
      await announceToInstances(config, [{ kind: 'user', userId: reset.userId }], stderrLog);
    }
    const done = command === 'create' ? 'Administrador creado' : 'Contraseña reseteada';
    process.stdout.write(`${done}.\n  Usuario:     ${username}\n  Contraseña:  ${password}\n`);
    return 0;
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
