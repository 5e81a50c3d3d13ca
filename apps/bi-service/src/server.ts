import { loadConfig } from './config.ts';
import { listen } from './listen.ts';
import { seedDemo } from './seed/seed-demo.ts';
import { createServices } from './services.ts';

const config = loadConfig();
const services = createServices(config);
if (config.demo) await seedDemo(services, []);
const running = await listen(
  services,
  { port: config.port, tlsPort: config.tlsPort, host: config.host },
  { logger: true },
);
running.app.log.info(
  `HTTPS (OAuth authority for MSAL) on port ${running.tlsPort}, CA file ${running.certFile}`,
);

const shutdown = async () => {
  await running.close();
  services.db.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
