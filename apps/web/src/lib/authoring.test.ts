import { describe, expect, it } from 'vitest';
import { accountOf } from '../../test/api-fixtures.ts';
import { serveApi } from '../../test/api-mock.ts';
import { administrator, signIn } from '../../test/render.tsx';
import { accountsQuery } from './accounts.ts';
import { syncAccountNow } from './authoring.ts';
import { createQueryClient } from './query-client.ts';

describe('syncAccountNow', () => {
  it("syncs the account, then puts the reloaded accounts in the gateway's query", async () => {
    signIn();
    const reloaded = [accountOf({ id: 3 })];
    const { requests } = serveApi(({ path }) =>
      path === '/api/authoring/sync' ? { status: 204 } : { status: 200, body: reloaded },
    );
    const queryClient = createQueryClient();

    expect(await syncAccountNow(queryClient, 3, administrator.id)).toEqual(reloaded);
    expect(requests.map(({ method, path }) => `${method} ${path}`)).toEqual([
      'POST /api/authoring/sync',
      `GET /api/account/${administrator.id}`,
    ]);
    expect(queryClient.getQueryData(accountsQuery(administrator.id).queryKey)).toEqual(reloaded);
  });
});
