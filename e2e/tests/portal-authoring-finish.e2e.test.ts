import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { addVisual } from '../src/frame/editor.ts';
import { openNewReport } from '../src/portal/admin.ts';
import { snapFailure } from '../src/portal/screens.ts';
import { reportUid, waitForRendered } from '../src/portal/viewer.ts';
import { useSharedPortal } from '../src/portal/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');
const SALES_DATASET = 'Ventas Retail Andino';
const NAME = 'Canales 2026';
const RENAMED = 'Canales 2026 (revisado)';
const TITLE = 'Ventas por canal';

/** The POST /api/authoring/saved-report that the portal sends after the frame's `saved`. */
const syncAnswer = (page: Page) =>
  page.waitForResponse(
    (r) => r.url().endsWith('/api/authoring/saved-report') && r.request().method() === 'POST',
  );

type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * An editor a business user can work in (issue 26, decision 0237 and 0238): a new report's
 * Guardar asks for its name, new visuals do not land on each other, a typed title applies on a
 * click outside, the portal's Editar comes back after Vista de lectura, and an administrator
 * renames and deletes the report from the gateway.
 */
describe.skipIf(!chromiumAvailable)('portal: the editor, finished', () => {
  const { stack, page: admin } = useSharedPortal();

  beforeAll(() => mkdirSync(docsScreenshots, { recursive: true }));
  beforeEach(({ task }) => onTestFailed(() => snapFailure(admin(), task.name)));

  it('new report: four visuals apart, a title applied on a click outside, Guardar asks a name', async () => {
    const frame = await openNewReport(admin(), stack().portalUrl, SALES_DATASET);
    const names = [];
    for (const type of ['clusteredColumnChart', 'pieChart', 'clusteredBarChart', 'donutChart'])
      names.push(await addVisual(frame, type, ['Canal', 'Ventas']));
    const boxes = await Promise.all(
      names.map(
        async (name) =>
          (await frame.locator(`.edit-box[data-visual-name="${name}"]`).boundingBox())!,
      ),
    );
    for (const [i, a] of boxes.entries())
      for (const b of boxes.slice(i + 1)) expect(overlap(a, b), JSON.stringify([a, b])).toBe(false);

    // The title typed, then a click on the empty canvas: applied (it used to be lost).
    await frame.locator(`.edit-box[data-visual-name="${names[0]}"]`).click();
    await frame
      .locator('.visualizations-pane')
      .getByRole('textbox', { name: 'Título', exact: true })
      .fill(TITLE);
    await frame.locator('.page-canvas').click({ position: { x: 5, y: 5 } });
    await frame.locator(`.visual[data-visual-name="${names[0]}"]`).getByText(TITLE).waitFor();

    await frame.getByRole('button', { name: 'Guardar', exact: true }).click();
    const prompt = frame.getByRole('dialog', { name: 'Guardar informe' });
    const field = prompt.getByRole('textbox', { name: 'Nombre del informe' });
    await field.fill('  ');
    await prompt.getByRole('button', { name: 'Aceptar' }).click();
    await prompt.getByText('Escriba un nombre para el informe.').waitFor();
    await field.fill(NAME);
    await admin().screenshot({ path: resolve(docsScreenshots, 'editor-save-name-prompt.png') });
    const sync = syncAnswer(admin());
    await prompt.getByRole('button', { name: 'Aceptar' }).click();
    expect((await sync).status()).toBe(204);
    await admin().getByText('Informe guardado; ya está en el portal.').waitFor();

    // No longer new: Guardar saves in place, without asking again.
    const again = syncAnswer(admin());
    await frame.getByRole('button', { name: 'Guardar', exact: true }).click();
    expect((await again).status()).toBe(204);
    expect(await frame.getByRole('dialog').count()).toBe(0);
    await admin().goto(`${stack().portalUrl}/gateway`);
    await admin().getByRole('link', { name: NAME, exact: true }).first().waitFor();
  });

  it('the viewer’s Editar comes back after the frame’s Vista de lectura', async () => {
    const uid = await reportUid(admin(), NAME);
    await admin().goto(`${stack().portalUrl}/viewer/${encodeURIComponent(uid)}`);
    await waitForRendered(admin());
    await admin().getByRole('button', { name: 'Editar' }).click();
    await admin().getByRole('button', { name: 'Editando' }).waitFor();
    const frame = admin().frameLocator('[data-testid="report-container"] iframe');
    await frame.getByRole('button', { name: 'Vista de lectura' }).click();
    const edit = admin().getByRole('button', { name: 'Editar' });
    await edit.waitFor();
    expect(await edit.isEnabled()).toBe(true);
  });

  it('Cambiar nombre and Eliminar (confirmed) from the gateway', async () => {
    await admin().goto(`${stack().portalUrl}/gateway`);
    const more = async (name: string, item: string) => {
      await admin()
        .getByRole('button', { name: `Más opciones: ${name}` })
        .first()
        .click();
      await admin().getByRole('menuitem', { name: item }).click();
      return admin()
        .getByRole('dialog')
        .filter({ hasText: item === 'Eliminar' ? 'Eliminar informe' : item });
    };
    const rename = await more(NAME, 'Cambiar nombre');
    await rename.getByRole('textbox').fill(RENAMED);
    await rename.getByRole('button', { name: 'Guardar' }).click();
    await admin().getByRole('link', { name: RENAMED, exact: true }).first().waitFor();

    const remove = await more(RENAMED, 'Eliminar');
    await remove.getByText(`¿Eliminar el informe «${RENAMED}»?`, { exact: false }).waitFor();
    await remove.getByRole('button', { name: 'Eliminar' }).click();
    await expect
      .poll(() => admin().getByRole('link', { name: RENAMED, exact: true }).count(), {
        timeout: 20_000,
      })
      .toBe(0);
    await admin().reload();
    await admin().getByRole('link', { name: 'Ventas generales', exact: true }).first().waitFor();
    expect(await admin().getByRole('link', { name: RENAMED, exact: true }).count()).toBe(0);
  });
});
