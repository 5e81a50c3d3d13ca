import { workspaceIdFor } from '../../src/modules/tenant/catalog.service.ts';
import { fixtureContent, ids } from '../fixture-content.ts';
import { powerBiScope, servicePrincipal } from '../harness.ts';
import { miniRetail } from '../mini-retail.ts';

/** A request as the fuzz sends it, less its Authorization header. */
export interface ExampleRequest {
  params: Record<string, string>;
  body: unknown;
}

/** One good request per route that takes a body, so mutations of it reach past the lookups. */
export function examples(): Record<string, ExampleRequest> {
  const comercial = workspaceIdFor('Comercial');
  const finanzas = workspaceIdFor('Finanzas');
  const identity = { username: 'ana@demo', roles: ['Region'], datasets: [ids.salesDataset] };
  const byCountry = {
    groupBy: [{ table: 'Region', column: 'Pais' }],
    measures: [{ table: 'Ventas', measure: 'Total' }],
  };
  const definition = fixtureContent[0]!.reports[0]!.definition;
  return {
    '/:tenant/oauth2/v2.0/token': {
      params: { tenant: 'vitrina' },
      body: {
        grant_type: 'client_credentials',
        client_id: servicePrincipal.clientId,
        client_secret: servicePrincipal.secret,
        scope: powerBiScope,
      },
    },
    '/v1.0/myorg/groups/:groupId/reports/:reportId/GenerateToken': {
      params: { groupId: comercial, reportId: ids.salesReport },
      body: { accessLevel: 'Edit', identities: [identity], lifetimeInMinutes: 10 },
    },
    '/v1.0/myorg/groups/:groupId/dashboards/:dashboardId/GenerateToken': {
      params: { groupId: comercial, dashboardId: ids.salesDashboard },
      body: { identities: [identity] },
    },
    '/v1.0/myorg/groups/:groupId/dashboards/:dashboardId/tiles/:tileId/GenerateToken': {
      params: { groupId: comercial, dashboardId: ids.salesDashboard, tileId: ids.salesTile },
      body: { identities: [identity] },
    },
    '/v1.0/myorg/groups/:groupId/reports/GenerateToken': {
      params: { groupId: finanzas },
      body: { accessLevel: 'Create', datasetId: ids.financeDataset },
    },
    '/v1.0/myorg/GenerateToken': {
      params: {},
      body: { reports: [{ id: ids.financeReport, allowEdit: true }], datasets: [] },
    },
    '/v1.0/embed/reports/:reportId/revisions': {
      params: { reportId: ids.marginReport },
      body: { definition },
    },
    '/v1.0/embed/reports/:reportId/saveAs': {
      params: { reportId: ids.marginReport },
      body: { name: 'Copia', definition },
    },
    '/v1.0/embed/datasets/:datasetId/reports': {
      params: { datasetId: ids.salesDataset },
      body: { name: 'Nuevo', definition },
    },
    '/v1.0/myorg/groups/:groupId/reports/:reportId/ExportTo': {
      params: { groupId: comercial, reportId: ids.salesReport },
      body: {
        format: 'PDF',
        powerBIReportConfiguration: {
          pages: [{ pageName: 'ReportSection1' }],
          reportLevelFilters: [{ filter: "Region/Pais eq 'Perú'" }],
          identities: [identity],
        },
      },
    },
    '/v1.0/myorg/reports/:reportId/ExportTo': {
      params: { reportId: ids.marginReport },
      body: {
        format: 'PNG',
        powerBIReportConfiguration: { settings: { locale: 'es-PE' }, identities: [identity] },
      },
    },
    '/v1.0/myorg/groups/:groupId/reports/:reportId/Clone': {
      params: { groupId: comercial, reportId: ids.marginReport },
      body: { name: 'Clon' },
    },
    '/v1.0/myorg/groups/:groupId/reports/:reportId/UpdateReportContent': {
      params: { groupId: comercial, reportId: ids.marginReport },
      body: {
        sourceReport: { sourceReportId: ids.salesReport, sourceWorkspaceId: comercial },
        sourceType: 'ExistingReport',
      },
    },
    '/v1.0/embed/datasets/:datasetId/query': {
      params: { datasetId: miniRetail.id },
      body: byCountry,
    },
    '/v1.0/embed/datasets/:datasetId/export': {
      params: { datasetId: miniRetail.id },
      body: { query: byCountry, exportDataType: 1, rows: 5 },
    },
    '/v1.0/embed/datasets/:datasetId/qna': {
      params: { datasetId: miniRetail.id },
      body: { question: 'total por país' },
    },
  };
}
