/**
 * The Datos page with a PostgreSQL source (issue 12): a dataset copied from a real PostgreSQL
 * table (connected with the CLI, as docs/bi-datasets.md shows), rows added at the source, the
 * administrator presses "Actualizar ahora", sees the refresh completed in the history and the
 * table's row count change. Skips loudly when PostgreSQL or chromium is missing.
 */
import { execFile } from 'node:child_process';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumAvailable, warnBrowserSkipped } from '../src/browser.ts';
import { dialog, expectToast, openAdminPage, row } from '../src/portal/admin.ts';
import { login } from '../src/portal/session.ts';
import { useSharedPortal } from '../src/portal/suite.ts';

const postgresUrl = process.env['VITRINA_TEST_PG_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
/** A schema of its own in the test database, dropped afterwards. */
const schema = `vitrina_datos_${process.pid}_${Date.now()}`;
/** The source connects as a role that can read only that schema (superusers are refused). */
const reader = `${schema}_lector`;
const readerUrl = (() => {
  const url = new URL(postgresUrl);
  url.username = reader;
  url.password = '';
  return url.toString();
})();
const datasetName = 'Ventas en PostgreSQL';
const cli = resolve(import.meta.dirname, '../../apps/bi-service/src/cli/bi.ts');
const docsScreenshots = resolve(import.meta.dirname, '../../docs/screenshots');

async function onPostgres(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: postgresUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

const postgresAvailable = await onPostgres('SELECT 1').then(
  () => true,
  () => false,
);
if (!postgresAvailable)
  console.warn(
    `\n!!! PostgreSQL is not reachable at ${postgresUrl}: the Datos page PostgreSQL test is SKIPPED !!!\n`,
  );
if (!chromiumAvailable) warnBrowserSkipped();

describe.skipIf(!chromiumAvailable || !postgresAvailable)(
  'portal: Datos page, PostgreSQL source',
  () => {
    const { stack, page } = useSharedPortal({ signedIn: false });

    beforeAll(async () => {
      await onPostgres(`
      CREATE SCHEMA ${schema};
      CREATE TABLE ${schema}.ventas (tienda text, importe numeric(12,2));
      INSERT INTO ${schema}.ventas VALUES ('Lima', 10.5), ('Quito', 4), ('Lima', 7);
      CREATE ROLE ${reader} LOGIN;
      GRANT USAGE ON SCHEMA ${schema} TO ${reader};
      GRANT SELECT ON ${schema}.ventas TO ${reader};`);
    });

    afterAll(async () => {
      if (postgresAvailable)
        await onPostgres(`DROP SCHEMA IF EXISTS ${schema} CASCADE; DROP ROLE IF EXISTS ${reader}`);
    });

    it('refreshes from the page: the history shows it completed and the row count grows', async () => {
      await login(page(), stack().portalUrl, 'admin', stack().adminPassword);
      await openAdminPage(page(), 'data');
      // The page opens on its first workspace ("Cuenta / Área"): connect the source into that one.
      const picker = page().locator('label', { hasText: 'Área de trabajo' });
      await expect.poll(() => picker.innerText()).toContain(' / ');
      const workspace = (await picker.innerText()).split(' / ').at(-1)!.trim();
      await promisify(execFile)(
        process.execPath,
        [
          cli,
          'dataset',
          'connect',
          workspace,
          readerUrl,
          '--name',
          datasetName,
          '--table',
          `${schema}.ventas`,
        ],
        {
          env: { ...process.env, DATA_DIR: stack().dataDir, BI_PORT: new URL(stack().biUrl).port },
        },
      );
      await page().reload();
      const dataset = row(page(), datasetName);
      await dataset.getByText('ventas (3 filas)').waitFor();
      await expect.poll(() => dataset.innerText()).toContain('Origen actualizable');

      await onPostgres(`INSERT INTO ${schema}.ventas VALUES ('Cusco', 12), ('Quito', 1.25)`);
      await dataset.getByRole('button', { name: `Actualizar ahora ${datasetName}` }).click();
      await expectToast(
        page(),
        'Actualizar ahora',
        `Se actualizó el conjunto de datos ${datasetName}`,
      );
      await dataset.getByText('ventas (5 filas)').waitFor();
      await expect.poll(() => dataset.innerText()).toContain('(Completada)');
      await page().locator('.ant-notification-notice').waitFor({ state: 'detached' });
      await page().screenshot({ path: resolve(docsScreenshots, 'datos-origen-postgresql.png') });

      await dataset.getByRole('button', { name: `Historial de ${datasetName}` }).click();
      const history = dialog(page(), `Historial de actualizaciones: ${datasetName}`);
      await history.getByRole('row').nth(2).waitFor();
      const entries = history.getByRole('row').filter({ hasNot: page().getByRole('columnheader') });
      expect(await entries.count()).toBe(2);
      for (const entry of await entries.all()) {
        expect(await entry.innerText()).toContain('Completada');
      }
      await page().screenshot({ path: resolve(docsScreenshots, 'datos-historial.png') });
    });
  },
);
