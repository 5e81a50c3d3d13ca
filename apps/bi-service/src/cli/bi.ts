/**
 * Administration of the BI service's identities and workspaces:
 *   npm run bi -- user add <usuario> <contraseña> [--name "Nombre"]
 *   npm run bi -- app add <clientId> "<descripción>" [--secret <secreto>]
 *   npm run bi -- workspace add <nombre>
 *   npm run bi -- workspace grant <área> (--user <usuario> | --app <clientId>) [--role Member]
 *   npm run bi -- workspace list
 *   npm run bi -- dataset import <área> <archivo> [--name "Nombre"]   (through the running service)
 * It works on the same DATA_DIR as the running service (SQLite allows both at once).
 */
import { loadConfig } from '../config.ts';
import { createServices } from '../services.ts';
import { runCommand, usage } from './commands.ts';

// Everything this process creates (databases, keys, certificates) is the owner's alone.
process.umask(0o077);

const config = loadConfig();
const services = createServices(config);
try {
  const output = await runCommand(services, process.argv.slice(2), {
    biUrl: `http://127.0.0.1:${config.port}`,
    progress: (line) => process.stderr.write(`\r${line}${line.endsWith('100 %') ? '\n' : ''}`),
  });
  console.log(output);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  console.error(usage);
  process.exitCode = 1;
} finally {
  await services.close();
}
