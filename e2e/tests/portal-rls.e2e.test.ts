import { demoServicePrincipal, publishedDemoCredentials } from '@vitrina/env/demo';
import type { Page } from 'playwright-core';
import { beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { dialog, expectToast, openAdminPage, pressInDialog, row } from '../src/portal/admin.ts';
import { portalApi } from '../src/portal/api.ts';
import { snap, snapFailure } from '../src/portal/screens.ts';
import { login, temporaryPasswordFor } from '../src/portal/session.ts';
import { expandNode, treeNode } from '../src/portal/tree.ts';
import { viewerError, waitForRendered } from '../src/portal/viewer.ts';
import { usePortal } from '../src/portal/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const rlsReport = 'Ventas por país (seguridad por filas)';
const salesCard = '[data-visual-name="VisualContainer4"] [data-testid="card-value"]';
const viewerPassword = 'Clave2024';
const viewers = [
  { username: 'vperu', identity: 'gerente.peru@retailandino.demo' },
  { username: 'vchile', identity: 'gerente.chile@retailandino.demo' },
  { username: 'vsin', identity: null },
] as const;

/**
 * Issue 15 in chromium against the real portal and bundled BI service: an administrator adds a
 * service-principal account through Cuentas and tests its connection; viewers mapped to different
 * effective identities open the same row-level-security report and see different totals; a
 * viewer without identity sees the error and the BI service mints no token for the report.
 */
describe.skipIf(!chromiumAvailable)('portal: service principal and row-level security', () => {
  const { stack, browser, page: admin } = usePortal();
  let current: Page | undefined;
  let accountId = 0;
  const userIds: number[] = [];

  beforeEach(({ task }) => {
    onTestFailed(() => snapFailure(current ?? admin(), task.name));
  });

  it('warns about ROPC on the demo master users', async () => {
    current = admin();
    await openAdminPage(admin(), 'accounts');
    await row(admin(), 'Retail Andino - Comercial')
      .getByRole('button', { name: 'Ver advertencias de la cuenta Retail Andino - Comercial' })
      .click();
    const box = dialog(admin(), 'Advertencias');
    await box.getByText('ROPC no funciona con MFA; use una entidad de servicio.').waitFor();
    await snap(admin(), 'cuentas-advertencia-ropc', 'desktop');
    await pressInDialog(box, 'Aceptar');
    await box.waitFor({ state: 'hidden' });
    await snap(admin(), 'cuentas-tipos-y-advertencias', 'desktop');
  });

  it('adds a service principal through the Cuentas form and tests its connection', async () => {
    current = admin();
    await admin()
      .getByRole('button', { name: /AGREGAR CUENTA/ })
      .click();
    const box = dialog(admin(), 'Agregar cuenta');
    await box.getByLabel('Tipo de autenticación').click();
    await admin().getByTitle('Entidad de servicio').click();
    await box.getByLabel('Descripción').fill('Retail Andino - Entidad de servicio');
    await box.getByLabel('Usuario', { exact: true }).fill('vitrina-embed');
    await box.getByLabel('Tenant ID').fill('vitrina');
    await box.getByLabel('Application ID').fill(demoServicePrincipal.clientId);
    await box
      .getByLabel('Secreto de cliente')
      .fill(publishedDemoCredentials.servicePrincipalSecret);
    await snap(admin(), 'cuenta-entidad-de-servicio', 'desktop');
    await pressInDialog(box, 'Grabar');
    await expectToast(admin(), 'Agregar cuenta', 'Se agrego la cuenta vitrina-embed');
    const created = row(admin(), 'Retail Andino - Entidad de servicio');
    await created.getByRole('img', { name: 'Sin errores' }).waitFor();
    expect(await created.getByRole('button', { name: /Ver advertencias/ }).count()).toBe(0);

    await created.getByRole('button', { name: /Probar conexión/ }).click();
    const test = dialog(admin(), 'Probar conexión: Retail Andino - Entidad de servicio');
    await test.getByText('La cuenta funciona.').waitFor();
    expect(await test.getByText('La cuenta ve 4 área(s) de trabajo.').count()).toBe(1);
    await snap(admin(), 'probar-conexion', 'desktop');
    await pressInDialog(test, 'Aceptar');
  });

  it('maps viewers to identities and explains their access', async () => {
    current = admin();
    const api = await portalApi(stack().portalUrl, 'admin', stack().adminPassword);
    // Only the service principal's copy of the report, so Por reporte finds its viewers.
    const accounts = await api<{ id: number; description: string }[]>(
      'GET',
      'administration/reports/accounts',
    );
    for (const account of accounts) {
      if (account.description.includes('Entidad de servicio')) accountId = account.id;
      else await api('DELETE', `account/${account.id}`);
    }
    for (const viewer of viewers) {
      const mail = `${viewer.username}@vitrina.demo`;
      const user = await api<{ id: number }>('POST', 'user', {
        username: viewer.username,
        firstname: 'Gerente',
        lastname: viewer.username,
        mail,
        rol: 1,
      });
      userIds.push(user.id);
      const own = await portalApi(
        stack().portalUrl,
        viewer.username,
        temporaryPasswordFor(stack().dataDir, mail),
      );
      await own('PUT', 'user/changepassword', { password: viewerPassword });
      await api('PUT', 'user/permissions', [
        { userId: user.id, accountElementId: String(accountId) },
      ]);
      if (viewer.identity) {
        await api('PUT', `account/${accountId}/identities`, {
          userId: user.id,
          username: viewer.identity,
          roles: ['Pais'],
        });
      }
    }
    await admin().reload();
    await row(admin(), 'Retail Andino - Entidad de servicio')
      .getByRole('button', { name: /Seguridad por filas/ })
      .click();
    const identities = dialog(admin(), 'Seguridad por filas: Retail Andino - Entidad de servicio');
    await identities.getByText('gerente.chile@retailandino.demo').waitFor();
    await snap(admin(), 'seguridad-por-filas', 'desktop');
    await admin().keyboard.press('Escape');
    await identities.waitFor({ state: 'hidden' });

    await openAdminPage(admin(), 'permissionsByReport');
    const tree = admin().locator('main');
    await expandNode(tree, 'Retail Andino - Entidad de servicio');
    await expandNode(tree, 'Comercial');
    await treeNode(tree, rlsReport).click();
    await admin().getByRole('button', { name: '¿Por qué puede ver esto?' }).click();
    const why = dialog(admin(), '¿Por qué puede ver esto?');
    await why.getByText('gerente.peru@retailandino.demo [Pais]').waitFor();
    expect(await why.getByText('Sin identidad').count()).toBe(1);
    await snap(admin(), 'por-que-puede-ver-esto', 'desktop');
    await pressInDialog(why, 'Aceptar');
  });

  async function openAs(username: string): Promise<Page> {
    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    current = page;
    await login(page, stack().portalUrl, username, viewerPassword);
    await page.getByRole('link', { name: rlsReport }).click();
    return page;
  }

  it('shows two viewers with different identities different totals', async () => {
    const totals: string[] = [];
    for (const viewer of viewers.slice(0, 2)) {
      const page = await openAs(viewer.username);
      await waitForRendered(page);
      totals.push(
        (await page
          .frameLocator(`iframe[title="${rlsReport}"]`)
          .locator(salesCard)
          .textContent()) ?? '',
      );
      if (viewer.username === 'vperu') await snap(page, 'visor-rls-peru', 'desktop');
      await page.context().close();
    }
    expect(totals.every((total) => /\d/.test(total))).toBe(true);
    expect(totals[0]).not.toBe(totals[1]);
  });

  it('fails closed for a viewer without identity: an error, and no token minted', async () => {
    const before = stack().biLog().length;
    const page = await openAs('vsin');
    expect(await viewerError(page)).toContain('seguridad por filas');
    await snap(page, 'visor-rls-sin-identidad', 'desktop');
    await page.context().close();
    const tokenCalls = generateTokenStatuses(stack().biLog().slice(before));
    expect(tokenCalls.length).toBeGreaterThan(0);
    expect(tokenCalls.every((status) => status === 400)).toBe(true);
  });
});

/** Status codes of the BI service's GenerateToken requests in Fastify's JSON request log. */
function generateTokenStatuses(lines: string[]): number[] {
  const urls = new Map<string, string>();
  const statuses: number[] = [];
  for (const line of lines) {
    let entry: { reqId?: string; req?: { url?: string }; res?: { statusCode?: number } };
    try {
      entry = JSON.parse(line) as typeof entry;
    } catch {
      continue;
    }
    if (!entry.reqId) continue;
    if (entry.req?.url) urls.set(entry.reqId, entry.req.url);
    const status = entry.res?.statusCode;
    if (status !== undefined && urls.get(entry.reqId)?.endsWith('/GenerateToken'))
      statuses.push(status);
  }
  return statuses;
}
