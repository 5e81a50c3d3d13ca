import { join } from 'node:path';
import { launchBrowser, describeInBrowser } from '@vitrina/e2e/browser';
import { freePort } from '@vitrina/test-support/processes';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../helper.ts';
import { startTestProvider, type TestProvider } from '@vitrina/test-support/oidc-provider';

describeInBrowser('sign-in with the company provider in chromium', () => {
  let provider: TestProvider;
  let portal: TestApp;
  let browser: Browser;
  let portalUrl: string;

  beforeAll(async () => {
    // The portal's URL (the redirect URI) must be known before the provider starts.
    const port = await freePort();
    portalUrl = `http://127.0.0.1:${port}`;
    provider = await startTestProvider({
      redirectUri: `${portalUrl}/api/auth/oidc/callback`,
      postLogoutRedirectUri: `${portalUrl}/`,
    });
    provider.setAccount('ana', {
      email: 'ana@empresa.com',
      given_name: 'Ana',
      family_name: 'Admin',
      preferred_username: 'ana@empresa.com',
      groups: ['bi-admins'],
    });
    provider.signInAs('ana');
    portal = await buildTestApp('sqlite', {
      env: {
        PORTAL_URL: portalUrl,
        WEB_DIST_DIR: join(import.meta.dirname, '../../../web/dist'),
        OIDC_ISSUER: provider.issuer,
        OIDC_CLIENT_ID: provider.clientId,
        OIDC_CLIENT_SECRET: provider.clientSecret,
        OIDC_DISPLAY_NAME: 'Cuenta Empresa',
        OIDC_ADMIN_VALUES: 'bi-admins',
      },
    });
    await portal.app.listen({ port, host: '127.0.0.1' });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await portal?.close();
    await provider?.close();
  });

  it(
    'from the login page through the provider to the page asked for, signed in',
    { timeout: 60_000 },
    async () => {
      const page = await browser.newPage();
      await page.goto(`${portalUrl}/?returnUrl=%2Fadministration%2Fuser`);
      await page.getByText('Credenciales').waitFor();
      await page.getByRole('link', { name: 'Iniciar sesión con Cuenta Empresa' }).click();
      await page.waitForURL(`${portalUrl}/administration/user`);
      const stored = await page.evaluate(() => localStorage.getItem('currentUser'));
      expect(JSON.parse(stored ?? '{}')).toMatchObject({ username: 'ana@empresa.com', rol: 0 });
      await page.getByText('ana@empresa.com').first().waitFor();
    },
  );
});
