import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embedPagePaths } from '../src/modules/embed-pages/embed-pages.routes.ts';
import { startTestService, type TestService } from './harness.ts';

const frameHtml =
  '<!doctype html><html><body><div id="root"></div><script type="module" src="/frame-assets/assets/index-abc123.js"></script></body></html>';
let frameDist: string;
let service: TestService;
let unbuilt: TestService;

beforeAll(async () => {
  frameDist = mkdtempSync(join(tmpdir(), 'vitrina-frame-'));
  mkdirSync(join(frameDist, 'assets'));
  writeFileSync(join(frameDist, 'index.html'), frameHtml);
  writeFileSync(join(frameDist, 'assets', 'index-abc123.js'), 'console.log("frame");');
  writeFileSync(join(frameDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  service = await startTestService({
    BI_FRAME_DIST: frameDist,
    BI_ALLOWED_ORIGINS: 'http://localhost:8080, https://portal.example',
  });
  unbuilt = await startTestService({ BI_FRAME_DIST: join(frameDist, 'missing') });
});
afterAll(async () => {
  await Promise.all([service.close(), unbuilt.close()]);
  rmSync(frameDist, { recursive: true, force: true });
});

describe('embed pages', () => {
  it.each(embedPagePaths)(
    '%s serves the frame HTML, uncached, frameable only by the allowed origins',
    async (path) => {
      const response = await fetch(`${service.url}${path}?reportId=x&groupId=y&uid=abc`);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain('frame-ancestors http://localhost:8080 https://portal.example');
      expect(policy).toContain("script-src 'self'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBeNull();
      expect(await response.text()).toBe(frameHtml);
    },
  );

  it('serves hashed assets immutable and other files with a short cache', async () => {
    const script = await fetch(`${service.url}/frame-assets/assets/index-abc123.js`);
    expect(script.status).toBe(200);
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    const icon = await fetch(`${service.url}/frame-assets/favicon.svg`);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('serves no file outside the frame build and no directory listing', async () => {
    const response = await fetch(`${service.url}/frame-assets/..%2f..%2fetc%2fpasswd`);
    expect(response.status).toBe(404);
    const listing = await fetch(`${service.url}/frame-assets/`);
    expect([403, 404]).toContain(listing.status);
  });

  it('explains in Spanish and English when the frame is not built', async () => {
    const response = await fetch(`${unbuilt.url}/reportEmbed?reportId=x`);
    expect(response.status).toBe(503);
    const page = await response.text();
    expect(page).toContain('El visor de informes no está compilado');
    expect(page).toContain('The report frame is not built');
    expect(page).toContain('npm run build');
  });
});
