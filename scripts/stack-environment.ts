import { resolve } from 'node:path';

/**
 * The environment `npm start` hands both processes, and `start:portal` / `start:bi` their one.
 * The portal's port and URL (PORT, PORTAL_URL), NODE_ENV and VITRINA_DEMO pass as they are: both
 * processes parse them with `@vitrina/env`, so they agree on the portal's origin (the BI service's
 * `frame-ancestors`), the run mode and demo mode. What only these scripts know is filled in: where
 * the data lives and where the portal reaches the BI service.
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

/**
 * `npm start` is the one-machine trial: unless NODE_ENV says otherwise it runs as `development`,
 * so the demo is on with its published credentials. `start:portal` and `start:bi` (deployments)
 * leave NODE_ENV alone: unset is production, with no demo (decision 0220).
 */
export function trialEnvironment(env: NodeJS.ProcessEnv, root: string): NodeJS.ProcessEnv {
  return stackEnvironment({ ...env, NODE_ENV: env['NODE_ENV']?.trim() || 'development' }, root);
}
