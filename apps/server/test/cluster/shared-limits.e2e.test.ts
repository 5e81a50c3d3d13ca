import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { callApi, createUser, loginAttempt, postgresAvailable, resetDatabase } from '../helper.ts';
import { nextRemote, startTestCluster, type TestCluster } from './cluster-apps.ts';
import { redisAvailable, startTestRedis, type TestRedis } from './redis-server.ts';

/**
 * Login limits and refresh-token reuse detection hold when requests alternate between two
 * instances: the per-address limit lives in Redis, the per-user lockout and the token families
 * in PostgreSQL.
 */
const available = postgresAvailable && redisAvailable;

describe.skipIf(!available)('security across instances (Redis and PostgreSQL)', () => {
  let redis: TestRedis;
  let cluster: TestCluster;
  let apps: [App, App];
  beforeAll(async () => {
    redis = await startTestRedis();
    cluster = await startTestCluster(2, {
      REDIS_URL: redis.url,
      LOGIN_MAX_FAILURES: '3',
      LOGIN_RATE_LIMIT_PER_MINUTE: '6',
      LOGIN_REQUEST_LIMIT_PER_MINUTE: '30',
    });
    apps = cluster.apps as [App, App];
  });
  afterAll(async () => {
    await cluster?.close();
    await redis?.stop();
  });
  beforeEach(async () => resetDatabase(cluster.database.db));

  const attempt = (instance: number, address: string, username: string, password: string) =>
    loginAttempt(apps[instance % 2]!, address, { username, password });

  const audited = async (actions: string[]) =>
    (await cluster.database.db.selectFrom('audit_log').select('action').execute()).filter((row) =>
      actions.includes(row.action),
    ).length;

  it('parallel failures from one address, split across instances, get at most the limit of answers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(i, '10.9.0.1', `nadie${i}`, 'Mala1234')),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    // Six for the pair, not six per instance.
    expect(statuses.filter((status) => status === 401)).toHaveLength(6);
    expect(statuses.filter((status) => status === 429)).toHaveLength(14);
    expect((await attempt(1, '10.9.0.1', 'nadie', 'Mala1234')).statusCode).toBe(429);
    expect((await attempt(0, '10.9.0.2', 'nadie', 'Mala1234')).statusCode).toBe(401);
  });

  it('parallel guesses at one user, split across instances, get at most LOGIN_MAX_FAILURES verdicts', async () => {
    await createUser(cluster.database.db, { username: 'victima', password: 'Clave1234' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => attempt(i, `10.8.${i}.1`, 'victima', `Mala${1000 + i}`)),
    );
    expect(await audited(['login.failed', 'login.locked'])).toBeLessThanOrEqual(3);
    expect(answers.filter((answer) => answer.statusCode === 401).length).toBeLessThanOrEqual(2);
    // Locked on both instances, even with the right password.
    expect((await attempt(0, '10.8.99.1', 'victima', 'Clave1234')).statusCode).toBe(429);
    expect((await attempt(1, '10.8.99.2', 'victima', 'Clave1234')).statusCode).toBe(429);
  });

  it('the login request ceiling (@fastify/rate-limit on Redis) counts both instances together', async () => {
    await createUser(cluster.database.db, { username: 'constante', password: 'Clave1234' });
    const statuses: number[] = [];
    for (let i = 0; i < 40; i++)
      statuses.push((await attempt(i, '10.6.0.1', 'constante', 'Clave1234')).statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(30);
    expect(statuses.slice(30)).toEqual(Array.from({ length: 10 }, () => 429));
  });

  it('a refresh token reused on the other instance ends the session on both', async () => {
    await createUser(cluster.database.db, { username: 'titular', password: 'Clave1234' });
    const signedIn = await attempt(0, '10.7.0.1', 'titular', 'Clave1234');
    expect(signedIn.statusCode).toBe(200);
    const first = signedIn.json<{ token: string; refreshToken: string }>();
    const refresh = (instance: number, token: string) =>
      callApi(apps[instance]!, { method: 'POST', url: '/api/user/refreshtoken', body: { token } });
    const rotated = await refresh(0, first.refreshToken);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<{ token: string; refreshToken: string }>();
    const about = (instance: number) =>
      apps[instance]!.inject({
        method: 'GET',
        url: '/api/infraestructure/about',
        headers: { authorization: `Bearer ${second.token}` },
      });
    // A has the session cached as alive.
    expect((await about(0)).statusCode).toBe(200);

    const arrived = nextRemote(apps[0], 'session');
    // The spent token comes back on B: reuse, the whole family is revoked.
    expect((await refresh(1, first.refreshToken)).statusCode).toBe(401);
    expect(await audited(['token.reuse_detected'])).toBe(1);
    await arrived;
    expect((await about(0)).statusCode).toBe(401);
    expect((await about(1)).statusCode).toBe(401);
    expect((await refresh(0, second.refreshToken)).statusCode).toBe(401);
  });
});
