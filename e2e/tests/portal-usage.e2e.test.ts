import type { UserUsage } from '@vitrina/contracts';
import { beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { addViewer, portalApi } from '../src/portal/api.ts';
import { snapFailure } from '../src/portal/screens.ts';
import { login } from '../src/portal/session.ts';
import { useSharedPortal } from '../src/portal/suite.ts';
import { reportUid, viewerError, waitForRendered } from '../src/portal/viewer.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const reader = {
  username: 'usolector',
  firstname: 'Lucía',
  lastname: 'Medina',
  mail: 'lucia.medina@vitrina.demo',
  password: 'Lectura123',
};
const granted = 'Ventas generales';
const forbidden = 'Análisis de productos';

/**
 * "Uso" (issue 30) on the real viewer, SDK and BI service: a viewer opens a report three times
 * and a forbidden one once; the usage API and the "Uso" screen show the three opens with their
 * phase timings and the failed one with its code. The viewer is new, so other files' opens of
 * the same reports do not change what is counted for them.
 */
describe.skipIf(!chromiumAvailable)('portal: usage', () => {
  const { stack, browser, page: admin } = useSharedPortal();

  beforeEach(({ task }) => {
    onTestFailed(() => snapFailure(admin(), task.name));
  });

  it('counts three opens with their phases and an error open with its code', async () => {
    const api = await portalApi(stack().portalUrl, 'admin', stack().adminPassword);
    await admin().goto(`${stack().portalUrl}/gateway`);
    const grantedUid = await reportUid(admin(), granted);
    const forbiddenUid = await reportUid(admin(), forbidden);
    const users = await api<{ id: number; username: string }[]>('GET', 'user');
    const adminId = users.find((user) => user.username === 'admin')?.id;
    const accounts = await api<{ workspaces: { reports: { id: string; uId: string }[] }[] }[]>(
      'GET',
      `account/${adminId}`,
    );
    const elementId = accounts
      .flatMap((account) => account.workspaces.flatMap((workspace) => workspace.reports))
      .find((report) => report.uId === grantedUid)?.id;
    const userId = await addViewer(stack(), reader);
    await api('PUT', 'user/permissions', [{ userId, accountElementId: elementId }]);
    const usage = () => api<UserUsage>('GET', `usage/users/${userId}`);

    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    await login(page, stack().portalUrl, reader.username, reader.password);
    for (let open = 1; open <= 3; open += 1) {
      await page.goto(`${stack().portalUrl}/viewer/${grantedUid}`);
      await waitForRendered(page);
      // The beacon goes once the report rendered; the next navigation must not race it.
      await expect.poll(async () => (await usage()).opens, { timeout: 20_000 }).toBe(open);
    }
    await page.goto(`${stack().portalUrl}/viewer/${forbiddenUid}`);
    expect(await viewerError(page)).toBe('Acceso denegado al informe.');
    await expect.poll(async () => (await usage()).opens, { timeout: 20_000 }).toBe(4);
    await context.close();

    const figures = await usage();
    expect(figures.viewers).toBe(1);
    expect(figures.errors).toEqual([{ code: 'forbidden', count: 1 }]);
    const rendered = figures.recent.filter((open) => open.reportUid === grantedUid);
    expect(rendered).toHaveLength(3);
    for (const open of rendered) {
      expect(open.totalMs).toBeGreaterThan(0);
      expect(open.errorCode).toBeNull();
      expect(open.page).toBeTruthy();
      expect(open.device).toBe('desktop');
    }
    expect(figures.p50Ms).toBeGreaterThan(0);
    for (const phase of [
      figures.phases.tokenMs,
      figures.phases.loadedMs,
      figures.phases.renderedMs,
    ])
      expect(phase.p50Ms).not.toBeNull();
    const report = await api<{ opens: number; p99Ms: number | null }>(
      'GET',
      `usage/reports/${grantedUid}`,
    );
    expect(report.opens).toBeGreaterThanOrEqual(3);
    expect(report.p99Ms).toBeGreaterThan(0);

    // The "Uso" screen, from the settings menu: the viewer's opens, times and the error.
    await admin().getByRole('button', { name: 'Administración' }).click();
    await admin().getByRole('menuitem', { name: 'Uso', exact: true }).click();
    await admin().getByRole('heading', { name: 'Uso' }).waitFor();
    await admin().getByTestId('usage-chart').locator('svg').waitFor();
    await admin().getByRole('tab', { name: 'Por usuario' }).click();
    await admin().getByRole('combobox', { name: 'Usuario', exact: true }).click();
    await admin().getByRole('combobox', { name: 'Usuario', exact: true }).fill(reader.username);
    await admin().keyboard.press('Enter');
    // Only the user tab's panel: the report tab's stays in the page, hidden.
    const panel = admin().getByRole('tabpanel', { name: 'Por usuario' });
    const card = (title: string) =>
      panel
        .locator('.ant-card')
        .filter({ has: admin().locator('.ant-card-head-title').getByText(title, { exact: true }) });
    const opens = card('Aperturas');
    await expect.poll(() => opens.locator('tbody tr').filter({ hasText: granted }).count()).toBe(3);
    await expect
      .poll(() => opens.locator('tbody tr').filter({ hasText: forbidden }).count())
      .toBe(1);
    const phases = card('Tiempos de apertura');
    expect(
      await phases.locator('tbody tr').filter({ hasText: 'Token del portal' }).innerText(),
    ).toMatch(/\d,\d\d s/);
    const errors = card('Errores por código');
    expect(await errors.locator('tbody').innerText()).toContain('forbidden');
  });
});
