/**
 * The Datos page (issue 12): an administrator uploads a CSV into a demo workspace through the
 * real portal and BI service, sees its inferred columns and the first rows as read (issue 26), and
 * corrects a type.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { openAdminPage } from '../src/portal/admin.ts';
import { login } from '../src/portal/session.ts';
import { useSharedPortal } from '../src/portal/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');

describe.skipIf(!chromiumAvailable)('portal: Datos page', () => {
  const { stack, page } = useSharedPortal({ signedIn: false });
  let fileDir: string;

  beforeAll(async () => {
    fileDir = mkdtempSync(join(tmpdir(), 'vitrina-datos-'));
  });

  afterAll(async () => {
    if (fileDir) rmSync(fileDir, { recursive: true, force: true });
  });

  it('uploads a CSV and shows its inferred columns, then corrects a type', async () => {
    const csv = join(fileDir, 'ventas.csv');
    writeFileSync(
      csv,
      'Fecha;Momento;Tienda;Importe\n' +
        '01/03/2025;01/03/2025 10:30;Lima;1.234,50\n02/03/2025;02/03/2025 18:05;Quito;7,25\n',
    );
    await login(page(), stack().portalUrl, 'admin', stack().adminPassword);
    await openAdminPage(page(), 'data');

    // The Spanish button opens the browser's file chooser (the native input stays hidden).
    const chooser = page().waitForEvent('filechooser');
    await page().getByRole('button', { name: 'Elegir archivo' }).click();
    await (await chooser).setFiles(csv);
    await page().getByText('ventas.csv', { exact: true }).waitFor();
    await page().getByLabel('Nombre del conjunto de datos').fill('Ventas subidas');
    await page().getByRole('button', { name: 'Subir' }).click();

    const review = page().getByRole('region', { name: 'Columnas inferidas' });
    await review.waitFor();
    for (const column of ['Fecha', 'Tienda', 'Importe'])
      await review.getByRole('cell', { name: column, exact: true }).waitFor();
    await expect
      .poll(() => page().getByRole('progressbar').getAttribute('aria-valuenow'))
      .toBe('100');
    mkdirSync(docsScreenshots, { recursive: true });
    await page().screenshot({ path: resolve(docsScreenshots, 'datos-columnas-inferidas.png') });

    // Before confirming, the first rows as read: dates and decimal commas already parsed.
    const preview = review.getByRole('region', { name: 'Vista previa de Ventas subidas' });
    await preview.getByRole('columnheader', { name: 'Fecha (Fecha)' }).waitFor();
    await preview.getByRole('columnheader', { name: 'Momento (Fecha y hora)' }).waitFor();
    const firstRow = preview.getByRole('row').nth(1);
    await expect
      .poll(() => firstRow.getByRole('cell').allTextContents())
      .toEqual(['01/03/2025', '01/03/2025 10:30', 'Lima', '1234,5']);
    await preview.scrollIntoViewIfNeeded();
    await page().screenshot({ path: resolve(docsScreenshots, 'datos-preview.png') });

    // Tienda as an integer does not fit: the BI service's refusal comes back in Spanish.
    await review.getByLabel('Tipo de Tienda').click();
    await page().getByTitle('Número entero', { exact: true }).last().click();
    await review.getByRole('button', { name: 'Confirmar tipos' }).click();
    await review.getByText('Fila 2, columna Tienda: "Lima" no es un entero válido.').waitFor();

    await review.getByLabel('Tipo de Tienda').click();
    await page().getByTitle('Texto', { exact: true }).last().click();
    await review.getByLabel('Tipo de Fecha').click();
    await page().getByTitle('Texto', { exact: true }).last().click();
    await review.getByRole('button', { name: 'Confirmar tipos' }).click();
    await review.waitFor({ state: 'detached' });
    const listed = page().getByRole('row').filter({ hasText: 'Ventas subidas' });
    await listed
      .getByText('Fecha (Texto), Momento (Fecha y hora), Tienda (Texto), Importe (Número decimal)')
      .waitFor();
    await page().screenshot({ path: resolve(docsScreenshots, 'datos.png'), fullPage: true });
  });
});
