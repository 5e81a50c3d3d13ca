/**
 * The fixture's viewer and their grants as the cluster tests watch them travel between instances:
 * B answers the viewer's report 502 while it still holds the grant (there is no BI service here)
 * and 403 once the revocation written on A has reached it.
 */
import type { App } from '../../src/app.ts';
import type { Fixture } from '../fixtures.ts';
import { callApi } from '../helper.ts';

async function statusOf(
  app: App,
  method: 'GET' | 'DELETE' | 'PUT',
  url: string,
  token: string,
  body?: unknown,
) {
  return (await callApi(app, { method, url, token, body })).statusCode;
}

/** The status `app` answers the fixture's viewer opening the fixture's report with. */
export function viewerOpensReport(app: App, fixture: Fixture): Promise<number> {
  return statusOf(app, 'GET', `/api/viewer/report/${fixture.report.uid}`, fixture.tokens.viewer);
}

/** The administrator revokes every grant of the fixture's viewer on `app` (204 when done). */
export function revokeViewerGrants(app: App, fixture: Fixture): Promise<number> {
  const url = `/api/user/permissions/${fixture.viewer.id}`;
  return statusOf(app, 'DELETE', url, fixture.tokens.administrator);
}

/** The administrator gives the fixture's viewer its report until `validUntil` (200 when done). */
export function grantViewerReportUntil(app: App, fixture: Fixture, validUntil: string) {
  const grant = { userId: fixture.viewer.id, accountElementId: fixture.report.biId, validUntil };
  return statusOf(app, 'PUT', '/api/user/permissions', fixture.tokens.administrator, [grant]);
}
