import type { Response, Route } from 'playwright-core';
import { describe, expect, it, onTestFailed } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { addVisual } from '../src/frame/editor.ts';
import { openNewReport } from '../src/portal/admin.ts';
import { snapFailure } from '../src/portal/screens.ts';
import { useSharedPortal } from '../src/portal/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

// The shortest lifetime the BI service accepts; the portal renews at its 10 s floor.
const tokenLifetimeSeconds = 15;
const NEW_REPORT = 'Canales (renovado)';
const SALES_DATASET = 'Ventas Retail Andino';
const SAVED = 'Informe guardado; ya está en el portal.';

const pathOf = (response: Response) => new URL(response.url()).pathname;

/**
 * Nuevo informe beyond its token's life (issue 13, decision 0166 amended by 0182): the create page
 * renews its Create token in place, then, once the report is saved, renews with the new report's
 * Edit token, so saves keep working after the first tokens expired. "Informe guardado" waits for
 * the account sync, and the new report takes the portal's colours.
 */
describe.skipIf(!chromiumAvailable)('portal: Nuevo informe renews its token', () => {
  const { stack, page: admin } = useSharedPortal({
    env: { BI_EMBED_TOKEN_LIFETIME_S: String(tokenLifetimeSeconds) },
  });

  it('saves after the first tokens expired; says "guardado" only once synced', async () => {
    onTestFailed(() => snapFailure(admin(), 'create-renewal'));
    const createCalls: Response[] = [];
    const editCalls: Response[] = [];
    admin().on('response', (response) => {
      const path = pathOf(response);
      if (path.startsWith('/api/authoring/') && path.endsWith('/create'))
        createCalls.push(response);
      if (/^\/api\/viewer\/report\/[^/]+\/edit$/.test(path)) editCalls.push(response);
    });

    const frame = await openNewReport(admin(), stack().portalUrl, SALES_DATASET);
    // The portal's primary colour comes first in the new report's theme.
    const config = (await (await fetch(`${stack().portalUrl}/api/public-config`)).json()) as {
      primaryColor: string;
    };
    const colors = await frame.locator('.report').getAttribute('data-theme-colors');
    expect(colors?.split(' ')[0]).toBe(config.primaryColor.toUpperCase());

    // The first Create token and two renewals: by then the first one has expired.
    await expect.poll(() => createCalls.length, { timeout: 60_000, interval: 1_000 }).toBe(3);
    const firstExpiry = Date.parse(
      ((await createCalls[0]!.json()) as { expiration: string }).expiration,
    );
    await expect
      .poll(() => Date.now(), { timeout: 30_000, interval: 1_000 })
      .toBeGreaterThan(firstExpiry);
    await addVisual(frame, 'clusteredColumnChart', ['Canal', 'Ventas']);

    // Hold the saved-report call: until it answers, the page must not say the report is on the portal.
    let releaseSync: () => void = () => {};
    const held = new Promise<void>((resolve) => (releaseSync = resolve));
    let syncRequested = false;
    await admin().route('**/api/authoring/saved-report', async (route: Route) => {
      syncRequested = true;
      await held;
      await route.continue();
    });
    await frame.getByRole('button', { name: 'Guardar como', exact: true }).click();
    const saveAs = frame.getByRole('dialog', { name: 'Guardar como' });
    await saveAs.getByRole('textbox').fill(NEW_REPORT);
    await saveAs.getByRole('button', { name: 'Aceptar', exact: true }).click();
    await expect.poll(() => syncRequested, { timeout: 20_000 }).toBe(true);
    expect(await admin().getByText(SAVED).count()).toBe(0);
    const synced = admin().waitForResponse((r) => pathOf(r) === '/api/authoring/saved-report');
    releaseSync();
    expect((await synced).status()).toBe(204);
    await admin().getByText(SAVED).waitFor();
    await admin().unroute('**/api/authoring/saved-report');

    // Renewals now come from the saved report's Edit route; a save with such a token works.
    await expect
      .poll(() => editCalls.length, { timeout: 30_000, interval: 1_000 })
      .toBeGreaterThan(0);
    expect(editCalls.every((call) => call.status() === 200)).toBe(true);
    await frame.locator('.page-canvas').click({ position: { x: 5, y: 5 } });
    await frame.locator('.visual-types [data-visual-type="pieChart"]').click();
    const again = admin().waitForResponse((r) => pathOf(r) === '/api/authoring/saved-report');
    await frame.getByRole('button', { name: 'Guardar', exact: true }).click();
    expect((await again).status()).toBe(204);
    expect(await frame.locator('.editor-failure').count()).toBe(0);

    await admin().getByRole('link', { name: 'Vitrina: inicio' }).click();
    await admin().getByRole('link', { name: NEW_REPORT, exact: true }).first().waitFor();
  }, 180_000);
});
