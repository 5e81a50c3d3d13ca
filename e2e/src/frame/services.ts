/**
 * The two servers a frame test talks to: the BI service with demo content, and the host origin
 * whose page embeds it. Started together, by one suite for itself or by the e2e global set-up
 * for a group of files (global-setup.ts).
 */
import { startBiService, type BiEndpoints, type BiService } from './bi-service.ts';
import { startHostServer, type HostServer } from './host-server.ts';

/** Where the two servers answer: plain data, which Vitest can hand from its set-up to test files. */
export interface FrameEndpoints {
  bi: BiEndpoints;
  host: { origin: string };
}

export interface FrameServices {
  bi: BiService;
  host: HostServer;
  stop(): Promise<void>;
}

export async function startFrameServices(): Promise<FrameServices> {
  const host = await startHostServer();
  // The BI service lets only the host origin frame it, so the host starts first.
  const bi = await startBiService(host.origin);
  return {
    bi,
    host,
    async stop() {
      await Promise.all([bi.stop(), host.stop()]);
    },
  };
}

/** The endpoints alone, without the functions that cannot cross to a test file. */
export function endpointsOf({ bi, host }: FrameServices): FrameEndpoints {
  return {
    bi: { url: bi.url, tlsPort: bi.tlsPort, certFile: bi.certFile, dataDir: bi.dataDir },
    host: { origin: host.origin },
  };
}
