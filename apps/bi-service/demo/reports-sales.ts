/** "Ventas generales": the demo's flagship report (Comercial), with bookmarks and a phone layout. */
import { salesDataset } from './sales-model.ts';
import { column, levels, measure } from './report-fields.ts';
import { advancedFilter, basicFilter } from './report-filters.ts';
import { bookmark, card, page, report, slicer, textbox, visual } from './report-builder.ts';

const sales = measure('Ventas', 'Ventas');
const year = column('Calendario', 'Año');
const country = column('Tienda', 'País');
const channel = column('Canal', 'Canal');
const dateLevels = levels('Calendario', 'Fecha', ['Año', 'Trimestre', 'Mes', 'Día']);

/** Page 1's visuals, in order, are VisualContainer1…11 (dashboard tiles and bookmarks use them). */
export const salesSummaryVisuals = {
  channelSlicer: 'VisualContainer11',
  salesCard: 'VisualContainer4',
  marginCard: 'VisualContainer5',
  trendLine: 'VisualContainer8',
  channelDonut: 'VisualContainer9',
  countryColumns: 'VisualContainer10',
} as const;

const summary = page(
  'ReportSection1',
  'Resumen',
  [
    textbox('Ventas generales · Retail Andino', [24, 12, 620, 56]),
    slicer('Año', [880, 12, 180, 56], year, 'dropdown'),
    slicer('País', [1076, 12, 180, 56], country, 'dropdown'),
    card('Ventas', [24, 84, 296, 112], sales),
    card('Margen %', [332, 84, 296, 112], measure('Ventas', 'Margen %')),
    card('Unidades vendidas', [640, 84, 296, 112], measure('Ventas', 'Unidades')),
    card('Clientes', [948, 84, 308, 112], measure('Ventas', 'Clientes')),
    visual('lineChart', 'Ventas en el tiempo', [24, 212, 760, 244], {
      category: dateLevels,
      values: [sales],
    }),
    visual('donutChart', 'Ventas por canal', [796, 212, 460, 244], {
      category: [channel],
      values: [sales],
    }),
    visual(
      'clusteredColumnChart',
      'Ventas por país',
      [24, 472, 600, 236],
      { category: [country], values: [sales] },
      { options: { sort: { role: 'values', direction: 2 } } },
    ),
    slicer('Canal', [636, 472, 200, 236], channel, 'list'),
    visual('kpi', 'Ventas frente a la meta', [848, 472, 408, 236], {
      values: [sales],
      target: [measure('Ventas', 'Meta de ventas')],
      category: [column('Calendario', 'Año')],
    }),
  ],
  {
    // A phone shows one column: the title, two cards per row, then the charts.
    mobileLayout: [
      { name: 'VisualContainer1', x: 0, y: 0, width: 360, height: 56 },
      { name: 'VisualContainer2', x: 0, y: 64, width: 176, height: 56 },
      { name: 'VisualContainer3', x: 184, y: 64, width: 176, height: 56 },
      { name: 'VisualContainer4', x: 0, y: 128, width: 176, height: 100 },
      { name: 'VisualContainer5', x: 184, y: 128, width: 176, height: 100 },
      { name: 'VisualContainer6', x: 0, y: 236, width: 176, height: 100 },
      { name: 'VisualContainer7', x: 184, y: 236, width: 176, height: 100 },
      { name: 'VisualContainer8', x: 0, y: 344, width: 360, height: 240 },
      { name: 'VisualContainer9', x: 0, y: 592, width: 360, height: 240 },
      { name: 'VisualContainer10', x: 0, y: 840, width: 360, height: 240 },
      { name: 'VisualContainer12', x: 0, y: 1088, width: 360, height: 200 },
    ],
  },
);

const trends = page(
  'ReportSection2',
  'Tendencias',
  [
    textbox('Tendencias por canal y trimestre (desde 2023)', [24, 12, 900, 56]),
    visual('areaChart', 'Ventas mensuales por canal', [24, 84, 1232, 300], {
      category: [column('Calendario', 'Mes y año')],
      series: [channel],
      values: [sales],
    }),
    visual(
      'lineClusteredColumnComboChart',
      'Ventas y margen % por trimestre',
      [24, 400, 616, 308],
      {
        category: levels('Calendario', 'Fecha', ['Año', 'Trimestre']),
        values: [sales],
        y: [measure('Ventas', 'Margen %')],
      },
      { options: { sort: { role: 'category', direction: 1 } } },
    ),
    visual(
      'stackedColumnChart',
      'Ventas anuales por canal',
      [652, 400, 604, 308],
      {
        category: [year],
        series: [channel],
        values: [sales],
      },
      { options: { sort: { role: 'category', direction: 1 } } },
    ),
  ],
  { filters: [advancedFilter(year, 'And', [{ operator: 'GreaterThanOrEqual', value: 2023 }])] },
);

export const salesOverviewReport = report('Ventas generales', salesDataset.id, {
  pages: [summary, trends],
  filters: [basicFilter(country, 'All', [])],
  bookmarks: [
    bookmark('Bookmark1', 'Solo canal online', {
      activePage: 'ReportSection1',
      slicers: { [salesSummaryVisuals.channelSlicer]: [basicFilter(channel, 'In', ['Online'])] },
    }),
    bookmark('Bookmark2', 'Año 2025', {
      activePage: 'ReportSection1',
      reportFilters: [basicFilter(year, 'In', [2025])],
    }),
    bookmark('Bookmark3', 'Tendencias', { activePage: 'ReportSection2' }),
  ],
});
