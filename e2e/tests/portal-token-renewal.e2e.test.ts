import type { Page, Response } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { basicFilter } from '../src/frame/harness.ts';
import { snapFailure } from '../src/portal/screens.ts';
import { portalApi } from '../src/portal/api.ts';
import { login, temporaryPasswordFor } from '../src/portal/session.ts';
import { reportUid, viewerError, waitForRendered } from '../src/portal/viewer.ts';
import { useSharedPortal } from '../src/portal/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const reportName = 'Ventas generales';
const salesCard = '[data-visual-name="VisualContainer4"] [data-testid="card-value"]';
const peru = basicFilter('Tienda', 'País', ['Perú']);
// The shortest lifetime the BI service accepts; the viewer renews at its 10 s floor.
const tokenLifetimeSeconds = 15;

/** Runs `body` on the report embedded in the viewer, through the page's `window.powerbi`. */
function onEmbeddedReport<T>(page: Page, body: string, arg?: unknown): Promise<T> {
  return page.evaluate(
    async ({ body, arg }) => {
      const container = document.querySelector('[data-testid="report-container"]');
      const { powerbi } = window as unknown as { powerbi: { get(el: Element | null): unknown } };
      const run = new Function('report', 'arg', `return (async () => { ${body} })();`);
      return (await run(powerbi.get(container), arg)) as T;
    },
    { body, arg },
  );
}

/**
 * A report stays open in the portal viewer across three embed-token expiries (issue 14): the
 * portal renews the token in place with setAccessToken, the frame is never reloaded, no error is
 * shown and the filter set through the SDK stays applied. A viewer whose access is revoked while
 * the report is open is told at the next renewal.
 */
describe.skipIf(!chromiumAvailable)('portal: embed token renewal', () => {
  const { stack, browser, page } = useSharedPortal({
    env: { BI_EMBED_TOKEN_LIFETIME_S: String(tokenLifetimeSeconds) },
  });

  it('renews the token in place three times over, keeping the frame and the filter', async () => {
    onTestFailed(() => snapFailure(page(), 'token-renewal'));
    const uid = await reportUid(page(), reportName);
    const tokenCalls: Response[] = [];
    page().on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path === `/api/viewer/report/${encodeURIComponent(uid)}`) tokenCalls.push(response);
    });
    let frameNavigations = 0;
    await page().getByRole('link', { name: reportName, exact: true }).first().click();
    await waitForRendered(page());
    page().on('framenavigated', (frame) => {
      if (frame !== page().mainFrame()) frameNavigations += 1;
    });
    const iframe = page().locator('[data-testid="report-container"] iframe');
    await iframe.evaluate((element) => element.setAttribute('data-e2e-original', 'yes'));
    const sales = page().frameLocator('[data-testid="report-container"] iframe').locator(salesCard);
    const allSales = await sales.textContent();

    await onEmbeddedReport(page(), 'return report.setFilters([arg]);', peru);
    await expect.poll(() => sales.textContent()).not.toBe(allSales);
    const peruSales = await sales.textContent();

    // The first load and four renewals: by the fourth, the first three tokens have expired.
    await expect.poll(() => tokenCalls.length, { timeout: 90_000, interval: 1_000 }).toBe(5);
    const expirations = await Promise.all(
      tokenCalls.map(async (call) => {
        expect(call.status()).toBe(200);
        return Date.parse(((await call.json()) as { expiration: string }).expiration);
      }),
    );
    expect(expirations.every((at, i) => i === 0 || at > expirations[i - 1]!)).toBe(true);
    expect(Date.now()).toBeGreaterThan(expirations[2]!);

    expect(await onEmbeddedReport(page(), 'return report.getFilters();')).toEqual([peru]);
    expect(await sales.textContent()).toBe(peruSales);
    // A fresh query needs the current token: removing the filter brings the totals back.
    await onEmbeddedReport(page(), 'return report.removeFilters();');
    await expect.poll(() => sales.textContent()).toBe(allSales);

    expect(frameNavigations).toBe(0);
    expect(await iframe.getAttribute('data-e2e-original')).toBe('yes');
    expect(await page().getByRole('alert').count()).toBe(0);
    // Four renewal periods of the viewer's 10 s floor, plus the stack's first render.
  }, 180_000);

  it('tells an open viewer that access to the report was revoked', async () => {
    const api = await portalApi(stack().portalUrl, 'admin', stack().adminPassword);
    const mail = 'rita.revocada@vitrina.demo';
    const user = await api<{ id: number }>('POST', 'user', {
      username: 'rrevocada',
      firstname: 'Rita',
      lastname: 'Revocada',
      mail,
      rol: 1,
    });
    const password = 'Revoca123';
    const own = await portalApi(
      stack().portalUrl,
      'rrevocada',
      temporaryPasswordFor(stack().dataDir, mail),
    );
    await own('PUT', 'user/changepassword', { password });
    const accounts = await api<{ id: number }[]>('GET', 'administration/reports/accounts');
    await api(
      'PUT',
      'user/permissions',
      accounts.map((account) => ({ userId: user.id, accountElementId: String(account.id) })),
    );

    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    const viewer = await context.newPage();
    onTestFailed(() => snapFailure(viewer, 'token-renewal-revoked'));
    await login(viewer, stack().portalUrl, 'rrevocada', password);
    await viewer.getByRole('link', { name: reportName, exact: true }).first().click();
    await waitForRendered(viewer);
    const renewal = viewer.waitForResponse(
      (response) => response.url().includes('/api/viewer/report/'),
      { timeout: 60_000 },
    );
    await api('DELETE', `user/permissions/${user.id}`);

    expect((await renewal).status()).toBe(403);
    expect(await viewerError(viewer)).toBe('Acceso denegado al informe.');
    await context.close();
  }, 120_000);
});
