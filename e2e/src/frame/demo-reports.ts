/**
 * Every demo report a viewer can open (paginated reports left out), each with a View embed token;
 * the row-level-security copy gets an identity, since it opens only with one (decision 0134).
 */
import type { FrameHarness } from './harness.ts';

const DEMO_WORKSPACES = ['Comercial', 'Finanzas', 'Operaciones', 'Recursos Humanos'];

export interface DemoReport {
  name: string;
  id: string;
  embedUrl: string;
  accessToken: string;
}

export async function demoReports(harness: FrameHarness): Promise<DemoReport[]> {
  const reports: DemoReport[] = [];
  for (const workspace of DEMO_WORKSPACES) {
    const groupId = await harness.rest.groupId(workspace);
    for (const report of await harness.rest.reports(groupId)) {
      if (report.reportType === 'PaginatedReport') continue;
      const datasetId = report.datasetId;
      const identities =
        datasetId &&
        (await harness.rest.identityRequired(report.datasetWorkspaceId ?? groupId, datasetId))
          ? [
              {
                username: 'gerente.andina@retailandino.demo',
                roles: ['Pais'],
                datasets: [datasetId],
              },
            ]
          : undefined;
      reports.push({
        name: report.name ?? report.id,
        id: report.id,
        embedUrl: report.embedUrl,
        accessToken: await harness.rest.embedToken(
          `/groups/${groupId}/reports/${report.id}`,
          'View',
          identities,
        ),
      });
    }
  }
  return reports;
}
