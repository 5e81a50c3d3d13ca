/**
 * `npm run start:portal` and `npm run start:bi`: one of the two servers, in this very process
 * (a service manager signals and watches the server itself), with the environment `npm start`
 * hands it. It builds nothing: a deployment builds once (`npm run build`) and then starts its
 * processes, as the systemd units in docs/deployment.md do.
 */
import { resolve } from 'node:path';
import { stackEnvironment } from './stack-environment.ts';

const root = resolve(import.meta.dirname, '..');
const servers: Record<string, string> = {
  portal: 'apps/server/main.ts',
  bi: 'apps/bi-service/main.ts',
};

const server = servers[process.argv[2] ?? ''];
if (!server) {
  console.error(`usage: node scripts/start-one.ts ${Object.keys(servers).join('|')}`);
  process.exit(2);
}
process.chdir(root);
Object.assign(process.env, stackEnvironment(process.env, root));
await import(resolve(root, server));
