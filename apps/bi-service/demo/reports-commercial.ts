/** The other Comercial reports: products, and customers and channels. */
import { salesDataset } from './sales-model.ts';
import { column, levels, measure } from './report-fields.ts';
import { advancedFilter, excludeFilter, topNFilter } from './report-filters.ts';
import { card, page, report, slicer, textbox, visual } from './report-builder.ts';

const sales = measure('Ventas', 'Ventas');
const product = column('Producto', 'Producto');
const channel = column('Canal', 'Canal');

export const productTopVisual = 'VisualContainer4';

export const productsReport = report('Análisis de productos', salesDataset.id, {
  pages: [
    page('ReportSection1', 'Productos', [
      textbox('Análisis de productos', [24, 12, 860, 56]),
      slicer(
        'Precio de lista',
        [896, 8, 360, 128],
        column('Producto', 'Precio de lista'),
        'between',
      ),
      visual('treemap', 'Ventas por categoría y subcategoría', [24, 84, 600, 300], {
        category: levels('Producto', 'Catálogo', ['Categoría', 'Subcategoría', 'Producto']),
        values: [sales],
      }),
      visual(
        'clusteredBarChart',
        'Top 10 productos por ventas',
        [636, 148, 620, 236],
        { category: [product], values: [sales] },
        {
          filters: [topNFilter(product, 'Top', 10, sales)],
          options: { sort: { role: 'values', direction: 2 } },
        },
      ),
      visual('stackedBarChart', 'Ventas por categoría y canal', [24, 400, 600, 308], {
        category: [column('Producto', 'Categoría')],
        series: [channel],
        values: [sales],
      }),
      visual('scatterChart', 'Unidades y margen por subcategoría', [636, 400, 620, 308], {
        category: [column('Producto', 'Subcategoría')],
        x: [measure('Ventas', 'Unidades')],
        y: [measure('Ventas', 'Margen %')],
        size: [sales],
      }),
    ]),
    page('ReportSection2', 'Detalle', [
      textbox('Detalle por producto (productos con ventas sobre S/ 100 000)', [24, 12, 1232, 56]),
      visual(
        'tableEx',
        'Productos',
        [24, 84, 800, 624],
        {
          values: [
            product,
            column('Producto', 'Marca'),
            column('Producto', 'Categoría'),
            sales,
            measure('Ventas', 'Unidades'),
            measure('Ventas', 'Margen %'),
          ],
        },
        {
          filters: [advancedFilter(sales, 'And', [{ operator: 'GreaterThan', value: 100_000 }])],
        },
      ),
      visual(
        'pieChart',
        'Ventas por marca (top 8)',
        [836, 84, 420, 300],
        { category: [column('Producto', 'Marca')], values: [sales] },
        {
          filters: [topNFilter(column('Producto', 'Marca'), 'Top', 8, sales)],
        },
      ),
      // Data labels on: the demo shows figures in display units as an author would set them.
      visual(
        'clusteredColumnChart',
        'Margen por categoría',
        [836, 400, 420, 308],
        { category: [column('Producto', 'Categoría')], values: [measure('Ventas', 'Margen')] },
        { options: { dataLabels: true } },
      ),
    ]),
  ],
});

export const customersReport = report('Clientes y canales', salesDataset.id, {
  pages: [
    page('ReportSection1', 'Clientes', [
      textbox('Clientes y canales', [24, 12, 700, 56]),
      slicer('Segmento', [1016, 12, 240, 168], column('Cliente', 'Segmento'), 'list'),
      card('Clientes activos', [24, 84, 300, 96], measure('Ventas', 'Clientes')),
      visual('multiRowCard', 'Indicadores de compra', [336, 84, 668, 96], {
        values: [
          measure('Ventas', 'Transacciones'),
          measure('Ventas', 'Ticket promedio'),
          measure('Ventas', 'Descuentos'),
        ],
      }),
      visual('funnel', 'Ventas por segmento', [24, 196, 400, 250], {
        category: [column('Cliente', 'Segmento')],
        values: [sales],
      }),
      visual(
        'pieChart',
        'Ventas minoristas por rango de edad',
        [436, 196, 400, 250],
        { category: [column('Cliente', 'Rango de edad')], values: [sales] },
        { filters: [excludeFilter(channel, ['Mayorista'])] },
      ),
      visual('gauge', 'Ventas frente a la meta', [848, 196, 408, 250], {
        values: [sales],
        target: [measure('Ventas', 'Meta de ventas')],
      }),
      visual('stackedColumnChart', 'Ventas por canal y segmento', [24, 462, 500, 246], {
        category: [channel],
        series: [column('Cliente', 'Segmento')],
        values: [sales],
      }),
      visual('pivotTable', 'Ventas por país y canal', [536, 462, 720, 246], {
        category: [column('Tienda', 'País')],
        columns: [channel],
        values: [sales],
      }),
    ]),
  ],
});
