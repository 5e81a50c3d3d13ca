import { createAdministrator, resetUserPassword } from '../bootstrap/admin-commands.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { createAuditLog } from '../lib/audit.ts';
import { systemClock } from '../lib/clock.ts';
import { createPasswordHasher } from '../lib/passwords.ts';

const usage = `Uso: npm run admin -- <comando> USUARIO

Comandos:
  create USUARIO           crea un administrador y muestra su contraseña temporal
  reset-password USUARIO   genera una contraseña temporal nueva, desbloquea y cierra sus sesiones
`;

/** `npm run admin -- create|reset-password USERNAME` against the configured database. */
async function main(argv: string[]): Promise<number> {
  const [command, username] = argv;
  if (!username || (command !== 'create' && command !== 'reset-password')) {
    process.stderr.write(usage);
    return 2;
  }
  const config = loadConfig();
  const { db, dialect } = openDatabase(config.databaseUrl);
  try {
    await migrateToLatest(db, dialect);
    const context = {
      db,
      clock: systemClock,
      passwords: createPasswordHasher(config.auth.argon2),
      audit: createAuditLog(systemClock),
    };
    const password =
      command === 'create'
        ? await createAdministrator(context, username)
        : await resetUserPassword(context, username);
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
