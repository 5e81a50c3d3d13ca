/**
 * The Datos page (issue 12): an administrator uploads a CSV into a demo workspace through the
 * real portal and BI service, sees its inferred columns, and corrects a type.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { openAdminPage } from '../src/portal/admin.ts';
import { login } from '../src/portal/session.ts';
import { usePortal } from '../src/portal/suite.ts';

if (!chromiumAvailable) warnBrowserSkipped();

const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');

describe.skipIf(!chromiumAvailable)('portal: Datos page', () => {
  const { stack, page } = usePortal({ signedIn: false });
  let fileDir: string;

  beforeAll(async () => {
    fileDir = mkdtempSync(join(tmpdir(), 'vitrina-datos-'));
  });

  afterAll(async () => {
    if (fileDir) rmSync(fileDir, { recursive: true, force: true });
  });

  it('uploads a CSV and shows its inferred columns, then corrects a type', async () => {
    const csv = join(fileDir, 'ventas.csv');
    writeFileSync(csv, 'Fecha;Tienda;Importe\n01/03/2025;Lima;1.234,50\n02/03/2025;Quito;7,25\n');
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
    await listed.getByText('Fecha (Texto), Tienda (Texto), Importe (Número decimal)').waitFor();
    await page().screenshot({ path: resolve(docsScreenshots, 'datos.png'), fullPage: true });
  });
});
