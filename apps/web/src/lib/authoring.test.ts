import { describe, expect, it } from 'vitest';
import { accountOf } from '../../test/api-fixtures.ts';
import { serveApi } from '../../test/api-mock.ts';
import { administrator, signIn } from '../../test/render.tsx';
import { accountsQuery } from './accounts.ts';
import { bringSavedReportIn } from './authoring.ts';
import { createQueryClient } from './query-client.ts';

const workspaceGuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
const reportGuid = '7c9e6679-7425-40de-944b-e07fc1f90ae7';

describe('bringSavedReportIn', () => {
  it("brings the saved report in, then puts the reloaded accounts in the gateway's query", async () => {
    signIn();
    const reloaded = [accountOf({ id: 3 })];
    const { requests } = serveApi(({ path }) =>
      path === '/api/authoring/saved-report' ? { status: 204 } : { status: 200, body: reloaded },
    );
    const queryClient = createQueryClient();

    const saved = { accountId: 3, workspaceId: workspaceGuid, reportId: reportGuid };
    expect(await bringSavedReportIn(queryClient, saved, administrator.id)).toEqual(reloaded);
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/authoring/saved-report',
      `GET /api/account/${administrator.id}`,
    ]);
    expect(requests[0]!.body).toEqual(saved);
    expect(queryClient.getQueryData(accountsQuery(administrator.id).queryKey)).toEqual(reloaded);
  });
});
