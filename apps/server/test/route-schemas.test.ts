import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/app.ts';
import { docsPrefix } from '../src/plugins/docs.ts';
import { buildTestApp, type TestApp } from './helper.ts';

/** Routes that describe no JSON, each with the reason. */
const exceptions: { test: (route: RegisteredRoute) => boolean; reason: string }[] = [
  {
    test: (route) => route.url.startsWith(docsPrefix),
    reason: 'the API documentation pages and their assets (@fastify/swagger-ui)',
  },
  {
    test: (route) => !route.url.startsWith('/api/'),
    reason: 'the built SPA’s files (@fastify/static); other paths fall back to index.html',
  },
];

const bodyMethods = new Set(['POST', 'PUT', 'PATCH']);

/**
 * What a route's schema lacks: its answer (a 2xx, or the 302 of a route that only redirects, as
 * the company sign-in's do), params for `:ids`, a body for writes.
 */
function missingSchemas({ method, url, schema }: RegisteredRoute): string[] {
  const missing: string[] = [];
  const responses = Object.keys((schema?.response as object | undefined) ?? {});
  if (!responses.some((status) => status.startsWith('2') || status === '302'))
    missing.push('response 2xx');
  if (url.includes(':') && !schema?.params) missing.push('params');
  if (bodyMethods.has(method) && !schema?.body) missing.push('body');
  return missing;
}

describe('route schemas', () => {
  let context: TestApp;
  let webDist: string;
  beforeAll(async () => {
    // A built SPA, so its file routes are registered and the exception above is exercised.
    webDist = mkdtempSync(join(tmpdir(), 'vitrina-web-dist-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Vitrina</title>');
    writeFileSync(join(webDist, 'assets', 'app-abc123.js'), 'export {};');
    // The company sign-in configured, so its routes are registered too (the provider is never
    // contacted while the app is built).
    context = await buildTestApp('sqlite', {
      env: {
        WEB_DIST_DIR: webDist,
        PORTAL_URL: 'http://127.0.0.1:1',
        OIDC_ISSUER: 'http://127.0.0.1:1/proveedor',
        OIDC_CLIENT_ID: 'vitrina',
        OIDC_CLIENT_SECRET: 'secreto-de-prueba',
      },
    });
  });
  afterAll(async () => {
    await context?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('collects every route, the SPA files and documentation included', () => {
    const urls = context.app.registeredRoutes.map((route) => route.url);
    expect(urls).toEqual(
      expect.arrayContaining(['/api/health', '/api/auth/oidc/callback', '/index.html', docsPrefix]),
    );
  });

  it('has request and response schemas on every portal route', () => {
    const gaps = context.app.registeredRoutes
      .filter((route) => !exceptions.some((exception) => exception.test(route)))
      .map((route) => ({ route: `${route.method} ${route.url}`, missing: missingSchemas(route) }))
      .filter((gap) => gap.missing.length);
    expect(gaps).toEqual([]);
  });

  it('would report a route without schemas', () => {
    expect(missingSchemas({ method: 'PUT', url: '/api/x/:id', schema: undefined })).toEqual([
      'response 2xx',
      'params',
      'body',
    ]);
  });
});
