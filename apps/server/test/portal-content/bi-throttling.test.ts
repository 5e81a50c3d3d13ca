import { describe, expect, it } from 'vitest';
import { callApi } from '../helper.ts';
import { grant, useContentFixture } from './content-fixture.ts';

describe('the BI service throttling one account, seen by the portal', () => {
  const fx = useContentFixture('sqlite');

  const testConnection = async (accountId: number) =>
    (
      await callApi(fx.app, {
        method: 'POST',
        url: `/api/account/${accountId}/test`,
        token: fx.admin.token,
        body: {},
      })
    ).json<{ ok: boolean; steps: { step: string; ok: boolean; message: string }[] }>();

  it('tells the administrator when to retry, and keeps serving the other accounts', async () => {
    // Two master users of one application id: MSAL's throttling state would join them.
    const [first, second] = [fx.newIdentity(), fx.newIdentity()];
    second.clientId = first.clientId;
    const throttled = await fx.createAccount(first);
    const other = await fx.createAccount(second);
    const viewer = await fx.viewer();
    await grant(fx, viewer, [String(other.id)]);

    fx.bi.throttled.signIn.set(first.username, '30');
    expect(await testConnection(throttled.id)).toEqual({
      ok: false,
      steps: [
        {
          step: 'signIn',
          ok: false,
          message: 'El servicio de BI limitó las solicitudes; reintente en 30 s.',
        },
      ],
    });
    // The fake service has no dataset routes: only the steps up to the embed token count here.
    expect((await testConnection(other.id)).steps.slice(0, 2)).toMatchObject([
      { step: 'signIn', ok: true },
      { step: 'workspaces', ok: true },
    ]);
    const report = other.workspaces[0]!.reports[0]!;
    const opened = await callApi(fx.app, {
      method: 'GET',
      url: `/api/viewer/report/${report.uId}`,
      token: viewer.token,
    });
    expect(opened.statusCode).toBe(200);
  });
});
