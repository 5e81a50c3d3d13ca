import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  demoServicePrincipal,
  demoUsers,
  publishedDemoCredentials,
  type DemoUser,
} from '@vitrina/env/demo';
import { expect } from 'vitest';
import type { BuildAppOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { DatasetRegistry } from '../src/engine/registry.ts';
import type { WorkspaceContent } from '../src/modules/content/content.ts';
import { listen, type RunningService } from '../src/listen.ts';
import { demoWorkspaces, openDemoDatasets } from '../demo/index.ts';
import { demoServiceOptions } from '../demo/plugin.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { createServices, type BiServices, type CreateServicesOptions } from '../src/services.ts';
import { fixtureContent } from './fixture-content.ts';

export const powerBiScope = 'https://analysis.windows.net/powerbi/api/.default';

/** Tests run outside production, so the demo identities have their published credentials. */
const withPassword = (user: DemoUser) => ({
  ...user,
  password: publishedDemoCredentials.passwords[user.username]!,
});
export const [comercial, finanzas] = demoUsers.map(withPassword) as [
  ReturnType<typeof withPassword>,
  ReturnType<typeof withPassword>,
];
export const servicePrincipal = {
  ...demoServicePrincipal,
  secret: publishedDemoCredentials.servicePrincipalSecret,
};

/** A BI service on free loopback ports with the demo identities and the fixture content. */
export interface TestService {
  url: string;
  tlsUrl: string;
  services: BiServices;
  running: RunningService;
  dataRoot: string;
  close(): Promise<void>;
}

export async function startTestService(
  env: NodeJS.ProcessEnv = {},
  options: CreateServicesOptions = {},
  app: Pick<BuildAppOptions, 'configureApp'> = {},
): Promise<TestService> {
  const dataRoot = mkdtempSync(join(tmpdir(), 'vitrina-bi-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataRoot,
    BI_PUBLIC_URL: 'http://bi.test',
    ...env,
  });
  const services = createServices(config, { ...demoServiceOptions, ...options });
  await seedDemo(services, fixtureContent, publishedDemoCredentials);
  return listenForTest(services, dataRoot, app);
}

/**
 * A BI service on the demo's own datasets (in memory, 20,000 sales rows) seeded with `content`:
 * for tests that query the demo's data rather than the fixture content.
 */
export async function startDemoDataService(
  content: readonly WorkspaceContent[] = demoWorkspaces,
  env: NodeJS.ProcessEnv = {},
): Promise<TestService & { registry: DatasetRegistry }> {
  const dataRoot = mkdtempSync(join(tmpdir(), 'vitrina-bi-demo-'));
  const registry = await openDemoDatasets('', { inMemory: true, salesRows: 20_000 });
  const config = loadConfig({ DATA_DIR: dataRoot, ...env });
  const services = createServices(config, { datasetSchemas: registry });
  await seedDemo(services, content, publishedDemoCredentials);
  const service = await listenForTest(services, dataRoot, {}, () => registry.close());
  return { ...service, registry };
}

/** `services` on free loopback ports; closing also runs `release` and removes `dataRoot`. */
async function listenForTest(
  services: BiServices,
  dataRoot: string,
  app: Pick<BuildAppOptions, 'configureApp'>,
  release: () => void = () => undefined,
): Promise<TestService> {
  const running = await listen(services, { port: 0, tlsPort: 0, host: '127.0.0.1' }, app);
  return {
    url: `http://127.0.0.1:${running.port}`,
    tlsUrl: `https://localhost:${running.tlsPort}`,
    services,
    running,
    dataRoot,
    async close() {
      await running.close();
      await services.close();
      release();
      rmSync(dataRoot, { recursive: true, force: true });
    },
  };
}

/** POSTs a form to the token endpoint and returns status and JSON body. */
export async function requestToken(url: string, form: Record<string, string>, tenant = 'vitrina') {
  const response = await fetch(`${url}/${tenant}/oauth2/v2.0/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** An access token for a demo user (password grant). */
export async function userToken(
  url: string,
  user: { username: string; password: string; clientId: string },
) {
  const { body } = await requestToken(url, {
    grant_type: 'password',
    client_id: user.clientId,
    username: user.username,
    password: user.password,
    scope: powerBiScope,
  });
  return String(body['access_token']);
}

/** A new user made a Viewer of Comercial, signed in through the demo app: for "members only" checks. */
export async function comercialViewerToken(
  service: TestService,
  viewer: { username: string; password: string },
) {
  await service.services.catalog.addUser(viewer.username, viewer.password);
  await service.services.catalog.grant('Comercial', { user: viewer.username }, 'Viewer');
  return userToken(service.url, { ...viewer, clientId: comercial.clientId });
}

/** An access token for the demo service principal (client credentials). */
export async function appToken(url: string) {
  const { body } = await requestToken(url, {
    grant_type: 'client_credentials',
    client_id: servicePrincipal.clientId,
    client_secret: servicePrincipal.secret,
    scope: powerBiScope,
  });
  return String(body['access_token']);
}

/** Calls the service with a bearer token; returns status, headers and parsed JSON (or text). */
export async function call(
  url: string,
  path: string,
  options: { token?: string; scheme?: string; method?: string; body?: unknown } = {},
) {
  const headers: Record<string, string> = {};
  if (options.token) headers['authorization'] = `${options.scheme ?? 'Bearer'} ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${url}${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  const text = await response.text();
  const json = response.headers.get('content-type')?.includes('json')
    ? (JSON.parse(text) as Record<string, unknown>)
    : undefined;
  return { status: response.status, headers: response.headers, json: json ?? {}, text };
}

/** The `error.code` of a Power BI error answer. */
export const errorCode = (json: Record<string, unknown>) =>
  (json['error'] as { code: string }).code;

/** An answer's status and Power BI error code, to check both in one assertion. */
export const refusalOf = (answer: { status: number; json: Record<string, unknown> }) => [
  answer.status,
  errorCode(answer.json),
];

/** The id of the workspace `name`, as the caller behind `token` lists it. */
export async function workspaceIdOf(url: string, token: string, name: string): Promise<string> {
  const groups = await call(url, '/v1.0/myorg/groups', { token });
  return (groups.json['value'] as { id: string; name: string }[]).find(
    (group) => group.name === name,
  )!.id;
}

/** Rows of one frame query, run as a report would: an embed token from GenerateToken first. */
export async function frameQueryRows(
  url: string,
  token: string,
  datasetId: string,
  query: unknown,
) {
  const generated = await call(url, '/v1.0/myorg/GenerateToken', {
    token,
    body: { datasets: [{ id: datasetId }] },
  });
  expect(generated.status).toBe(200);
  const response = await call(url, `/v1.0/embed/datasets/${datasetId}/query`, {
    token: String(generated.json['token']),
    scheme: 'EmbedToken',
    body: query,
  });
  expect(response.status).toBe(200);
  return response.json['rows'];
}
