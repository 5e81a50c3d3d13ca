import { beforeAll, describe, expect, it } from 'vitest';
import { callApi } from '../helper.ts';
import { usePortalOnBundledBi } from './portal-on-bundled-bi.ts';

/**
 * The Datos page's API against the real bundled BI service (separate process): an administrator
 * uploads a CSV into a demo workspace, sees its inferred columns, corrects a type (and gets the
 * BI service's refusal in Spanish, by row and column), reads the refresh history and deletes it.
 */
const fx = usePortalOnBundledBi();
let base: string;

beforeAll(async () => {
  const accounts = (
    await callApi(fx.portal.app, {
      method: 'GET',
      url: `/api/account/${fx.admin.id}`,
      token: fx.admin.token,
    })
  ).json();
  const comercial = accounts.find((a: { description: string }) =>
    a.description.endsWith('Comercial'),
  );
  base = `/api/datasets/account/${comercial.id}/workspace/${comercial.workspaces[0].id}`;
});

const csv = 'Fecha;Tienda;Importe\n01/03/2025;Lima;1.234,50\n02/03/2025;Quito;7,25\n';
const upload = (name: string, content: string, token = fx.admin.token) =>
  callApi(fx.portal.app, {
    method: 'POST',
    url: `${base}/upload?name=${encodeURIComponent(name)}&fileName=ventas.csv`,
    payload: content,
    headers: { 'content-type': 'application/octet-stream' },
    token,
  });
const adminCall = (method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, body?: unknown) =>
  callApi(fx.portal.app, { method, url, token: fx.admin.token, ...(body ? { body } : {}) });

describe('the Datos page API with the bundled BI service', () => {
  it('uploads a CSV and lists it with its inferred columns and row count', async () => {
    const imported = await upload('Ventas subidas', csv);
    expect(imported.statusCode).toBe(200);
    expect(imported.json()).toMatchObject({ state: 'Succeeded', error: null });
    const status = await adminCall('GET', `${base}/import/${imported.json().id}`);
    expect(status.json().datasetId).toBe(imported.json().datasetId);

    const list = await adminCall('GET', base);
    expect(list.statusCode).toBe(200);
    const uploaded = list.json().find((d: { name: string }) => d.name === 'Ventas subidas');
    expect(uploaded).toMatchObject({ source: 'archivo', refreshable: false });
    // "Última actualización": the upload's import, when it ended and how.
    expect(uploaded.lastRefresh).toMatchObject({ status: 'Completed', error: null });
    expect(Date.parse(uploaded.lastRefresh.endTime)).toBeGreaterThan(Date.now() - 60_000);
    expect(uploaded.tables[0].columns).toEqual([
      { name: 'Fecha', dataType: 'Date' },
      { name: 'Tienda', dataType: 'String' },
      { name: 'Importe', dataType: 'Double' },
    ]);
    expect(uploaded.tables[0].rowCount).toBe(2);
    // The demo's own declared model is listed as such, not refreshable from the portal.
    const model = list.json().find((d: { name: string }) => d.name === 'Ventas Retail Andino');
    expect(model).toMatchObject({ source: null, refreshable: false, tables: [] });
  });

  it('refuses a type that does not fit, in Spanish naming row and column, and accepts one that does', async () => {
    const { datasetId } = (await upload('Ventas tipadas', csv)).json();
    const table = `${base}/dataset/${datasetId}/table/Ventas%20tipadas`;
    // The uploaded table's three columns, the date and the store given the types to try.
    const typed = (fecha: string, tienda: string) => [
      { name: 'Fecha', dataType: fecha },
      { name: 'Tienda', dataType: tienda },
      { name: 'Importe', dataType: 'Double' },
    ];
    const wrong = await adminCall('PUT', table, { columns: typed('Date', 'Int64') });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toContain(
      'Fila 2, columna Tienda: "Lima" no es un entero válido.',
    );
    const right = await adminCall('PUT', table, { columns: typed('String', 'String') });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toEqual({
      name: 'Ventas tipadas',
      columns: typed('String', 'String'),
      rowCount: 2,
    });
  });

  it('previews the first rows as parsed, with a date-only and a date-and-time type each applied', async () => {
    const rows = Array.from({ length: 12 }, (_, i) => {
      const day = `${String(i + 1).padStart(2, '0')}/03/2025`;
      return `${day};${day} 1${i % 10}:30;${i},5`;
    });
    const { datasetId } = (
      await upload('Ventas con hora', `Dia;Momento;Importe\n${rows.join('\n')}\n`)
    ).json();
    const table = `${base}/dataset/${datasetId}/table/Ventas%20con%20hora`;

    const preview = await adminCall('GET', `${table}/preview`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().columns).toEqual([
      { name: 'Dia', dataType: 'Date' },
      { name: 'Momento', dataType: 'DateTime' },
      { name: 'Importe', dataType: 'Double' },
    ]);
    expect(preview.json().rows).toHaveLength(10);
    expect(preview.json().rows[0]).toEqual(['2025-03-01', '2025-03-01T10:30:00', 0.5]);
    expect(preview.json().rows[1]).toEqual(['2025-03-02', '2025-03-02T11:30:00', 1.5]);

    const retype = (...types: string[]) =>
      adminCall('PUT', table, {
        columns: ['Dia', 'Momento', 'Importe'].map((name, i) => ({ name, dataType: types[i] })),
      });
    // "Fecha" on the column with times: stored as a day, the times dropped.
    const asDate = await retype('Date', 'Date', 'Double');
    expect(asDate.statusCode).toBe(200);
    expect(asDate.json().columns[1]).toEqual({ name: 'Momento', dataType: 'Date' });
    expect((await adminCall('GET', `${table}/preview`)).json().rows[1]).toEqual([
      '2025-03-02',
      '2025-03-02',
      1.5,
    ]);
    // Back to "Fecha y hora": the kept file is read again, so the times return.
    const asDateTime = await retype('DateTime', 'DateTime', 'Double');
    expect(asDateTime.json().columns.map((c: { dataType: string }) => c.dataType)).toEqual([
      'DateTime',
      'DateTime',
      'Double',
    ]);
    expect((await adminCall('GET', `${table}/preview`)).json().rows[1]).toEqual([
      '2025-03-02T00:00:00',
      '2025-03-02T11:30:00',
      1.5,
    ]);
    expect(
      (await adminCall('GET', `${base}/dataset/${datasetId}/table/Otra/preview`)).statusCode,
    ).toBe(404);
  });

  it('reports a malformed file by its row', async () => {
    const bad = await upload('Ventas rotas', 'A;B\n1;2\n3;4;5\n');
    const body = bad.json();
    const message = bad.statusCode === 200 ? body.error : body.message;
    expect(message).toContain('Fila 3: se esperaban 2 columnas y hay 3.');
  });

  it("relays the BI service's import limits in Spanish", async () => {
    const empty = await upload('Vacío', '');
    expect([empty.statusCode, empty.json().message]).toEqual([400, 'El archivo está vacío.']);
    const header = Array.from({ length: 1001 }, (_, index) => `C${index}`).join(';');
    const wide = await upload('Ancho', `${header}\n`);
    expect([wide.statusCode, wide.json().message]).toEqual([
      400,
      'El archivo tiene 1001 columnas; se admiten como máximo 1000.',
    ]);
  });

  it('says in Spanish that an upload has no source to refresh; deletes an upload', async () => {
    const list = (await adminCall('GET', base)).json();
    const uploaded = list.find((d: { name: string }) => d.name === 'Ventas subidas');
    const refresh = await adminCall('POST', `${base}/dataset/${uploaded.id}/refresh`, {});
    expect(refresh.statusCode).toBe(400);
    expect(refresh.json().message).toBe(
      'El conjunto de datos no tiene un origen PostgreSQL que actualizar.',
    );

    expect((await adminCall('DELETE', `${base}/dataset/${uploaded.id}`)).statusCode).toBe(204);
    const after = (await adminCall('GET', base)).json();
    expect(after.some((d: { id: string }) => d.id === uploaded.id)).toBe(false);
    expect((await adminCall('DELETE', `${base}/dataset/${uploaded.id}`)).statusCode).toBe(404);
  });

  it('is for administrators only', async () => {
    expect((await upload('De un lector', csv, fx.viewer.token)).statusCode).toBe(403);
  });
});
