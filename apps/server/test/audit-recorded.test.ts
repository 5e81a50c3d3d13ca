import type { AuditPage } from '@vitrina/contracts';
import { describe, expect, it } from 'vitest';
import { callApi } from './helper.ts';
import { useSeededApp } from './fixtures.ts';

/**
 * Changes the audit screen must show with their before and after values (issue 30), written by
 * the real routes; the matrix app's BI service is unreachable, so an account change's sync is
 * audited as failed.
 */
const state = useSeededApp('sqlite', true, { env: { BI_API_URL: 'http://127.0.0.1:9' } });

/** An administrator's PUT; answers its status. */
async function put(url: string, body: unknown): Promise<number> {
  const token = state.fixture.tokens.administrator;
  return (await callApi(state.context.app, { method: 'PUT', url, token, body })).statusCode;
}

async function entriesOf(action: string) {
  const response = await callApi(state.context.app, {
    method: 'GET',
    url: `/api/audit?action=${action}`,
    token: state.fixture.tokens.administrator,
  });
  return response.json<AuditPage>().entries;
}

describe('audited changes', () => {
  it('record grants before and after', async () => {
    const f = state.fixture;
    const body = [{ userId: f.viewer.id, accountElementId: f.workspace.biId }];
    expect(await put('/api/user/permissions', body)).toBe(200);
    const [entry] = await entriesOf('permissions.replace');
    expect(entry).toMatchObject({
      actorUsername: f.administrator.username,
      ip: '127.0.0.1',
      targetId: String(f.viewer.id),
      detail: {
        before: [{ userId: f.viewer.id, accountElementId: f.report.biId }],
        after: [{ userId: f.viewer.id, accountElementId: f.workspace.biId }],
      },
    });
  });

  it('record an account change without its secrets, and the sync it starts', async () => {
    const f = state.fixture;
    const status = await put('/api/account', {
      id: f.account.id,
      username: 'integracion@vitrina.test',
      password: 'secreto-de-prueba',
      clientId: 'app',
      description: 'Cambiada',
    });
    expect(status).toBe(200);
    const [entry] = await entriesOf('account.update');
    expect(entry?.detail).toMatchObject({
      after: { description: 'Cambiada', clientId: 'app' },
      secretsGiven: true,
    });
    expect(entry?.detail?.['before']).not.toMatchObject({ description: 'Cambiada' });
    expect(JSON.stringify(entry)).not.toContain('secreto-de-prueba');
    const [sync] = await entriesOf('sync.failed');
    expect(sync).toMatchObject({ actorUsername: 'sistema', targetId: String(f.account.id) });
  });
});
