import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, callApi, createUser, tokenFor, type TestApp } from './helper.ts';

const branding = {
  BRAND_TITLE: 'Portal Retail Andino',
  BRAND_PRODUCT_NAME: 'Informes RA',
  BRAND_PROVIDER_NAME: 'Retail Andino',
  BRAND_PROVIDER_SITE: 'https://retail-andino.example',
  BRAND_LOGO_URL: 'https://cdn.retail-andino.example/logo.png',
  BRAND_PRIMARY_COLOR: '#aa3300',
  BI_URL: 'http://127.0.0.1:18101',
  BI_PUBLIC_URL: 'https://bi.retail-andino.example/base',
  ABOUT_INSTANCE: 'Producción',
  ABOUT_SITE: 'https://portal.retail-andino.example',
};

describe('public configuration, about, security headers and documentation', () => {
  let context: TestApp;
  beforeAll(async () => {
    context = await buildTestApp('sqlite', { env: branding });
  });
  afterAll(async () => context.close());

  it('serves branding and the BI embed origin without a session', async () => {
    const response = await callApi(context.app, { method: 'GET', url: '/api/public-config' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      title: 'Portal Retail Andino',
      productName: 'Informes RA',
      providerName: 'Retail Andino',
      providerSite: 'https://retail-andino.example',
      logoUrl: 'https://cdn.retail-andino.example/logo.png',
      primaryColor: '#aa3300',
      embedOrigin: 'https://bi.retail-andino.example',
      // No provider configured: the login page shows no "Iniciar sesión con …".
      sso: null,
    });
  });

  it('answers about with instance and site from the configuration', async () => {
    const user = await createUser(context.db);
    const response = await callApi(context.app, {
      method: 'GET',
      url: '/api/infraestructure/about',
      token: await tokenFor(context.app, user.id),
    });
    expect(response.json()).toEqual({
      instance: 'Producción',
      site: 'https://portal.retail-andino.example',
    });
  });

  it('sends a CSP that frames only the BI service and lets only the portal frame itself', async () => {
    const response = await callApi(context.app, { method: 'GET', url: '/api/health' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("frame-src 'self' https://bi.retail-andino.example");
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data: blob: https://cdn.retail-andino.example");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    // The portal runs on plain http here: no HSTS.
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends the same security headers on refused and unknown requests', async () => {
    const health = await callApi(context.app, { method: 'GET', url: '/api/health' });
    const security = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'referrer-policy',
      'x-content-type-options',
      'x-frame-options',
    ];
    for (const url of ['/api/account/1', '/api/no-such-route']) {
      const response = await callApi(context.app, { method: 'GET', url });
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
      for (const name of security) expect(response.headers[name], name).toBe(health.headers[name]);
    }
    expect(health.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('documents every API route, with request and response schemas, at /api/docs', async () => {
    const ui = await context.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const document = (await context.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    for (const route of context.app.apiRoutes) {
      const [method = '', path = ''] = route.split(' ');
      const openApiPath = path.replace(/:(\w+)/g, '{$1}');
      const operation = document.paths[openApiPath]?.[method.toLowerCase()];
      expect(operation, route).toBeDefined();
      expect(Object.keys(operation.responses ?? {}).length, `${route} responses`).toBeGreaterThan(
        0,
      );
      if (method !== 'GET') {
        const described = operation.requestBody ?? operation.parameters?.length;
        expect(described, `${route} request schema`).toBeTruthy();
      }
    }
    // Guarded routes carry their module's tag, the bearer security and the errors any guarded
    // route may answer, beside their own (route-options.ts).
    const favorite = document.paths['/api/favorite'].post;
    expect(favorite).toMatchObject({ tags: ['favoritos'], security: [{ bearer: [] }] });
    expect(Object.keys(favorite.responses).sort()).toEqual(['200', '400', '401', '403', '404']);
    const createUser = document.paths['/api/user'].post;
    expect(Object.keys(createUser.responses).sort()).toEqual(
      ['201', '400', '401', '403', '404', '409', '502'].sort(),
    );
    expect(document.paths['/api/user/{id}/permissions'].get.tags).toEqual(['permisos']);
  });

  it('explains in Spanish that the web app is not built when dist is missing', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/gateway' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain('npm run build');
  });
});

describe('serving the built SPA', () => {
  let context: TestApp;
  beforeAll(async () => {
    const webDist = join(process.env['TMPDIR'] ?? '/tmp', `vitrina-web-dist-${process.pid}`);
    mkdirSync(join(webDist, 'assets'), { recursive: true });
    writeFileSync(
      join(webDist, 'index.html'),
      '<!doctype html><title>Vitrina</title><div id="root"></div>',
    );
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'console.log("vitrina")');
    context = await buildTestApp('sqlite', { env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => context.close());

  it('answers client routes with index.html, uncached', async () => {
    for (const url of [
      '/',
      '/gateway',
      '/viewer/abc123?x=1',
      '/administration/permission/report',
    ]) {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves fingerprinted assets as immutable and keeps /api 404s in JSON', async () => {
    const asset = await context.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const api = await context.app.inject({ method: 'GET', url: '/api/nada' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe('not_found');
  });
});
