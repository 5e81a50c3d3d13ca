import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildAppOptions } from './app.ts';
import type { BiServices } from './services.ts';
import { loadOrCreateCertificate } from './platform/certificate.ts';

export interface RunningService {
  app: FastifyInstance;
  /** Port of the plain HTTP listener. */
  port: number;
  /** Port of the HTTPS listener (same routes). */
  tlsPort: number;
  /** The CA file clients use to trust the HTTPS listener. */
  certFile: string;
  close(): Promise<void>;
}

const portOf = (server: Server) => (server.address() as AddressInfo).port;

/** How this process reaches its own listener: loopback when bound to every address. */
function reachableHost(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === 'localhost') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/**
 * Builds the app and serves it on HTTP (`port`) and HTTPS (`tlsPort`) at once: one Fastify
 * instance, two Node servers handing it their requests. Port 0 picks a free port.
 */
export async function listen(
  services: BiServices,
  ports: { port: number; tlsPort: number; host: string },
  options: Pick<BuildAppOptions, 'logger' | 'configureApp'> = {},
): Promise<RunningService> {
  const tls = await loadOrCreateCertificate(services.config.dataDir, services.clock.now());
  let httpsServer: Server | undefined;
  const app = await buildApp(services, {
    ...options,
    serverFactory: (handler) => {
      httpsServer = createHttpsServer({ cert: tls.cert, key: tls.key }, handler);
      return createHttpServer(handler);
    },
  });
  // HTTPS first: once /health answers on HTTP, the OAuth authority is reachable too.
  await app.ready();
  const secure = httpsServer!;
  await new Promise<void>((resolve, reject) => {
    secure.once('error', reject);
    secure.listen(ports.tlsPort, ports.host, () => resolve());
  });
  await app.listen({ port: ports.port, host: ports.host });
  services.exports.listeningAt(`http://${reachableHost(ports.host)}:${portOf(app.server)}`);
  return {
    app,
    port: portOf(app.server),
    tlsPort: portOf(secure),
    certFile: tls.certFile,
    async close() {
      secure.closeAllConnections();
      await new Promise<void>((resolve) => secure.close(() => resolve()));
      await app.close();
    },
  };
}
