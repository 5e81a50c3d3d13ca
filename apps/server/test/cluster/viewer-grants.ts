/**
 * The fixture's viewer and their grants as the cluster tests watch them travel between instances:
 * B answers the viewer's report 502 while it still holds the grant (there is no BI service here)
 * and 403 once the revocation written on A has reached it.
 */
import type { App } from '../../src/app.ts';
import type { Fixture } from '../fixtures.ts';
import { callApi } from '../helper.ts';

/** The status `app` answers the fixture's viewer opening the fixture's report with. */
export async function viewerOpensReport(app: App, fixture: Fixture): Promise<number> {
  const response = await callApi(app, {
    method: 'GET',
    url: `/api/viewer/report/${fixture.report.uid}`,
    token: fixture.tokens.viewer,
  });
  return response.statusCode;
}

/** The administrator revokes every grant of the fixture's viewer on `app` (204 when done). */
export async function revokeViewerGrants(app: App, fixture: Fixture): Promise<number> {
  const response = await callApi(app, {
    method: 'DELETE',
    url: `/api/user/permissions/${fixture.viewer.id}`,
    token: fixture.tokens.administrator,
  });
  return response.statusCode;
}
