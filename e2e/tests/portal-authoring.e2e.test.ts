import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { PowerBiRest } from '../src/frame/bi-service.ts';
import { addVisual } from '../src/frame/editor.ts';
import { openNewReport } from '../src/portal/admin.ts';
import { addViewer, portalApi } from '../src/portal/api.ts';
import { snapFailure } from '../src/portal/screens.ts';
import { login } from '../src/portal/session.ts';
import { reportUid, waitForRendered } from '../src/portal/viewer.ts';
import { useSharedPortal } from '../src/portal/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');
const NEW_REPORT = 'Ventas por canal (portal)';
const CSV_DATASET = 'Ventas por región (CSV)';
const CSV = 'Región,Importe\nNorte,120\nSur,80\nCentro,45\nNorte,30\n';
const reader = { username: 'lectora', mail: 'lectora@vitrina.demo', password: 'Clave2024' };

/** The POST /api/authoring/saved-report that the portal sends after the frame's `saved`. */
const syncAnswer = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith('/api/authoring/saved-report') && r.request().method() === 'POST',
  );

/**
 * Authoring from the portal (issue 13, decision 0166): an administrator edits a report in the
 * viewer and builds a new one from a workspace's dataset; a viewer granted that workspace opens it.
 */
describe.skipIf(!chromiumAvailable)('portal: authoring by an administrator', () => {
  const { stack, browser, page: admin } = useSharedPortal();
  let current: Page | undefined;
  let workspaceId = '';

  beforeAll(async () => {
    mkdirSync(docsScreenshots, { recursive: true });
  });

  beforeEach(({ task }) => {
    onTestFailed(() => snapFailure(current ?? admin(), task.name));
  });

  it('Editar: the administrator changes a visual type and saves; the portal syncs', async () => {
    current = admin();
    const uid = await reportUid(admin(), 'Ventas generales');
    await admin().goto(`${stack().portalUrl}/viewer/${encodeURIComponent(uid)}`);
    await waitForRendered(admin());
    await admin().getByRole('button', { name: 'Editar' }).click();
    const frame = admin().frameLocator('[data-testid="report-container"] iframe');
    await frame.locator('.authoring[data-mode="edit"]').waitFor();
    const columns = frame.locator('.visual[data-visual-type="clusteredColumnChart"]').first();
    const name = (await columns.getAttribute('data-visual-name'))!;
    await frame.locator(`.edit-box[data-visual-name="${name}"]`).click();
    await frame.locator('.visual-types [data-visual-type="clusteredBarChart"]').click();
    const changed = `.visual[data-visual-name="${name}"][data-visual-type="clusteredBarChart"]`;
    await frame.locator(changed).waitFor();
    await admin().screenshot({ path: resolve(docsScreenshots, 'portal-edit-mode.png') });

    const sync = syncAnswer(admin());
    await frame.getByRole('button', { name: 'Guardar', exact: true }).click();
    expect((await sync).status()).toBe(204);
  });

  it('Nuevo informe on an imported CSV: a visual, save as; the report is on the gateway', async () => {
    current = admin();
    const bi = new PowerBiRest(stack().biUrl);
    await bi.signIn();
    await bi.importCsv(await bi.groupId('Comercial'), CSV_DATASET, CSV);
    const frame = await openNewReport(admin(), stack().portalUrl, CSV_DATASET);
    workspaceId = decodeURIComponent(new URL(admin().url()).pathname.split('/')[4]!);
    await addVisual(frame, 'clusteredColumnChart', ['Región', 'Importe']);
    await admin().screenshot({ path: resolve(docsScreenshots, 'portal-create-report.png') });

    await frame.getByRole('button', { name: 'Guardar como', exact: true }).click();
    const saveAs = frame.getByRole('dialog', { name: 'Guardar como' });
    await saveAs.getByRole('textbox').fill(NEW_REPORT);
    const sync = syncAnswer(admin());
    await saveAs.getByRole('button', { name: 'Aceptar', exact: true }).click();
    expect((await sync).status()).toBe(204);
    await admin().getByText('Informe guardado; ya está en el portal.').waitFor();

    await admin().goto(`${stack().portalUrl}/gateway`);
    await admin().getByRole('link', { name: NEW_REPORT, exact: true }).first().waitFor();
  });

  it('a viewer granted the workspace opens the new report, with no Editar', async () => {
    const api = await portalApi(stack().portalUrl, 'admin', stack().adminPassword);
    const userId = await addViewer(stack(), {
      ...reader,
      firstname: 'Lectora',
      lastname: 'Informes',
    });
    await api('PUT', 'user/permissions', [{ userId, accountElementId: workspaceId }]);

    const context = await browser().newContext({ viewport: { width: 1366, height: 900 } });
    const page = await context.newPage();
    current = page;
    await login(page, stack().portalUrl, reader.username, reader.password);
    const uid = await reportUid(page, NEW_REPORT);
    await page.goto(`${stack().portalUrl}/viewer/${encodeURIComponent(uid)}`);
    await waitForRendered(page);
    const frame = page.frameLocator('[data-testid="report-container"] iframe');
    const chart = frame.locator('.visual[data-visual-type="clusteredColumnChart"]');
    await chart.locator('svg').waitFor();
    const labels = await chart.locator('svg text').allTextContents();
    expect(labels).toEqual(expect.arrayContaining(['Norte', 'Sur', 'Centro']));
    expect(await page.getByRole('button', { name: 'Editar' }).count()).toBe(0);
    await context.close();
  });
});
