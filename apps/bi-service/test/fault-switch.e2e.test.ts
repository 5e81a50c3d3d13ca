import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, startBiProcess } from '@vitrina/test-support/processes';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, comercial, startTestService, userToken } from './harness.ts';
import { faultSwitchPath, installFaultSwitch } from './support/fault-switch.ts';
import { useTestService } from './support/test-service.ts';

const service = useTestService({}, {}, { configureApp: installFaultSwitch });
let token: string;
const groups = '/v1.0/myorg/groups';

const setFaults = (faults: unknown) =>
  call(service.url, faultSwitchPath, { method: 'PUT', body: faults });

beforeAll(async () => {
  token = await userToken(service.url, comercial);
});
afterEach(() => call(service.url, faultSwitchPath, { method: 'DELETE' }));

describe('the test fault switch', () => {
  it('is not there unless the app was built with it', async () => {
    const plain = await startTestService();
    try {
      expect((await call(plain.url, faultSwitchPath, { method: 'PUT', body: [] })).status).toBe(
        404,
      );
    } finally {
      await plain.close();
    }
  });

  it('answers 500 the given number of times, then lets calls through', async () => {
    expect((await setFaults([{ status: 500, times: 2 }])).status).toBe(204);
    const statuses = [];
    for (let i = 0; i < 3; i++) statuses.push((await call(service.url, groups, { token })).status);
    expect(statuses).toEqual([500, 500, 200]);
  });

  it('answers 429 with Retry-After', async () => {
    await setFaults([{ status: 429, retryAfterSeconds: 7 }]);
    const { status, headers, json } = await call(service.url, groups, { token });
    expect(status).toBe(429);
    expect(headers.get('retry-after')).toBe('7');
    expect(json).toMatchObject({ error: { code: 'TooManyRequests' } });
  });

  it('makes content vanish between two calls: the first passes, the second is 404', async () => {
    const [first] = ((await call(service.url, groups, { token })).json['value'] ?? []) as {
      id: string;
    }[];
    const reports = `${groups}/${first!.id}/reports`;
    await setFaults([{ path: reports, skip: 1, status: 404 }]);
    expect((await call(service.url, reports, { token })).status).toBe(200);
    const gone = await call(service.url, reports, { token });
    expect(gone.status).toBe(404);
    expect(gone.json).toMatchObject({ error: { code: 'PowerBIEntityNotFound' } });
  });

  it('slows answers down without changing them', async () => {
    const baseline = await call(service.url, groups, { token });
    await setFaults([{ delayMs: 300, times: 1 }]);
    const slow = await call(service.url, groups, { token });
    expect(slow.status).toBe(200);
    expect(slow.json).toEqual(baseline.json);
    const [met] = (await call(service.url, faultSwitchPath)).json as unknown as {
      fired: number;
    }[];
    expect(met?.fired).toBe(1);
  });

  it('refuses a fault that does nothing', async () => {
    expect((await setFaults([{ path: '/v1.0/' }])).status).toBe(400);
  });
});

/**
 * The processes: the shipped entry point has no way to turn the switch on, whatever the
 * environment says (the variable that once did is ignored); the tests' own entry point has it.
 */
describe('the fault switch in a process', () => {
  const dataRoot = mkdtempSync(join(tmpdir(), 'vitrina-bi-faults-'));
  afterAll(() => rmSync(dataRoot, { recursive: true, force: true }));

  async function faultSwitchStatus(entry: 'shipped' | 'withFaultSwitch', dataDir: string) {
    const bi = await startBiProcess({
      entry,
      // Unset NODE_ENV is a production start, as a service manager runs it.
      env: { NODE_ENV: undefined, BI_TEST_FAULTS: 'true' },
      placement: {
        port: await freePort(),
        tlsPort: await freePort(),
        dataDir: join(dataRoot, dataDir),
      },
    });
    try {
      return (await call(bi.url, faultSwitchPath, { method: 'PUT', body: [] })).status;
    } finally {
      await bi.stop();
    }
  }

  it('the shipped server answers 404 at /_test/faults even with BI_TEST_FAULTS=true', async () => {
    expect(await faultSwitchStatus('shipped', 'shipped')).toBe(404);
  }, 70_000);

  it('the tests’ entry point starts the same server with the switch', async () => {
    expect(await faultSwitchStatus('withFaultSwitch', 'tests')).toBe(204);
  }, 70_000);
});
