import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../src/app.ts';
import { callApi, postgresAvailable } from '../helper.ts';
import { startTestCluster, type TestCluster } from './cluster-apps.ts';
import { startBiProcess, type ServerProcess } from '@vitrina/test-support/processes';
import { redisAvailable, startTestRedis, type TestRedis } from './redis-server.ts';

interface Readiness {
  status: string;
  dependencies: Record<string, string>;
  message?: string;
}

/**
 * `/api/ready` checks PostgreSQL, Redis and the real BI service, and names what is down; the
 * instance keeps serving through a Redis outage and is ready again when Redis returns.
 */
describe.skipIf(!(postgresAvailable && redisAvailable))('readiness and Redis outage', () => {
  let redis: TestRedis;
  let bi: ServerProcess;
  let cluster: TestCluster;
  let app: App;
  beforeAll(async () => {
    [redis, bi] = await Promise.all([startTestRedis(), startBiProcess()]);
    cluster = await startTestCluster(1, { REDIS_URL: redis.url, BI_API_URL: bi.url });
    app = cluster.apps[0]!;
  }, 150_000);
  afterAll(async () => {
    await cluster?.close();
    await redis?.stop();
    await bi?.stop();
  });

  const ready = async () => {
    const response = await callApi(app, { method: 'GET', url: '/api/ready' });
    return { status: response.statusCode, body: response.json<Readiness>() };
  };
  /** Reconnection takes a moment after Redis returns: ask until ready (bounded). */
  const readyAgain = async () => {
    for (let attempt = 0; attempt < 100; attempt++) {
      const answer = await ready();
      if (answer.status === 200) return answer;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return ready();
  };

  /** Not ready, with `down` alone named as down; answers the message. */
  const messageWithDown = async (down: 'redis' | 'bi') => {
    const answer = await ready();
    expect(answer.status).toBe(503);
    expect(answer.body.dependencies).toEqual({
      database: 'ok',
      redis: 'ok',
      bi: 'ok',
      [down]: 'caído',
    });
    return answer.body.message;
  };

  it('is ready when PostgreSQL, Redis and the BI service answer', async () => {
    expect(await ready()).toEqual({
      status: 200,
      body: { status: 'ok', dependencies: { database: 'ok', redis: 'ok', bi: 'ok' } },
    });
    expect((await callApi(app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });

  it('says 503 naming Redis while it is down, keeps serving, and recovers', async () => {
    await redis.stop();
    expect(await messageWithDown('redis')).toContain('redis');
    // Logins still get answers (the per-address limit falls back to memory).
    const login = await callApi(app, {
      method: 'POST',
      url: '/api/user/authenticate',
      body: { username: 'nadie', password: 'Mala1234' },
    });
    expect(login.statusCode).toBe(401);
    // Invalidations still go out through PostgreSQL.
    expect(app.cluster.bus.channels).toContain('postgres');

    await redis.start();
    expect((await readyAgain()).status).toBe(200);
  });

  it('says 503 naming the BI service while it is down', async () => {
    await bi.stop();
    expect(await messageWithDown('bi')).toBe('Dependencias no disponibles: bi.');
  });
});
