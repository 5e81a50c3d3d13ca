import { freePort } from '@vitrina/test-support/processes';
import { startTestProvider, type TestProvider } from '@vitrina/test-support/oidc-provider';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, launchBrowser, warnBrowserSkipped } from '../src/browser.ts';
import { openAdminPage } from '../src/portal/admin.ts';
import { portalApi } from '../src/portal/api.ts';
import { login } from '../src/portal/session.ts';
import { snap } from '../src/portal/screens.ts';
import { waitForRendered } from '../src/portal/viewer.ts';
import { startStack, type Stack } from '../src/stack.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const rlsReport = 'Ventas por país (seguridad por filas)';
const salesCard = '[data-visual-name="VisualContainer4"] [data-testid="card-value"]';
const providerName = 'Cuenta Empresa';

/**
 * Issue 29 in chromium against the real portal, the bundled BI service and a real OpenID
 * provider: two employees of one provider group sign in with the company account, and the RLS
 * claim (`employee_id`) is each one's effective identity in the frame. `OIDC_RLS_ROLES` is unset,
 * so the identity carries every role the dataset declares.
 */
describe.skipIf(!chromiumAvailable)('portal: company sign-in with row-level security', () => {
  let provider: TestProvider;
  let stack: Stack;
  let browser: Browser;

  beforeAll(async () => {
    const portalPort = await freePort();
    const portalUrl = `http://127.0.0.1:${portalPort}`;
    provider = await startTestProvider({
      redirectUri: `${portalUrl}/api/auth/oidc/callback`,
      postLogoutRedirectUri: `${portalUrl}/`,
    });
    for (const country of ['peru', 'chile'])
      provider.setAccount(country, {
        email: `${country}@empresa.com`,
        name: `Gerente ${country}`,
        groups: ['ventas'],
        employee_id: `gerente.${country}@retailandino.demo`,
      });
    [stack, browser] = await Promise.all([
      startStack(
        {
          OIDC_ISSUER: provider.issuer,
          OIDC_CLIENT_ID: provider.clientId,
          OIDC_CLIENT_SECRET: provider.clientSecret,
          OIDC_DISPLAY_NAME: providerName,
          OIDC_ADMIN_VALUES: 'bi-admins',
          OIDC_RLS_CLAIM: 'employee_id',
        },
        { portalPort },
      ),
      launchBrowser(),
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await stack?.stop();
    await provider?.close();
  });

  /** Signs `account` in through the provider's button, in a browser context of its own. */
  async function signIn(account: string) {
    provider.signInAs(account);
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await page.goto(stack.portalUrl);
    await page.getByText('Credenciales').waitFor();
    if (account === 'peru') await snap(page, 'login-cuenta-empresa', 'desktop');
    await page.getByRole('link', { name: `Iniciar sesión con ${providerName}` }).click();
    await page.waitForURL((url) => url.pathname !== '/');
    return page;
  }

  it('gives each employee their own rows through the claim, with the dataset’s roles', async () => {
    // The group exists once someone of it has signed in; the administrator then grants it.
    await (await signIn('peru')).context().close();
    const api = await portalApi(stack.portalUrl, 'admin', stack.adminPassword);
    const accounts = await api<{ id: number }[]>('GET', 'administration/reports/accounts');
    await api(
      'PUT',
      'groups/ventas/permissions',
      accounts.map((account) => ({ accountElementId: String(account.id) })),
    );

    const totals: string[] = [];
    for (const account of ['peru', 'chile']) {
      const page = await signIn(account);
      await page.getByRole('link', { name: rlsReport }).first().click();
      await waitForRendered(page);
      const card = page.frameLocator(`iframe[title="${rlsReport}"]`).locator(salesCard);
      totals.push((await card.textContent()) ?? '');
      if (account === 'peru') await snap(page, 'visor-rls-cuenta-empresa', 'desktop');
      await page.context().close();
    }
    expect(totals.every((total) => /\d/.test(total))).toBe(true);
    expect(totals[0]).not.toBe(totals[1]);
  });

  it('shows the group and what it was granted on Permisos por usuario', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await login(page, stack.portalUrl, 'admin', stack.adminPassword);
    await openAdminPage(page, 'permissionsByUser');
    await page.getByRole('tab', { name: 'Grupos' }).click();
    await page.getByRole('button', { name: 'ventas (2)' }).click();
    await page.getByText('Grupo ventas').waitFor();
    // Every account was granted to the group: their nodes are checked.
    await page.locator('.ant-tree-checkbox-checked').first().waitFor();
    await snap(page, 'permisos-grupo', 'desktop');
    await page.close();
  });
});
