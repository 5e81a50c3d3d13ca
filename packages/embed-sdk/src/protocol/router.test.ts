import { describe, expect, it } from 'vitest';
import type { IAddHandler, IRequestHandler } from './envelope.ts';
import { Router, type IExtendedRequest } from './router.ts';

/** Plays the proxy's part: the first handler whose test passes handles the message. */
class HandlerList implements IAddHandler {
  readonly handlers: IRequestHandler[] = [];
  addHandler(handler: IRequestHandler): void {
    this.handlers.push(handler);
  }
  deliver(message: object): Promise<unknown> | 'unhandled' {
    const handler = this.handlers.find((candidate) => candidate.test(message));
    return handler ? Promise.resolve(handler.handle(message)) : 'unhandled';
  }
}

function request(method: string, url: string, body: unknown = null) {
  return { method, url, headers: { id: 'i' }, body };
}

function routerWith(...routes: [string, string][]) {
  const list = new HandlerList();
  const router = new Router(list);
  const seen: { route: string; request: IExtendedRequest }[] = [];
  for (const [method, pattern] of routes) {
    const register = router[method.toLowerCase() as 'get'].bind(router);
    register(pattern, (req, res) => {
      seen.push({ route: `${method} ${pattern}`, request: req });
      res.send(202, pattern);
    });
  }
  return { list, router, seen };
}

describe('Router', () => {
  it('adds one proxy handler per registration', () => {
    const { list } = routerWith(['GET', '/a'], ['GET', '/b'], ['POST', '/a']);
    expect(list.handlers).toHaveLength(3);
  });

  it('extracts :params and answers with the response the handler filled in', async () => {
    const { list, seen } = routerWith(['POST', '/reports/:uniqueId/events/:eventName']);
    const reply = await list.deliver(request('POST', '/reports/abc/events/loaded'));
    expect(reply).toMatchObject({
      statusCode: 202,
      headers: {},
      body: '/reports/:uniqueId/events/:eventName',
    });
    expect(seen[0]?.request.params).toEqual({ uniqueId: 'abc', eventName: 'loaded' });
  });

  it('prefers static over dynamic over star routes whatever the registration order', async () => {
    const { list, seen } = routerWith(
      ['GET', '*notfound'],
      ['GET', '/report/:thing'],
      ['GET', '/report/pages'],
    );
    await list.deliver(request('GET', '/report/pages'));
    await list.deliver(request('GET', '/report/filters'));
    await list.deliver(request('GET', '/elsewhere/deep/path'));
    expect(seen.map((entry) => entry.route)).toEqual([
      'GET /report/pages',
      'GET /report/:thing',
      'GET *notfound',
    ]);
    expect(seen[2]?.request.params).toEqual({ notfound: 'elsewhere/deep/path' });
  });

  it('routes by method and leaves unknown paths and methods unhandled', () => {
    const { list } = routerWith(['GET', '/a']);
    expect(list.deliver(request('POST', '/a'))).toBe('unhandled');
    expect(list.deliver(request('GET', '/b'))).toBe('unhandled');
    expect(list.deliver({ not: 'a request' })).toBe('unhandled');
  });

  it('splits query strings, decodes the path, and ignores leading and trailing slashes', async () => {
    const { list, seen } = routerWith(['GET', 'report/pages/:name']);
    await list.deliver(
      request('GET', '/report/pages/P%C3%A1gina%201/?a=1&flag&list[]=x&list[]=y&e=a%20b&empty='),
    );
    expect(seen[0]?.request.params).toEqual({ name: 'Página 1' });
    expect(seen[0]?.request.queryParams).toEqual({
      a: '1',
      flag: 'true',
      list: ['x', 'y'],
      e: 'a b',
      empty: '',
    });
  });

  it('matches case-sensitively', () => {
    const { list } = routerWith(['GET', '/report/pages']);
    expect(list.deliver(request('GET', '/Report/Pages'))).toBe('unhandled');
  });

  it('answers 200, empty headers and a null body when the handler sends nothing', async () => {
    const list = new HandlerList();
    new Router(list).put('/x', () => undefined);
    expect(await list.deliver(request('PUT', '/x'))).toEqual({
      statusCode: 200,
      headers: {},
      body: null,
    });
  });

  it('waits for asynchronous handlers', async () => {
    const list = new HandlerList();
    new Router(list).patch('/x', async (_req, res) => {
      await Promise.resolve();
      res.send(400, [{ message: 'bad' }]);
    });
    expect(await list.deliver(request('PATCH', '/x'))).toMatchObject({
      statusCode: 400,
      body: [{ message: 'bad' }],
    });
  });

  it('lets a synchronous throw reach the proxy, which then sends its default reply', () => {
    const list = new HandlerList();
    new Router(list).delete('/x', () => {
      throw new Error('boom');
    });
    expect(() => list.deliver(request('DELETE', '/x'))).toThrow('boom');
  });
});
