/**
 * A BI service (the service's own test harness, in process) holding one small dataset whose text
 * values are markup, and a report that draws it with every visual type that shows data.
 */
import { columns } from '@vitrina/test-support/columns';
import { DatasetStore } from '../src/engine/dataset-store.ts';
import type { DatasetDefinition } from '../src/engine/model.ts';
import { DatasetRegistry } from '../src/engine/registry.ts';
import { writeTable } from '../src/engine/table-writer.ts';
import { column, measure } from '../demo/report-fields.ts';
import { page, slicer, visual } from '../demo/report-builder.ts';
import { startTestService, type TestService } from './harness.ts';

/** Markup a hostile data source could put in a text column. */
export const markup = '<img src=x onerror=alert(1)>';

const datasetId = '00000000-0000-4000-8000-0000000000e1';
export const reportId = '00000000-0000-4000-8000-0000000000e2';

const dataset: DatasetDefinition = {
  id: datasetId,
  name: 'Marcado',
  tables: [
    {
      name: 'Hechos',
      columns: columns({
        Nombre: 'string',
        Grupo: 'string',
        Importe: 'number',
        Cantidad: 'integer',
      }),
      measures: [
        { name: 'Total', expression: 'SUM(Hechos[Importe])' },
        { name: 'Unidades', expression: 'SUM(Hechos[Cantidad])' },
      ],
    },
  ],
  relationships: [],
};

// One category (the markup) keeps every tooltip on it; the legend holds the markup and a plain name.
const rows = [
  [markup, markup, 120, 4],
  [markup, 'Norte', 80, 6],
];

const name = column('Hechos', 'Nombre');
const group = column('Hechos', 'Grupo');
const total = measure('Hechos', 'Total');
const units = measure('Hechos', 'Unidades');
const cell = (index: number): [number, number, number, number] => [
  24 + (index % 3) * 416,
  16 + Math.floor(index / 3) * 352,
  400,
  336,
];

/** Pages of at most six visuals, so that every axis label has room to show. */
export const escapingPages = [
  page('Barras', 'Barras', [
    visual('clusteredBarChart', 'Barras', cell(0), { category: [name], values: [total] }),
    visual('clusteredColumnChart', 'Columnas', cell(1), { category: [name], values: [total] }),
    visual('stackedBarChart', 'Barras apiladas', cell(2), {
      category: [name],
      series: [group],
      values: [total],
    }),
    visual('stackedColumnChart', 'Columnas apiladas', cell(3), {
      category: [name],
      series: [group],
      values: [total],
    }),
    visual('lineChart', 'Líneas', cell(4), { category: [name], values: [total] }),
    visual('areaChart', 'Áreas', cell(5), { category: [name], values: [total] }),
  ]),
  page('Partes', 'Partes', [
    visual('pieChart', 'Circular', cell(0), { category: [name], values: [total] }),
    visual('donutChart', 'Anillo', cell(1), { category: [name], values: [total] }),
    visual('treemap', 'Rectángulos', cell(2), { category: [name], values: [total] }),
    visual('funnel', 'Embudo', cell(3), { category: [name], values: [total] }),
    visual('scatterChart', 'Dispersión', cell(4), { category: [name], x: [total], y: [units] }),
    visual('waterfallChart', 'Cascada', cell(5), { category: [name], values: [total] }),
  ]),
  page('Tablas', 'Tablas', [
    visual('lineClusteredColumnComboChart', 'Combinado', cell(0), {
      category: [name],
      values: [total],
      y: [units],
    }),
    visual('tableEx', 'Tabla', cell(1), { values: [name, group, total] }),
    visual('pivotTable', 'Matriz', cell(2), {
      category: [name],
      columns: [group],
      values: [total],
    }),
    slicer('Segmentación', cell(3), group, 'list'),
    visual('multiRowCard', 'Tarjetas', cell(4), { values: [total, units] }),
    visual('kpi', 'KPI', cell(5), { values: [total], target: [units], category: [name] }),
  ]),
  page('Cifras', 'Cifras', [
    visual('card', 'Tarjeta', cell(0), { values: [total] }),
    visual('gauge', 'Medidor', cell(1), { values: [total], target: [units] }),
  ]),
];

export interface EscapingService {
  service: TestService;
  close(): Promise<void>;
}

/** Starts the BI service with the markup dataset and its report; `hostOrigin` may frame it. */
export async function startEscapingService(hostOrigin: string): Promise<EscapingService> {
  const store = await DatasetStore.open(dataset, ':memory:');
  await store.withConnection((connection) => writeTable(connection, dataset.tables[0]!, rows));
  const registry = new DatasetRegistry();
  registry.add(store);
  const service = await startTestService(
    { BI_ALLOWED_ORIGINS: hostOrigin },
    { datasetSchemas: registry },
  );
  await service.services.catalog.addMissingContent({
    name: 'Comercial',
    datasets: [{ id: datasetId, name: dataset.name, roles: [] }],
    reports: [
      {
        id: reportId,
        name: 'Marcado',
        datasetId,
        reportType: 'PowerBIReport',
        definition: { pages: escapingPages },
      },
    ],
    dashboards: [],
  });
  return {
    service,
    async close() {
      await service.close();
      registry.close();
    },
  };
}
