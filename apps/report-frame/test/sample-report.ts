/** A small report in the BI embed API's shapes, for unit tests. */
import type { EmbedReport, ReportDefinition } from '../src/api/types.ts';

const sales = { table: 'Ventas', measure: 'Ventas' };
const country = { table: 'Tienda', column: 'País' };
const dateLevels = ['Año', 'Trimestre', 'Mes'].map((hierarchyLevel) => ({
  table: 'Calendario',
  hierarchy: 'Fecha',
  hierarchyLevel,
}));

export const sampleReport: EmbedReport & { definition: ReportDefinition } = {
  id: 'r1',
  name: 'Ventas',
  datasetId: 'd1',
  reportType: 'PowerBIReport',
  revision: 1,
  dataset: {
    id: 'd1',
    name: 'Ventas',
    tables: [
      {
        name: 'Ventas',
        columns: [{ name: 'Importe', dataType: 'number' }],
        measures: [{ name: 'Ventas' }],
        hierarchies: [],
      },
      {
        name: 'Tienda',
        columns: [{ name: 'País', dataType: 'string' }],
        measures: [],
        hierarchies: [],
      },
      {
        name: 'Calendario',
        columns: [
          { name: 'Año', dataType: 'integer' },
          { name: 'Trimestre', dataType: 'string' },
          { name: 'Mes', dataType: 'string' },
        ],
        measures: [],
        hierarchies: [
          {
            name: 'Fecha',
            levels: [
              { name: 'Año', column: 'Año' },
              { name: 'Trimestre', column: 'Trimestre' },
              { name: 'Mes', column: 'Mes' },
            ],
          },
        ],
      },
    ],
  },
  definition: {
    pages: [
      {
        name: 'ReportSection1',
        displayName: 'Resumen',
        width: 1280,
        height: 720,
        visuals: [
          {
            name: 'V1',
            type: 'card',
            title: 'Ventas',
            layout: { x: 0, y: 0, z: 0, width: 320, height: 120 },
            fields: { values: [sales] },
          },
          {
            name: 'V2',
            type: 'lineChart',
            title: 'Ventas en el tiempo',
            layout: { x: 0, y: 140, z: 1, width: 640, height: 300 },
            fields: { category: dateLevels, values: [sales] },
          },
          {
            name: 'V3',
            type: 'slicer',
            title: 'País',
            layout: { x: 660, y: 0, z: 2, width: 200, height: 300 },
            fields: { category: [country] },
            options: { mode: 'list' },
          },
          {
            name: 'V4',
            type: 'clusteredBarChart',
            title: 'Ventas por país',
            layout: { x: 660, y: 320, z: 3, width: 600, height: 380 },
            fields: { category: [country], values: [sales] },
          },
        ],
        mobileLayout: [{ name: 'V1', x: 0, y: 0, width: 360, height: 100 }],
      },
      {
        name: 'ReportSection2',
        displayName: 'Oculta',
        width: 1280,
        height: 720,
        visibility: 1,
        visuals: [],
      },
    ],
    bookmarks: [
      { name: 'B1', displayName: 'Solo Perú', state: '{"version":1,"slicers":{"V3":[]}}' },
    ],
  },
};
