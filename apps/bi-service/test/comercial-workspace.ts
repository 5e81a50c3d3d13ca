/**
 * A BI service without the demo content, with the Comercial demo user signed in over REST and the
 * id of their Comercial workspace: where the data-in tests (push, imports, roles, PostgreSQL
 * sources) make their datasets.
 */
import { afterAll, beforeAll } from 'vitest';
import type { CreateServicesOptions } from '../src/services.ts';
import {
  call,
  comercial,
  frameQueryRows,
  startTestService,
  userToken,
  workspaceIdOf,
  type TestService,
} from './harness.ts';

/**
 * Starts the service before the tests of the file (or describe) that calls it, closes it after;
 * `env` and `options` are handed to the service as in `startTestService`.
 */
export function useComercialWorkspace(
  env: NodeJS.ProcessEnv = {},
  options: CreateServicesOptions = {},
) {
  let service: TestService | undefined;
  let token = '';
  let groupId = '';
  beforeAll(async () => {
    service = await startTestService({ VITRINA_DEMO: 'false', ...env }, options);
    token = await userToken(service.url, comercial);
    groupId = await workspaceIdOf(service.url, token, 'Comercial');
  });
  afterAll(() => service?.close());

  const running = () => {
    if (!service) throw new Error('The BI service starts in beforeAll: use it in a hook or a test');
    return service;
  };
  return {
    service: running,
    /** The Comercial user's access token. */
    token: () => token,
    groupId: () => groupId,
    /** Calls `path` below the workspace (`/v1.0/myorg/groups/{id}`) as the Comercial user. */
    rest: (path: string, options: { method?: string; body?: unknown } = {}) =>
      call(running().url, `/v1.0/myorg/groups/${groupId}${path}`, { token, ...options }),
    /** Rows of one frame query on `datasetId`, with an embed token from GenerateToken. */
    frameQueryRows: (datasetId: string, query: unknown) =>
      frameQueryRows(running().url, token, datasetId, query),
  };
}
