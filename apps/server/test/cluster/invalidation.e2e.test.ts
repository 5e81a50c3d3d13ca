import { describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { callApi, postgresAvailable } from '../helper.ts';
import { nextRemote } from './cluster-apps.ts';
import { redisAvailable } from './redis-server.ts';
import { useSeededCluster } from './seeded-cluster.ts';
import { grantViewerReportUntil, revokeViewerGrants, viewerOpensReport } from './viewer-grants.ts';

/**
 * Two instances on one PostgreSQL database: a write on A drops B's caches through the
 * invalidation bus, over Redis pub/sub or, without REDIS_URL, PostgreSQL LISTEN/NOTIFY.
 */
const variants = [
  { channel: 'Redis', available: postgresAvailable && redisAvailable, redis: true },
  { channel: 'PostgreSQL NOTIFY', available: postgresAvailable, redis: false },
];

describe.each(variants)('invalidation across instances ($channel)', ({ available, redis }) => {
  const setup = useSeededCluster(2, { redis, available });
  // Instance A writes, B must hear of it; read inside tests only (the hook fills them in).
  const a = () => setup.apps[0]!;
  const b = () => setup.apps[1]!;
  const openOnB = () => viewerOpensReport(b(), setup.fixture);

  it.skipIf(!available)('uses the configured channels', () => {
    expect(a().cluster.bus.channels).toEqual(redis ? ['redis', 'postgres'] : ['postgres']);
  });

  it.skipIf(!available)(
    'a grant revoked on A is refused on B once the invalidation arrives, and counts what B allowed meanwhile',
    async () => {
      // B has the viewer's grants cached (502: access granted, no BI service here).
      expect(await openOnB()).toBe(502);
      const arrived = nextRemote(b(), 'grants');
      expect(await revokeViewerGrants(a(), setup.fixture)).toBe(204);
      // Hammer B from A's acknowledgement until the invalidation has arrived.
      let allowedAfterAck = 0;
      let delivered = false;
      void arrived.then(() => (delivered = true));
      while (!delivered) if ((await openOnB()) === 502) allowedAfterAck += 1;
      console.info(
        `[${redis ? 'redis' : 'postgres'}] allowed on B after A acknowledged: ${allowedAfterAck}`,
      );
      expect(await openOnB()).toBe(403);
    },
  );

  // The end of a grant needs no message: B's cached grants never outlive it (one channel suffices).
  it.skipIf(!available || !redis)(
    "a grant given on A until now + 2 s stops the viewer's renewals on B at its end",
    async () => {
      const end = Date.now() + 2000;
      const arrived = nextRemote(b(), 'grants');
      expect(await grantViewerReportUntil(a(), setup.fixture, new Date(end).toISOString())).toBe(
        200,
      );
      await arrived;
      // The viewer's page renews its token on B until refused; nothing is published meanwhile.
      const renewals: { startedAt: number; finishedAt: number; status: number }[] = [];
      while (renewals.at(-1)?.status !== 403) {
        const startedAt = Date.now();
        const status = await openOnB();
        renewals.push({ startedAt, finishedAt: Date.now(), status });
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const refused = renewals.at(-1)!;
      console.info(`[expiry] first refusal on B ${refused.finishedAt - end} ms after the end`);
      // Granted (502: no BI service here) before the end, never refused before it, and the first
      // renewal that started after the end was refused.
      expect(renewals[0]!.status).toBe(502);
      expect(renewals.slice(0, -1).every((renewal) => renewal.status === 502)).toBe(true);
      expect(refused.finishedAt).toBeGreaterThanOrEqual(end);
      expect(renewals.filter((r) => r.startedAt >= end && r.status !== 403)).toEqual([]);
    },
  );

  it.skipIf(!available)(
    "an RLS identity mapped on A drops that viewer's identity on B",
    async () => {
      const arrived = nextRemote(b(), 'identity');
      const mapped = await callApi(a(), {
        method: 'PUT',
        url: `/api/account/${setup.fixture.account.id}/identities`,
        token: setup.fixture.tokens.administrator,
        body: {
          userId: setup.fixture.viewer.id,
          username: 'peru@cliente.example',
          roles: ['Pais'],
        },
      });
      expect(mapped.statusCode).toBeLessThan(300);
      expect(await arrived).toEqual({ kind: 'identity', userId: setup.fixture.viewer.id });
    },
  );

  it.skipIf(!available)('a favorite written on A is listed by B', async () => {
    const listOnB = async () =>
      (
        await callApi(b(), {
          method: 'GET',
          url: `/api/account/${setup.fixture.administrator.id}`,
          token: setup.fixture.tokens.administrator,
        })
      ).body;
    const before = await listOnB();
    const arrived = nextRemote(b(), 'favorites');
    const favorite = await callApi(a(), {
      method: 'POST',
      url: '/api/favorite',
      token: setup.fixture.tokens.administrator,
      body: { reportId: setup.fixture.hiddenReport.biId, userId: setup.fixture.administrator.id },
    });
    expect(favorite.statusCode).toBeLessThan(300);
    await arrived;
    expect(await listOnB()).not.toEqual(before);
  });

  it.skipIf(!available)('a session ended on A is refused on B', async () => {
    const refreshToken = await setup.fixture.issueRefreshToken(setup.fixture.otherViewer.id);
    const signedIn = await callApi(a(), {
      method: 'POST',
      url: '/api/user/refreshtoken',
      body: { token: refreshToken },
    });
    expect(signedIn.statusCode).toBe(200);
    const { token, refreshToken: current } = signedIn.json<{
      token: string;
      refreshToken: string;
    }>();
    const aboutOnB = async () =>
      (await callApi(b(), { method: 'GET', url: '/api/infraestructure/about', token })).statusCode;
    expect(await aboutOnB()).toBe(200);
    const arrived = nextRemote(b(), 'session');
    const logout = await callApi(a(), {
      method: 'POST',
      url: '/api/user/logout',
      token,
      body: { token: current },
    });
    expect(logout.statusCode).toBeLessThan(300);
    await arrived;
    expect(await aboutOnB()).toBe(401);
  });
});

describe.skipIf(!(postgresAvailable && redisAvailable))(
  'invalidation across instances while Redis is down',
  () => {
    const setup = useSeededCluster(2, { redis: true });

    it('still reaches B through PostgreSQL', async () => {
      const [a, b] = setup.apps as [App, App];
      const openOnB = () => viewerOpensReport(b, setup.fixture);
      expect(await openOnB()).toBe(502);
      await setup.redis!.stop();
      const arrived = nextRemote(b, 'grants');
      expect(await revokeViewerGrants(a, setup.fixture)).toBe(204);
      await arrived;
      expect(await openOnB()).toBe(403);
    });
  },
);
