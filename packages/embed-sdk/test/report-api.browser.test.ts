import type { Frame, Page } from 'playwright-core';
import { describeInBrowser } from '@vitrina/e2e/browser';
import { beforeAll, expect, it } from 'vitest';
import { outcome, setReply, waitForRequest } from './support/harness.ts';
import { cases, report } from './support/report-api-cases.ts';
import { embedAndWait, reportConfig, useOurSdk } from './support/suite.ts';

describeInBrowser('report API on the wire (our SDK, two origins)', () => {
  const state = useOurSdk();
  let page: Page;
  let frame: Frame;
  const counts = new Map<string, number>();

  /** Waits for the next `method url` request (counting repeats of the same route). */
  async function nextRequest(method: string, url: string) {
    const key = `${method} ${url}`;
    const count = (counts.get(key) ?? 0) + 1;
    counts.set(key, count);
    return waitForRequest(frame, method, url, count);
  }

  beforeAll(async () => {
    page = await state.harness.newPage();
    frame = await embedAndWait(page, 'c1', reportConfig(state.harness, { uniqueId: 'u1' }));
    counts.set('POST /report/load', 1);
  });

  it.each(cases)('$call → $method $url', async ({ call, method, url, body, reply, resolves }) => {
    if (reply) await setReply(frame, method, url, reply);
    const settled = await outcome(page, call);
    const request = await nextRequest(method, url);
    expect(request.headerKeys).toEqual(['x-sdk-type', 'x-sdk-version', 'uid', 'id']);
    expect(request.headers).toMatchObject({
      'x-sdk-type': 'js',
      'x-sdk-version': '2.8.0',
      uid: 'u1',
    });
    if (body === 'absent') expect(request.hasBody).toBe(false);
    else expect(request.body).toEqual(body);
    expect(request.origin).toBe(state.harness.host.url);
    const expectedReply = reply ?? { statusCode: 202 };
    if (resolves === 'body') expect(settled).toEqual({ resolved: expectedReply.body });
    else if (resolves === 'envelope') {
      expect(settled).toEqual({
        resolved: { statusCode: expectedReply.statusCode, headers: { id: request.headers['id'] } },
      });
    } else expect(settled).toEqual({ resolved: resolves.value });
  });

  it('rejects with the reply body, for queries and commands alike', async () => {
    await setReply(frame, 'GET', '/report/filters', {
      statusCode: 400,
      body: [{ message: 'bad filter' }],
    });
    expect(await outcome(page, `${report}.getFilters()`)).toEqual({
      rejected: [{ message: 'bad filter' }],
    });
    await setReply(frame, 'PUT', '/report/pages/active', {
      statusCode: 500,
      body: { message: 'boom' },
    });
    expect(await outcome(page, `${report}.setPage('P9')`)).toEqual({
      rejected: { message: 'boom' },
    });
  });

  it('setAccessToken posts the raw token and then updates config, attribute and service token', async () => {
    const settled = await outcome(
      page,
      `${report}.setAccessToken('t2').then(() => [${report}.config.accessToken, document.getElementById('c1').getAttribute('powerbi-access-token'), powerbi.accessToken])`,
    );
    const request = await nextRequest('POST', '/report/token');
    expect(request.body).toBe('t2');
    expect(settled).toEqual({ resolved: ['t2', 't2', 't2'] });
  });

  it('reload() and load() carry sdkSessionId; load(config, true) on a report uses /report/prepare', async () => {
    await outcome(page, `${report}.reload()`);
    const reload = await nextRequest('POST', '/report/load');
    expect(reload.headerKeys).toEqual(['x-sdk-type', 'x-sdk-version', 'uid', 'sdkSessionId', 'id']);
    expect(reload.headers['sdkSessionId']).toMatch(/^[0-9a-f]{20}$/);
    expect(await outcome(page, `${report}.load(${report}.config, true)`)).toEqual({
      resolved: undefined,
    });
    const prepare = await nextRequest('POST', '/report/prepare');
    expect(prepare.body).toMatchObject({
      type: 'report',
      id: 'r1',
      uniqueId: 'u1',
      accessToken: 't2',
    });
  });
});
