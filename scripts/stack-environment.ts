import { resolve } from 'node:path';

/**
 * The environment `npm start` hands both processes. The portal's port and URL (PORT, PORTAL_URL)
 * and VITRINA_DEMO pass as they are: both processes parse them with `@vitrina/env`, so they agree
 * on the portal's origin (the BI service's `frame-ancestors`) and on demo mode. What only this
 * script knows is filled in: where the data lives and where the portal reaches the BI service.
 */
export function stackEnvironment(env: NodeJS.ProcessEnv, root: string): NodeJS.ProcessEnv {
  const biPort = env['BI_PORT'] ?? '8081';
  return {
    ...env,
    BI_PORT: biPort,
    DATA_DIR: env['DATA_DIR'] ?? resolve(root, 'data'),
    BI_URL: env['BI_URL'] ?? `http://localhost:${biPort}`,
  };
}
