import { createServer } from 'node:http';
import { loadConfig } from './config.ts';
import { buildApp } from './app.ts';
import { createServices } from './services.ts';

const config = loadConfig();
const services = createServices(config);
const app = await buildApp(services, {
  logger: true,
  serverFactory: (handler) => createServer(handler),
});
await app.listen({ port: config.port, host: config.host });

const shutdown = async () => {
  await app.close();
  services.db.close();
  process.exit(0);
};
process.on('SIGINT', () => void shutdown());
process.on('SIGTERM', () => void shutdown());
