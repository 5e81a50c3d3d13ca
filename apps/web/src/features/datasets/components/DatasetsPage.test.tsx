import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DatasetSummary, TablePreview } from '@vitrina/contracts';
import { accountOf } from '../../../../test/api-fixtures.ts';
import { serveApi, type RecordedRequest } from '../../../../test/api-mock.ts';
import { renderApp, signIn } from '../../../../test/render.tsx';
import { DatasetsPage } from './DatasetsPage.tsx';

const accounts = [
  accountOf({
    id: 4,
    description: 'Comercial',
    workspaces: [{ id: 'w1', name: 'Ventas', reports: [] }],
  }),
];
const uploaded: DatasetSummary = {
  id: 'd1',
  name: 'Mis ventas',
  source: 'archivo',
  refreshable: false,
  tables: [
    {
      name: 'Mis ventas',
      columns: [
        { name: 'Tienda', dataType: 'String' },
        { name: 'Importe', dataType: 'Double' },
      ],
      rowCount: 12345,
    },
  ],
  lastRefresh: null,
};
const source: DatasetSummary = {
  id: 'd2',
  name: 'Ventas PG',
  source: 'origen',
  refreshable: true,
  tables: [],
  lastRefresh: {
    id: 1,
    refreshType: 'ViaApi',
    startTime: '2026-01-01T10:00:00Z',
    endTime: null,
    status: 'Failed',
    error: 'La actualización falló: sin conexión',
  },
};

const preview: TablePreview = {
  columns: [
    { name: 'Día', dataType: 'Date' },
    { name: 'Momento', dataType: 'DateTime' },
    { name: 'Tienda', dataType: 'String' },
    { name: 'Importe', dataType: 'Double' },
  ],
  rows: [
    ['2025-03-01', '2025-03-01T10:30:00', 'Lima', 1234.5],
    ['2025-03-02', '2025-03-02T18:05:00', 'Quito', null],
  ],
};

function open(write: (request: RecordedRequest) => { status: number; body?: unknown }) {
  const server = serveApi((request) => {
    if (request.method === 'GET' && request.path === '/api/account/1')
      return { status: 200, body: accounts };
    if (request.method === 'GET' && request.path.endsWith('/preview'))
      return { status: 200, body: preview };
    if (request.method === 'GET' && request.path.endsWith('/refreshes'))
      return { status: 200, body: [source.lastRefresh] };
    if (request.method === 'GET') return { status: 200, body: [uploaded, source] };
    return write(request);
  });
  signIn();
  renderApp(<DatasetsPage />);
  return server;
}

describe('Datos page', () => {
  it('lists the workspace datasets with row counts, columns, source and refresh history', async () => {
    open(() => ({ status: 204 }));
    expect(
      await screen.findByText('Tienda (Texto), Importe (Número decimal)', { exact: false }),
    ).toBeTruthy();
    expect(screen.getByText('(12.345 filas)', { exact: false })).toBeTruthy();
    expect(screen.getByText('Archivo subido')).toBeTruthy();
    expect(screen.getByText('Origen actualizable')).toBeTruthy();
    expect(screen.getByText('(Fallida)', { exact: false })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Historial de Ventas PG' }));
    expect(await screen.findByText('La actualización falló: sin conexión')).toBeTruthy();
    // In the history, the status and type in Spanish (the table cell above says "… (Fallida)").
    expect(screen.getByText('Fallida')).toBeTruthy();
    expect(screen.getByText('Por API')).toBeTruthy();
  });

  it('uploads a file, shows its inferred types and sends the corrected one', async () => {
    const server = open((request) =>
      request.path.endsWith('/upload')
        ? { status: 200, body: { id: 'i1', state: 'Succeeded', datasetId: 'd1', error: null } }
        : {
            status: 400,
            body: {
              code: 'validation_failed',
              message: 'Fila 2, columna Tienda: "Lima" no es un entero válido.',
            },
          },
    );
    await screen.findByText('Archivo subido');
    const file = new File(['Tienda;Importe\nLima;10\n'], 'ventas.csv', { type: 'text/csv' });
    expect(screen.getByText('Ningún archivo seleccionado')).toBeTruthy();
    await userEvent.upload(screen.getByLabelText('Archivo'), file);
    expect(screen.getByText('ventas.csv')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Nombre del conjunto de datos'), 'Mis ventas');
    await userEvent.click(screen.getByRole('button', { name: 'Subir' }));

    const review = await screen.findByRole('region', { name: 'Columnas inferidas' });
    await userEvent.click(within(review).getByLabelText('Tipo de Tienda'));
    // Only types the BI service applies are offered: no "Decimal fijo" (decision 0236).
    expect((await screen.findAllByTitle('Número decimal')).length).toBeGreaterThan(0);
    expect(screen.queryByTitle('Decimal fijo')).toBeNull();
    await userEvent.click(await screen.findByTitle('Número entero'));
    await userEvent.click(within(review).getByRole('button', { name: 'Confirmar tipos' }));

    expect(
      await within(review).findByText('Fila 2, columna Tienda: "Lima" no es un entero válido.'),
    ).toBeTruthy();
    const upload = server.requests.find((r) => r.path.endsWith('/upload'))!;
    expect(upload.body).toBe('Tienda;Importe\nLima;10\n');
    const put = server.requests.find((r) => r.method === 'PUT')!;
    expect(put.path).toBe('/api/datasets/account/4/workspace/w1/dataset/d1/table/Mis%20ventas');
    expect(put.body).toEqual({
      columns: [
        { name: 'Tienda', dataType: 'Int64' },
        { name: 'Importe', dataType: 'Double' },
      ],
    });
  });

  it('shows the first rows as read, dates and decimals parsed, before the types are confirmed', async () => {
    const server = open(() => ({
      status: 200,
      body: { id: 'i1', state: 'Succeeded', datasetId: 'd1', error: null },
    }));
    await screen.findByText('Archivo subido');
    await userEvent.upload(screen.getByLabelText('Archivo'), new File(['x'], 'ventas.csv'));
    await userEvent.click(screen.getByRole('button', { name: 'Subir' }));

    const table = await screen.findByRole('region', { name: 'Vista previa de Mis ventas' });
    await within(table).findByText('01/03/2025');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((header) => header.textContent);
    expect(headers).toEqual([
      'Día (Fecha)',
      'Momento (Fecha y hora)',
      'Tienda (Texto)',
      'Importe (Número decimal)',
    ]);
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(cells).toEqual([
      ['01/03/2025', '01/03/2025 10:30', 'Lima', '1234,5'],
      ['02/03/2025', '02/03/2025 18:05', 'Quito', ''],
    ]);
    expect(screen.getByRole('button', { name: 'Confirmar tipos' })).toBeTruthy();
    expect(server.requests.some((r) => r.method === 'PUT')).toBe(false);
    expect(server.requests.map((r) => r.path)).toContain(
      '/api/datasets/account/4/workspace/w1/dataset/d1/table/Mis%20ventas/preview',
    );
  });

  it('opens the file chooser from a Spanish button reachable by keyboard', async () => {
    open(() => ({ status: 204 }));
    await screen.findByText('Archivo subido');
    const input = screen.getByLabelText('Archivo');
    const opened: Event[] = [];
    input.addEventListener('click', (event) => opened.push(event));
    const choose = screen.getByRole('button', {
      name: 'Elegir archivo',
      description: 'Ningún archivo seleccionado',
    });
    expect(input.tabIndex).toBe(-1);
    choose.focus();
    await userEvent.keyboard('{Enter}');
    expect(opened).toHaveLength(1);
  });

  it('deletes a dataset only after confirmation', async () => {
    const server = open(() => ({ status: 204 }));
    await userEvent.click(await screen.findByRole('button', { name: 'Eliminar Mis ventas' }));
    expect(server.requests.some((r) => r.method === 'DELETE')).toBe(false);
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() =>
      expect(server.requests.find((r) => r.method === 'DELETE')?.path).toBe(
        '/api/datasets/account/4/workspace/w1/dataset/d1',
      ),
    );
  });
});
