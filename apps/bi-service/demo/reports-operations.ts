/** Operaciones: how each store performs (over the sales dataset). */
import { salesDataset } from './sales-model.ts';
import { column, measure } from './report-fields.ts';
import { basicFilter } from './report-filters.ts';
import { page, report, slicer, textbox, visual } from './report-builder.ts';

const sales = measure('Ventas', 'Ventas');

export const storesReport = report('Desempeño de tiendas', salesDataset.id, {
  pages: [
    page(
      'ReportSection1',
      'Tiendas',
      [
        textbox('Desempeño de tiendas · 2025', [24, 12, 420, 56]),
        slicer('País', [456, 12, 170, 56], column('Tienda', 'País'), 'dropdown'),
        slicer('Fecha', [756, 8, 500, 128], column('Calendario', 'Fecha'), 'between'),
        visual(
          'actionButton',
          'Ver tendencias',
          [638, 12, 106, 56],
          {},
          { options: { text: 'Ver tendencias' } },
        ),
        visual('tableEx', 'Ranking de tiendas', [24, 84, 720, 624], {
          values: [
            column('Tienda', 'Tienda'),
            column('Tienda', 'País'),
            column('Tienda', 'Formato'),
            sales,
            measure('Ventas', 'Transacciones'),
            measure('Ventas', 'Ticket promedio'),
            measure('Ventas', 'Margen %'),
          ],
        }),
        visual('clusteredBarChart', 'Ventas por formato de tienda', [756, 148, 500, 180], {
          category: [column('Tienda', 'Formato')],
          values: [sales],
        }),
        visual(
          'lineClusteredColumnComboChart',
          'Ventas y ticket promedio por mes',
          [756, 338, 500, 180],
          {
            category: [column('Calendario', 'Mes')],
            values: [sales],
            y: [measure('Ventas', 'Ticket promedio')],
          },
        ),
        visual('areaChart', 'Unidades por trimestre', [756, 528, 500, 180], {
          category: [column('Calendario', 'Trimestre')],
          values: [measure('Ventas', 'Unidades')],
        }),
      ],
      { filters: [basicFilter(column('Calendario', 'Año'), 'In', [2025])] },
    ),
  ],
});
