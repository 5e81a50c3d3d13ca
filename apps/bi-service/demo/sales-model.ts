/** The "Ventas Retail Andino" dataset: a sales fact table in a star schema. */
import type { DatasetDefinition } from '../src/engine/model.ts';
import { deterministicGuid } from '../src/platform/ids.ts';
import { calendarTable } from './calendar.ts';
import { demoDataset, dimension, hierarchy, starJoins } from './model-builder.ts';

const SALES_DATASET_NAME = 'Ventas Retail Andino';
const SECURED_SALES_DATASET_NAME = 'Ventas Retail Andino (seguridad por país)';

/** Which countries each demo username may see under the `Pais` role. */
export const countryAccess: Record<string, string[]> = {
  'gerente.peru@retailandino.demo': ['Perú'],
  'gerente.chile@retailandino.demo': ['Chile'],
  'gerente.andina@retailandino.demo': ['Perú', 'Ecuador', 'Bolivia', 'Colombia'],
  'gerente.sur@retailandino.demo': ['Chile', 'Argentina'],
  'gerente.mexico@retailandino.demo': ['México'],
};

const money = '"S/" #,0.00';

export const salesDataset = demoDataset(SALES_DATASET_NAME, {
  tables: [
    {
      name: 'Ventas',
      columns: [
        { name: 'IdVenta', dataType: 'integer' },
        { name: 'Fecha', dataType: 'date', format: 'dd/MM/yyyy' },
        { name: 'IdProducto', dataType: 'integer' },
        { name: 'IdTienda', dataType: 'integer' },
        { name: 'IdCliente', dataType: 'integer' },
        { name: 'IdCanal', dataType: 'integer' },
        { name: 'Cantidad', dataType: 'integer', format: '#,0' },
        { name: 'Precio unitario', dataType: 'number', format: money },
        { name: 'Descuento', dataType: 'number', format: money },
        { name: 'Importe', dataType: 'number', format: money },
        { name: 'Costo', dataType: 'number', format: money },
      ],
      measures: [
        { name: 'Ventas', expression: 'SUM(Ventas[Importe])', format: money },
        { name: 'Costo total', expression: 'SUM(Ventas[Costo])', format: money },
        { name: 'Margen', expression: 'SUM(Ventas[Importe]) - SUM(Ventas[Costo])', format: money },
        {
          name: 'Margen %',
          expression: 'DIVIDE(SUM(Ventas[Importe]) - SUM(Ventas[Costo]), SUM(Ventas[Importe]))',
          format: '0.0%',
        },
        { name: 'Unidades', expression: 'SUM(Ventas[Cantidad])', format: '#,0' },
        { name: 'Transacciones', expression: 'COUNT(Ventas[IdVenta])', format: '#,0' },
        { name: 'Clientes', expression: 'DISTINCTCOUNT(Ventas[IdCliente])', format: '#,0' },
        {
          name: 'Ticket promedio',
          expression: 'DIVIDE(SUM(Ventas[Importe]), COUNT(Ventas[IdVenta]))',
          format: money,
        },
        { name: 'Descuentos', expression: 'SUM(Ventas[Descuento])', format: money },
        { name: 'Precio promedio', expression: 'AVG(Ventas[Precio unitario])', format: money },
        // The commercial target: a 40 % markup over the cost of what was sold.
        { name: 'Meta de ventas', expression: 'SUM(Ventas[Costo]) * 1.4', format: money },
      ],
    },
    dimension('Producto', 'IdProducto', ['Producto', 'Marca', 'Subcategoría', 'Categoría'], {
      columns: [{ name: 'Precio de lista', dataType: 'number', format: money }],
      hierarchies: [hierarchy('Catálogo', ['Categoría', 'Subcategoría', 'Producto'])],
    }),
    dimension('Tienda', 'IdTienda', ['Tienda', 'Ciudad', 'País', 'Formato'], {
      columns: [{ name: 'Metros cuadrados', dataType: 'integer', format: '#,0' }],
      hierarchies: [hierarchy('Geografía', ['País', 'Ciudad', 'Tienda'])],
    }),
    dimension('Canal', 'IdCanal', ['Canal']),
    dimension('Cliente', 'IdCliente', ['Cliente', 'Segmento', 'Rango de edad'], {
      columns: [{ name: 'Programa de lealtad', dataType: 'boolean' }],
    }),
    calendarTable('day'),
  ],
  relationships: starJoins('Ventas', {
    IdProducto: 'Producto',
    IdTienda: 'Tienda',
    IdCliente: 'Cliente',
    IdCanal: 'Canal',
    Fecha: 'Calendario',
  }),
});

/**
 * The same sales tables with the `Pais` row-level-security role. A dataset with roles needs an
 * effective identity in every embed token, so the reports the portal shows use the open dataset
 * and this one shows row-level security to hosts that send identities (decision 0061).
 */
export const securedSalesDataset: DatasetDefinition = {
  ...salesDataset,
  id: deterministicGuid('dataset', SECURED_SALES_DATASET_NAME),
  name: SECURED_SALES_DATASET_NAME,
  roles: [
    {
      name: 'Pais',
      filters: [
        { table: 'Tienda', column: 'País', operator: 'InUsernameMapping', mapping: countryAccess },
      ],
    },
  ],
};
