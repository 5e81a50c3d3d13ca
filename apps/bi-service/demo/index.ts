/**
 * The Retail Andino demo content, for seeding: four workspaces with their datasets, reports
 * (eight interactive and one paginated) and two dashboards. Every id is derived from a name,
 * so it is the same on every start and machine.
 */
import type { WorkspaceContent } from '../src/modules/content/content.ts';
import type { DatasetDefinition } from '../src/engine/model.ts';
import { dashboard, tile } from './dashboards.ts';
import { financeDataset } from './finance-model.ts';
import { hrDataset } from './hr-model.ts';
import { storeListingReport } from './paginated.ts';
import type { DemoReport } from './report-builder.ts';
import { customersReport, productTopVisual, productsReport } from './reports-commercial.ts';
import {
  budgetReport,
  budgetVisuals,
  incomeStatementReport,
  incomeStatementVisuals,
} from './reports-finance.ts';
import { compensationReport, headcountReport } from './reports-hr.ts';
import { storesReport } from './reports-operations.ts';
import { salesOverviewReport, salesSummaryVisuals } from './reports-sales.ts';
import { salesDataset, securedSalesDataset } from './sales-model.ts';
import { deterministicGuid } from '../src/platform/ids.ts';

export { openDemoDatasets, demoDatasets } from './demo-datasets.ts';
export { countryAccess } from './sales-model.ts';

const datasetItem = (definition: DatasetDefinition) => ({
  id: definition.id,
  name: definition.name,
  roles: (definition.roles ?? []).map((role) => role.name),
});

/** Every interactive demo report. */
export const demoReports: readonly DemoReport[] = [
  salesOverviewReport,
  productsReport,
  customersReport,
  storesReport,
  budgetReport,
  incomeStatementReport,
  headcountReport,
  compensationReport,
];

const { salesCard, marginCard, trendLine, channelDonut, countryColumns } = salesSummaryVisuals;
const commercialPanel = dashboard('Panel comercial', [
  tile('Ventas', salesOverviewReport, salesCard, [0, 0, 1, 1]),
  tile('Margen %', salesOverviewReport, marginCard, [0, 1, 1, 1]),
  tile('Ventas en el tiempo', salesOverviewReport, trendLine, [1, 0, 2, 2]),
  tile('Ventas por canal', salesOverviewReport, channelDonut, [0, 2, 2, 2]),
  tile('Ventas por país', salesOverviewReport, countryColumns, [2, 2, 2, 2]),
  tile('Top 10 productos', productsReport, productTopVisual, [3, 0, 2, 2]),
]);

const financePanel = dashboard('Panel financiero', [
  tile('Ingresos frente al presupuesto', budgetReport, budgetVisuals.kpi, [0, 0, 2, 1]),
  tile('Ingresos reales y presupuesto', budgetReport, budgetVisuals.gauge, [0, 1, 2, 1]),
  tile('Real y presupuesto por período', budgetReport, budgetVisuals.monthly, [0, 2, 2, 2]),
  tile(
    'De los ingresos al resultado neto',
    incomeStatementReport,
    incomeStatementVisuals.waterfall,
    [2, 0, 2, 4],
  ),
]);

/**
 * "Ventas generales" over the dataset with the `Pais` role, seeded beside the demo content: it
 * opens only with an effective identity, so the portal shows row-level security per viewer.
 */
const rowSecurityReport: DemoReport = {
  ...salesOverviewReport,
  id: deterministicGuid('report', 'Ventas por país (seguridad por filas)'),
  name: 'Ventas por país (seguridad por filas)',
  datasetId: securedSalesDataset.id,
};
export const rowSecurityDemoContent: WorkspaceContent[] = [
  { name: 'Comercial', datasets: [], reports: [rowSecurityReport], dashboards: [] },
];

export const demoWorkspaces: WorkspaceContent[] = [
  {
    name: 'Comercial',
    datasets: [datasetItem(salesDataset), datasetItem(securedSalesDataset)],
    reports: [salesOverviewReport, productsReport, customersReport, storeListingReport],
    dashboards: [commercialPanel],
  },
  {
    name: 'Finanzas',
    datasets: [datasetItem(financeDataset)],
    reports: [budgetReport, incomeStatementReport],
    dashboards: [financePanel],
  },
  // Operaciones reports over the sales dataset, which lives in Comercial (a shared dataset).
  { name: 'Operaciones', datasets: [], reports: [storesReport], dashboards: [] },
  {
    name: 'Recursos Humanos',
    datasets: [datasetItem(hrDataset)],
    reports: [headcountReport, compensationReport],
    dashboards: [],
  },
];
