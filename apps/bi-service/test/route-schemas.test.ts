import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createServices } from '../src/services.ts';
import { appWithRoutes } from './route-catalog.ts';

/** Routes that answer HTML or files, not JSON: no request or response schema describes them. */
const exceptions: Record<string, string> = {
  '/reportEmbed': 'the report frame’s HTML page; its query string is read by the frame',
  '/dashboardEmbed': 'the report frame’s HTML page',
  '/embed': 'the report frame’s HTML page (tiles)',
  '/qnaEmbed': 'the report frame’s HTML page (Q&A)',
  '/rdlEmbed': 'the report frame’s HTML page (paginated reports)',
  '/frame-assets/*': 'static files of the built frame (@fastify/static)',
};

describe('every route of the BI service has request and response schemas', () => {
  it('names params, body and responses on every JSON route', async () => {
    const services = createServices(loadConfig({ DATA_DIR: 'unused' }), { inMemory: true });
    const { app, routes } = await appWithRoutes(services);
    try {
      const missing: string[] = [];
      const checked: string[] = [];
      for (const route of routes) {
        const name = `${String(route.method)} ${route.url}`;
        if (route.url in exceptions) continue;
        checked.push(name);
        const schema = route.schema ?? {};
        if (!schema.response) missing.push(`${name}: response`);
        if (route.url.includes(':') && !schema.params) missing.push(`${name}: params`);
        if (route.method === 'POST' && !schema.body) missing.push(`${name}: body`);
      }
      expect(missing).toEqual([]);
      expect(checked.length).toBeGreaterThanOrEqual(20);
    } finally {
      await app.close();
      await services.close();
    }
  });
});
