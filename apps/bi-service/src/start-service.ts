import { demoCredentialsFor, type DemoCredentials } from '@vitrina/env/demo';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type BiConfig } from './config.ts';
import { DatasetRegistry } from './engine/registry.ts';
import { listen, type RunningService } from './listen.ts';
import { retirePublishedDemoCredentials } from './modules/tenant/retire-published-credentials.ts';
import { createServices, type BiServices, type CreateServicesOptions } from './services.ts';

/** What a plug-in adds to a start (the demo's is `demo/plugin.ts`). */
export interface BiPlugin {
  /** Its datasets, opened (generated on a first start) before the service listens. */
  openDatasets(dataDir: string): Promise<DatasetRegistry>;
  serviceOptions: Pick<CreateServicesOptions, 'mfaRequiredUsernames'>;
  /** Adds whatever of its identities and content is missing; runs on every start. */
  seed(services: BiServices, credentials: DemoCredentials): Promise<void>;
}

export interface StartOptions {
  /** Adds to the app before its routes; see `BuildAppOptions.configureApp`. */
  configureApp?: (app: FastifyInstance) => void;
  /** Loads the demo plug-in; called only when demo mode is on, so production never loads it. */
  loadDemo?: () => Promise<BiPlugin>;
}

interface StartedBiService {
  running: RunningService;
  /** Stops listening, the scheduled refreshes and the stores. */
  close(): Promise<void>;
}

/**
 * Starts the BI service as `npm run start:bi` runs it: demo tenant when configured, stored push
 * datasets, HTTP and HTTPS listeners, scheduled refreshes. Process concerns (umask, signals,
 * exit) belong to the caller (`runBiServiceProcess`).
 */
async function startBiService(
  config: BiConfig,
  options: StartOptions = {},
): Promise<StartedBiService> {
  const demo = config.demo ? await options.loadDemo?.() : undefined;
  // Demo datasets are generated (first start) before listening, so /health means ready to query.
  const datasets = demo ? await demo.openDatasets(config.dataDir) : new DatasetRegistry();
  const services = createServices(config, { datasetSchemas: datasets, ...demo?.serviceOptions });
  await prepareDemoIdentities(config, services, demo);
  await services.pushDatasets.openStored();
  services.queryWorkers?.prepare(services.datasetSchemas).catch((error: unknown) => {
    console.error('The datasets could not be copied for the query workers at start', error);
  });
  const running = await listen(
    services,
    { port: config.port, tlsPort: config.tlsPort, host: config.host },
    { logger: true, configureApp: options.configureApp },
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

  return {
    running,
    async close() {
      clearInterval(scheduler);
      await running.close();
      datasets.close();
      await services.close();
    },
  };
}

/**
 * Seeds the demo tenant when demo mode is on and, in production, takes the published credentials
 * away from any demo identity that still has them (decision 0220). Production uses the
 * installation's credentials file, created (and printed) only when something needs it.
 */
async function prepareDemoIdentities(
  config: BiConfig,
  services: BiServices,
  demo: BiPlugin | undefined,
): Promise<void> {
  let credentials: DemoCredentials | undefined;
  const demoCredentials = () =>
    (credentials ??= demoCredentialsFor(config.runMode, config.dataRoot, (banner) =>
      process.stdout.write(banner),
    ));
  if (config.runMode === 'production') {
    const retired = await retirePublishedDemoCredentials(services, demoCredentials);
    if (retired.length)
      console.warn(`Credenciales de demostración publicadas reemplazadas: ${retired.join(', ')}`);
  }
  if (demo) await demo.seed(services, demoCredentials());
}

/**
 * The BI service as a process: configuration from the environment (an invalid one exits 1 with
 * the list of problems), start, and SIGINT/SIGTERM stopping it.
 */
export async function runBiServiceProcess(options: StartOptions = {}): Promise<void> {
  // Everything this process creates (databases, keys, certificates) is the owner's alone.
  process.umask(0o077);
  let config: BiConfig;
  try {
    config = loadConfig();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  const service = await startBiService(config, options);
  const shutdown = async () => {
    await service.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}
