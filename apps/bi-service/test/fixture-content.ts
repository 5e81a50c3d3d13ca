import type { ReportDefinition } from '@vitrina/bi-model';
import type { WorkspaceContent } from '../src/modules/content/content.ts';
import { deterministicGuid } from '../src/platform/ids.ts';
import { workspaceIdFor } from '../src/modules/tenant/catalog.service.ts';

const id = (name: string) => deterministicGuid('test', name);

/** Ids of the fixture items, for assertions. */
export const ids = {
  salesDataset: id('dataset:ventas'),
  financeDataset: id('dataset:finanzas'),
  salesReport: id('report:ventas'),
  listingReport: id('report:listado'),
  marginReport: id('report:margen'),
  financeReport: id('report:presupuesto'),
  salesDashboard: id('dashboard:ventas'),
  salesTile: id('tile:ventas-mes'),
  marginTile: id('tile:margen'),
} as const;

/** What a View embed token for the sales report alone covers: the report, its dataset, Comercial. */
export const salesReportViewScope = {
  reports: [ids.salesReport],
  datasets: [ids.salesDataset],
  dashboards: [],
  tiles: [],
  workspaces: [workspaceIdFor('Comercial')],
  accessLevel: 'View' as const,
};

const page = (visualName: string): ReportDefinition => ({
  pages: [
    {
      name: 'ReportSection1',
      displayName: 'Resumen',
      width: 1280,
      height: 720,
      visuals: [
        {
          name: visualName,
          type: 'card',
          layout: { x: 0, y: 0, z: 0, width: 300, height: 200 },
          fields: { values: [{ table: 'Ventas', measure: 'Total' }] },
        },
      ],
    },
  ],
});

const tile = (tileId: string, reportId: string, row: number) => ({
  id: tileId,
  title: `Tile ${row}`,
  reportId,
  datasetId: ids.salesDataset,
  pageName: 'ReportSection1',
  visualName: 'VisualContainer1',
  row,
  col: 0,
  rowSpan: 1,
  colSpan: 2,
});

/** Small content in two demo workspaces: Comercial (row-level security) and Finanzas (none). */
export const fixtureContent: WorkspaceContent[] = [
  {
    name: 'Comercial',
    datasets: [{ id: ids.salesDataset, name: 'Ventas', roles: ['Region', 'Gerencia'] }],
    reports: [
      {
        id: ids.salesReport,
        name: 'Ventas',
        datasetId: ids.salesDataset,
        reportType: 'PowerBIReport',
        definition: page('VisualContainer1'),
      },
      {
        id: ids.marginReport,
        name: 'Margen',
        datasetId: ids.salesDataset,
        reportType: 'PowerBIReport',
        definition: page('VisualContainer1'),
      },
      {
        id: ids.listingReport,
        name: 'Listado',
        datasetId: ids.salesDataset,
        reportType: 'PaginatedReport',
        definition: {
          title: 'Listado',
          query: { groupBy: [], measures: [] },
          columns: [{ field: { table: 'Ventas', measure: 'Total' }, header: 'A' }],
          rowsPerPage: 20,
        },
      },
    ],
    dashboards: [
      {
        id: ids.salesDashboard,
        displayName: 'Tablero comercial',
        tiles: [tile(ids.salesTile, ids.salesReport, 0), tile(ids.marginTile, ids.marginReport, 1)],
      },
    ],
  },
  {
    name: 'Finanzas',
    datasets: [{ id: ids.financeDataset, name: 'Finanzas', roles: [] }],
    reports: [
      {
        id: ids.financeReport,
        name: 'Presupuesto',
        datasetId: ids.financeDataset,
        reportType: 'PowerBIReport',
        definition: page('VisualContainer1'),
      },
    ],
    dashboards: [],
  },
];
