import { loadConfig } from './config.ts';
import { DatasetRegistry } from './datasets/registry.ts';
import { demoWorkspaces, rowSecurityDemoContent, openDemoDatasets } from './demo/index.ts';
import { listen } from './listen.ts';
import { seedDemo } from './seed/seed-demo.ts';
import { createServices } from './services.ts';

// Everything this process creates (databases, keys, certificates) is the owner's alone.
process.umask(0o077);

function readConfig() {
  try {
    return loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const config = readConfig();
// Demo datasets are generated (first start) before listening, so /health means ready to query.
const datasets = config.demo ? await openDemoDatasets(config.dataDir) : new DatasetRegistry();
const services = createServices(config, { datasetSchemas: datasets });
if (config.demo) await seedDemo(services, [...demoWorkspaces, ...rowSecurityDemoContent]);
await services.pushDatasets.openStored();
const running = await listen(
  services,
  { port: config.port, tlsPort: config.tlsPort, host: config.host },
  { logger: true },
);
running.app.log.info(
  `HTTPS (OAuth authority for MSAL) on port ${running.tlsPort}, CA file ${running.certFile}`,
);

// Scheduled refreshes of PostgreSQL sources: a check a minute finds each half-hour slot.
const scheduler = setInterval(() => {
  services.postgresSources
    .runDueRefreshes()
    .catch((error: unknown) => running.app.log.error({ err: error }, 'scheduled refresh failed'));
}, 60_000);

const shutdown = async () => {
  clearInterval(scheduler);
  await running.close();
  datasets.close();
  await services.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
