import { columns } from '@vitrina/test-support/columns';
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { DuckDBInstance } from '@duckdb/node-api';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { useComercialWorkspace } from './comercial-workspace.ts';

const { service, token, groupId, rest, frameQueryRows } = useComercialWorkspace();

const spanishCsv = [
  'Fecha;Tienda;Importe;Activo',
  '01/03/2025;Lima;1.234,50;sí',
  '02/03/2025;Quito;7,25;no',
  '2025-03-03;Lima;10;sí',
].join('\n');

async function upload(fileName: string, content: string | Uint8Array, query = '') {
  const form = new FormData();
  form.append('file', new Blob([content]), fileName);
  const response = await fetch(`${service().url}/v1.0/myorg/groups/${groupId()}/imports${query}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token()}` },
    body: form,
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** Imports a file and returns the dataset the import created (polled as in Power BI). */
async function importedDataset(fileName: string, content: string | Uint8Array, name: string) {
  const started = await upload(
    fileName,
    content,
    `?datasetDisplayName=${encodeURIComponent(name)}`,
  );
  expect(started.status).toBe(202);
  const polled = await rest(`/imports/${String(started.json['id'])}`);
  expect(polled.json).toMatchObject({ importState: 'Succeeded', name });
  return (polled.json['datasets'] as { id: string }[])[0]!.id;
}

async function frameQuery(datasetId: string, table: string, groupBy: string, measure: string) {
  return frameQueryRows(datasetId, {
    groupBy: [{ table, column: groupBy }],
    measures: [{ table, column: measure, aggregation: 'Sum' }],
    orderBy: [{ field: { table, column: groupBy }, direction: 1 }],
  });
}

/** The columns of an imported dataset's one table, as the REST API reads them back. */
async function columnsOf(datasetId: string) {
  const tables = await rest(`/datasets/${datasetId}/tables`);
  return (tables.json['value'] as { columns: unknown[] }[])[0]!.columns;
}

describe('file imports', () => {
  it('infers types from a Spanish CSV (semicolons, decimal commas, dd/mm/yyyy, sí/no)', async () => {
    const id = await importedDataset('ventas.csv', spanishCsv, 'Ventas CSV');
    const tables = await rest(`/datasets/${id}/tables`);
    expect(tables.json['value']).toEqual([
      {
        name: 'Ventas CSV',
        columns: columns({
          Fecha: 'Date',
          Tienda: 'String',
          Importe: 'Double',
          Activo: 'Boolean',
        }),
        measures: [],
        rowCount: 3,
      },
    ]);
    expect(await frameQuery(id, 'Ventas CSV', 'Tienda', 'Importe')).toEqual([
      ['Lima', 1244.5],
      ['Quito', 7.25],
    ]);
  });

  it('reads a file without a header as Columna1, Columna2, …', async () => {
    const id = await importedDataset('numeros.csv', '1,2\n3,4\n', 'Números');
    expect(await frameQuery(id, 'Números', 'Columna1', 'Columna2')).toEqual([
      [1, 2],
      [3, 4],
    ]);
  });

  it('replaces the data of a re-import under the same name and keeps the dataset id', async () => {
    const first = await importedDataset('v.csv', 'Tienda,Importe\nLima,1\n', 'Reimportado');
    const second = await importedDataset('v.csv', 'Tienda,Importe\nCusco,5\n', 'Reimportado');
    expect(second).toBe(first);
    expect(await frameQuery(first, 'Reimportado', 'Tienda', 'Importe')).toEqual([['Cusco', 5]]);
  });

  it(
    'reads a column as text when a value past the rows types are inferred from does not fit',
    { timeout: 60_000 },
    async () => {
      const lines = [
        'Codigo,Cantidad',
        ...Array.from({ length: 60_000 }, (_, i) => `${i},1`),
        'S/N,1',
      ];
      const id = await importedDataset('codigos.csv', lines.join('\n'), 'Códigos');
      expect(await columnsOf(id)).toEqual(columns({ Codigo: 'String', Cantidad: 'Int64' }));
    },
  );

  it('types each column of a file mixing decimal marks, thousands dots and date formats', async () => {
    const csv = [
      'Fecha;Dia;Importe;Precio;Miles;Activo;Tienda',
      '01/03/2025;2025-03-01;7,25;1.5;1.234,50;sí;  Lima ',
      '02/03/2025;2025-03-02;-0,75;2;12,5;no;Quito',
    ].join('\n');
    const id = await importedDataset('mezcla.csv', csv, 'Mezcla');
    expect(await columnsOf(id)).toEqual(
      columns({
        Fecha: 'Date',
        Dia: 'Date',
        Importe: 'Double',
        Precio: 'Double',
        Miles: 'Double',
        Activo: 'Boolean',
        Tienda: 'String',
      }),
    );
    const column = (name: string) => ({ table: 'Mezcla', column: name });
    const rows = await frameQueryRows(id, {
      groupBy: ['Tienda', 'Fecha', 'Dia', 'Activo'].map(column),
      measures: ['Importe', 'Precio', 'Miles'].map((name) => ({
        ...column(name),
        aggregation: 'Sum',
      })),
      orderBy: [{ field: column('Tienda'), direction: 1 }],
    });
    expect(rows).toEqual([
      ['Lima', '2025-03-01', '2025-03-01', true, 7.25, 1.5, 1234.5],
      ['Quito', '2025-03-02', '2025-03-02', false, -0.75, 2, 12.5],
    ]);
  });

  it(
    'reads the whole file as text again when a value past the first rows needs it',
    { timeout: 60_000 },
    async () => {
      const lines = [
        'Tienda;Importe;Fecha;Activo',
        ...Array.from({ length: 60_000 }, () => 'Lima;1,5;01/03/2025;sí'),
        'Quito;1.234,5;2025-03-02;quizá',
      ];
      const id = await importedDataset('tarde.csv', lines.join('\n'), 'Tarde');
      expect(await columnsOf(id)).toEqual(
        columns({ Tienda: 'String', Importe: 'Double', Fecha: 'Date', Activo: 'String' }),
      );
      const column = (name: string) => ({ table: 'Tarde', column: name });
      expect(
        await frameQueryRows(id, {
          groupBy: ['Tienda', 'Fecha', 'Activo'].map(column),
          measures: [{ ...column('Importe'), aggregation: 'Sum' }],
          orderBy: [{ field: column('Tienda'), direction: 1 }],
        }),
      ).toEqual([
        ['Lima', '2025-03-01', 'sí', 90_000],
        ['Quito', '2025-03-02', 'quizá', 1234.5],
      ]);
      const malformed = await upload(
        'roto.csv',
        [...lines.slice(0, -1), 'Quito;1;02/03/2025;no;de más'].join('\n'),
        '?datasetDisplayName=Roto',
      );
      expect(malformed).toEqual({
        status: 400,
        json: {
          error: { code: 'InvalidRequest', message: 'Line 60002: expected 4 columns, found 5' },
        },
      });
    },
  );

  it('refuses a malformed CSV naming the line, and a corrected type a value does not fit', async () => {
    const malformed = await upload('malo.csv', 'a,b\n1,2\n3,4,5\n', '?datasetDisplayName=Malo');
    expect(malformed).toEqual({
      status: 400,
      json: { error: { code: 'InvalidRequest', message: 'Line 3: expected 2 columns, found 3' } },
    });
    const id = await importedDataset('ventas.csv', spanishCsv, 'Ventas tipos');
    const retyped = {
      name: 'Ventas tipos',
      columns: columns({ Fecha: 'DateTime', Tienda: 'Int64', Importe: 'Double', Activo: 'String' }),
    };
    const refused = await rest(`/datasets/${id}/tables/Ventas%20tipos`, {
      method: 'PUT',
      body: retyped,
    });
    expect(refused.json).toEqual({
      error: {
        code: 'InvalidRequest',
        message: 'Line 2, column Tienda: "Lima" is not a valid integer',
      },
    });
    const corrected = {
      ...retyped,
      columns: retyped.columns.map((c) => (c.name === 'Tienda' ? { ...c, dataType: 'String' } : c)),
    };
    const accepted = await rest(`/datasets/${id}/tables/Ventas%20tipos`, {
      method: 'PUT',
      body: corrected,
    });
    expect(accepted.status).toBe(200);
    expect(await frameQuery(id, 'Ventas tipos', 'Activo', 'Importe')).toEqual([
      ['no', 7.25],
      ['sí', 1244.5],
    ]);
  });

  it('imports the first sheet of an XLSX workbook, with its dates and numbers', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Ventas');
    sheet.addRow(['Fecha', 'Tienda', 'Importe']);
    sheet.addRow([new Date(Date.UTC(2025, 2, 1)), 'Lima', 1234.5]);
    sheet.addRow([new Date(Date.UTC(2025, 2, 2)), 'Quito', 7.25]);
    sheet.addRow([
      new Date(Date.UTC(2025, 2, 3)),
      { richText: [{ text: 'Li' }, { text: 'ma' }] },
      { formula: '5*2', result: 10 },
    ]);
    const content = new Uint8Array(await workbook.xlsx.writeBuffer());
    const id = await importedDataset('ventas.xlsx', content, 'Ventas XLSX');
    expect(await columnsOf(id)).toEqual(
      columns({ Fecha: 'Date', Tienda: 'String', Importe: 'Double' }),
    );
    expect(await frameQuery(id, 'Ventas XLSX', 'Tienda', 'Importe')).toEqual([
      ['Lima', 1244.5],
      ['Quito', 7.25],
    ]);
  });

  it('imports a Parquet file with the types it declares', async () => {
    const path = join(service().dataRoot, 'numeros.parquet');
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run(
      `COPY (SELECT range AS n, range * 1.5 AS x, DATE '2025-01-01' + range::INT AS d FROM range(3)) TO '${path}' (FORMAT parquet)`,
    );
    connection.closeSync();
    instance.closeSync();
    const id = await importedDataset('numeros.parquet', readFileSync(path), 'Parquet');
    expect(await columnsOf(id)).toEqual(columns({ n: 'Int64', x: 'Double', d: 'Date' }));
    expect(await frameQuery(id, 'Parquet', 'n', 'x')).toEqual([
      [0, 0],
      [1, 1.5],
      [2, 3],
    ]);
  });

  // The CLI is a separate Node process (a couple of seconds to start here).
  it(
    'imports through the CLI, which uploads to the running service and shows progress',
    { timeout: 60_000 },
    async () => {
      const file = join(service().dataRoot, 'tiendas.csv');
      writeFileSync(file, 'Tienda;Importe\nLima;2,5\nQuito;4\n');
      const cli = resolve(import.meta.dirname, '../src/cli/bi.ts');
      const { stdout, stderr } = await promisify(execFile)(
        process.execPath,
        [cli, 'dataset', 'import', 'Comercial', file, '--name', 'Tiendas CLI'],
        {
          env: {
            ...process.env,
            DATA_DIR: service().dataRoot,
            BI_PORT: String(service().running.port),
          },
        },
      );
      expect(stderr).toContain('Subiendo tiendas.csv: 100 %');
      expect(stdout).toContain('Importe: Double');
      const id = /id ([0-9a-f-]{36})/.exec(stdout)![1]!;
      expect(await frameQuery(id, 'Tiendas CLI', 'Tienda', 'Importe')).toEqual([
        ['Lima', 2.5],
        ['Quito', 4],
      ]);
    },
  );
});
