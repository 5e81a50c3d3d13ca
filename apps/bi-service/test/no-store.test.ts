import { publishedDemoCredentials } from '@vitrina/env/demo';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { workspaceIdFor } from '../src/catalog/catalog.service.ts';
import { loadConfig } from '../src/config.ts';
import { seedDemo } from '../src/seed/seed-demo.ts';
import { createServices, type BiServices } from '../src/services.ts';
import { fixtureContent, ids } from './fixture-content.ts';
import { powerBiScope, servicePrincipal } from './harness.ts';

/** Answers that carry a token must never be kept by a browser or a proxy (issue 24). */
let services: BiServices;
let app: FastifyInstance;
let bearer: string;

const group = `/v1.0/myorg/groups/${workspaceIdFor('Comercial')}`;
/** The sales dataset has row-level roles: its tokens need an identity. */
const identities = [
  { username: 'ana@retail.example', roles: ['Region'], datasets: [ids.salesDataset] },
];
const tokenForm = (secret: string) =>
  new URLSearchParams({
    grant_type: 'client_credentials',
    client_id: servicePrincipal.clientId,
    client_secret: secret,
    scope: powerBiScope,
  }).toString();
const requestToken = (secret: string) =>
  app.inject({
    method: 'POST',
    url: '/vitrina/oauth2/v2.0/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: tokenForm(secret),
  });

beforeAll(async () => {
  services = createServices(loadConfig({ NODE_ENV: 'test', DATA_DIR: 'unused' }), {
    inMemory: true,
  });
  await seedDemo(services, fixtureContent, publishedDemoCredentials);
  app = await buildApp(services);
  bearer = `Bearer ${(await requestToken(servicePrincipal.secret)).json().access_token}`;
});
afterAll(async () => {
  await app.close();
  await services.close();
});

describe('Cache-Control: no-store', () => {
  it('on the OAuth token endpoint, granted or refused', async () => {
    const granted = await requestToken(servicePrincipal.secret);
    const refused = await requestToken('otro-secreto');
    expect([granted.statusCode, granted.headers['cache-control']]).toEqual([200, 'no-store']);
    expect([refused.statusCode, refused.headers['cache-control']]).toEqual([401, 'no-store']);
  });

  it.each([
    [`${group}/reports/${ids.salesReport}/GenerateToken`, { accessLevel: 'View', identities }],
    [
      `${group}/dashboards/${ids.salesDashboard}/GenerateToken`,
      { accessLevel: 'View', identities },
    ],
    [
      `${group}/dashboards/${ids.salesDashboard}/tiles/${ids.marginTile}/GenerateToken`,
      { accessLevel: 'View', identities },
    ],
    [
      `${group}/reports/GenerateToken`,
      { accessLevel: 'Create', datasetId: ids.salesDataset, identities },
    ],
    [
      '/v1.0/myorg/GenerateToken',
      { reports: [{ id: ids.salesReport }], datasets: [{ id: ids.salesDataset }], identities },
    ],
  ])('on GenerateToken %s, granted or refused', async (url, body) => {
    const granted = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: bearer },
      payload: body,
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(granted.json().token).toEqual(expect.any(String));
    expect(granted.headers['cache-control']).toBe('no-store');
    const refused = await app.inject({ method: 'POST', url, payload: body });
    expect([refused.statusCode, refused.headers['cache-control']]).toEqual([401, 'no-store']);
  });
});
