import { buildApp } from './app.ts';
import { ensureFirstAdministrator, firstAdminBanner } from './bootstrap/first-admin.ts';
import { tightenPrivateTree } from '@vitrina/env/private-tree';
import { loadConfig } from './config.ts';
import { createPrivateDir } from './private-files.ts';

/** How long SIGTERM waits for in-flight requests and pools (docs/deployment.md). */
const shutdownLimitMs = 10_000;

/** Entry point: configuration, first administrator, listen, and graceful shutdown. */
async function main(): Promise<void> {
  // Whatever a library creates under DATA_DIR (databases, journals) is the service's alone.
  process.umask(0o077);
  const config = loadConfig();
  createPrivateDir(config.dataDir);
  // What an older version, a restore or a copy left readable is tightened too (0700 / 0600).
  tightenPrivateTree(config.dataDir);
  const app = await buildApp({ config });
  const firstAdmin = await ensureFirstAdministrator(app.context);
  if (firstAdmin.generatedPassword)
    process.stdout.write(firstAdminBanner(firstAdmin.generatedPassword));
  else if (firstAdmin.created)
    app.log.info('First administrator "admin" created with VITRINA_ADMIN_PASSWORD');

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A request or pool that does not finish in time must not keep a rolling restart waiting.
    setTimeout(() => {
      app.log.error('shutdown took longer than 10 s; exiting anyway');
      process.exit(1);
    }, shutdownLimitMs).unref();
    // A proxy's kept-alive connection that finishes its last request while closing would stay
    // open until it times out (Fastify: 72 s): close each one as soon as it is idle.
    setInterval(() => app.server.closeIdleConnections(), 100).unref();
    // Stop accepting connections, finish in-flight requests, close the database, Redis and the
    // notification connections (onClose hooks).
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
