/** "Listado de ventas por tienda": the demo's paginated (printable, paged table) report. */
import type { PaginatedDefinition } from '@vitrina/bi-model';
import { Schemas } from '@vitrina/embed-sdk/protocol';
import { deterministicGuid } from '../src/platform/ids.ts';
import { column, measure } from './report-fields.ts';
import { salesDataset } from './sales-model.ts';

const country = column('Tienda', 'País');
const city = column('Tienda', 'Ciudad');
const store = column('Tienda', 'Tienda');
const sales = measure('Ventas', 'Ventas');
const units = measure('Ventas', 'Unidades');
const tickets = measure('Ventas', 'Transacciones');
const margin = measure('Ventas', 'Margen %');

const definition: PaginatedDefinition = {
  title: 'Listado de ventas por tienda · 2025',
  query: {
    groupBy: [country, city, store],
    measures: [sales, units, tickets, margin],
    filters: [
      {
        $schema: Schemas.basic,
        target: column('Calendario', 'Año'),
        filterType: 1,
        operator: 'In',
        values: [2025],
      },
    ],
    orderBy: [
      { field: country, direction: 1 },
      { field: sales, direction: 2 },
    ],
  },
  columns: [
    { field: country, header: 'País', width: 120 },
    { field: city, header: 'Ciudad', width: 160 },
    { field: store, header: 'Tienda', width: 200 },
    { field: sales, header: 'Ventas', format: '"S/" #,0.00', width: 140 },
    { field: units, header: 'Unidades', format: '#,0', width: 100 },
    { field: tickets, header: 'Transacciones', format: '#,0', width: 120 },
    { field: margin, header: 'Margen %', format: '0.0%', width: 100 },
  ],
  rowsPerPage: 20,
};

export const storeListingReport = {
  id: deterministicGuid('report', 'Listado de ventas por tienda'),
  name: 'Listado de ventas por tienda',
  datasetId: salesDataset.id,
  reportType: 'PaginatedReport' as const,
  definition,
};
