import { describe, expect, it } from 'vitest';
import type { IPostMessage } from './envelope.ts';
import { HttpPostMessage } from './http-post-message.ts';

/** Records what the layer hands to the proxy, and answers like a proxy that stamped `id`. */
class RecordingProxy implements IPostMessage<string> {
  readonly posts: {
    target: string;
    message: Record<string, unknown>;
    targetOrigin: string | undefined;
    args: number;
  }[] = [];
  postMessage<T>(target: string, message: object, ...rest: [string?]): Promise<T> {
    HttpPostMessage.addTrackingProperties(message, { id: 'track1' });
    this.posts.push({
      target,
      message: message as Record<string, unknown>,
      targetOrigin: rest[0],
      args: 2 + rest.length,
    });
    return Promise.resolve({ statusCode: 200, headers: { id: 'track1' }, body: 'ok' } as T);
  }
}

const defaults = { 'x-sdk-type': 'js', 'x-sdk-version': '2.8.0' };

describe('HttpPostMessage', () => {
  it('orders headers defaults first, then per-call headers, then the tracking id', async () => {
    const proxy = new RecordingProxy();
    const hpm = new HttpPostMessage(proxy, { ...defaults });
    await hpm.post('/report/load', { id: 'r' }, { uid: 'u1', sdkSessionId: 's' }, 'frame');
    const [post] = proxy.posts;
    expect(post?.message).toEqual({
      method: 'POST',
      url: '/report/load',
      headers: {
        'x-sdk-type': 'js',
        'x-sdk-version': '2.8.0',
        uid: 'u1',
        sdkSessionId: 's',
        id: 'track1',
      },
      body: { id: 'r' },
    });
    expect(Object.keys(post?.message['headers'] as object)).toEqual([
      'x-sdk-type',
      'x-sdk-version',
      'uid',
      'sdkSessionId',
      'id',
    ]);
    expect(post?.target).toBe('frame');
  });

  it('lets per-call headers override the defaults', async () => {
    const proxy = new RecordingProxy();
    await new HttpPostMessage(proxy, { ...defaults }).get(
      '/report/pages',
      { 'x-sdk-version': '9' },
      'frame',
    );
    expect(proxy.posts[0]?.message['headers']).toEqual({
      'x-sdk-type': 'js',
      'x-sdk-version': '9',
      id: 'track1',
    });
  });

  it('sends GET without a body property and DELETE with a null body by default', async () => {
    const proxy = new RecordingProxy();
    const hpm = new HttpPostMessage(proxy, {}, 'frame');
    await hpm.get('/a');
    await hpm.delete('/b');
    expect('body' in (proxy.posts[0]?.message ?? {})).toBe(false);
    expect(proxy.posts[1]?.message).toMatchObject({ method: 'DELETE', url: '/b', body: null });
  });

  it('uses put, patch and post with their methods and the default target', async () => {
    const proxy = new RecordingProxy();
    const hpm = new HttpPostMessage(proxy, {}, 'frame');
    await hpm.put('/p', 1);
    await hpm.patch('/q', 2);
    expect(proxy.posts.map((post) => [post.message['method'], post.target])).toEqual([
      ['PUT', 'frame'],
      ['PATCH', 'frame'],
    ]);
  });

  it('passes a target origin only when one is given, per call or by default', async () => {
    const proxy = new RecordingProxy();
    await new HttpPostMessage(proxy, {}, 'frame').get('/a');
    await new HttpPostMessage(proxy, {}, 'frame', 'https://bi.example').get('/b');
    await new HttpPostMessage(proxy, {}, 'frame').get('/c', {}, undefined, 'https://other.example');
    expect(proxy.posts.map((post) => [post.args, post.targetOrigin])).toEqual([
      [2, undefined],
      [3, 'https://bi.example'],
      [3, 'https://other.example'],
    ]);
  });

  it('resolves with the whole response envelope', async () => {
    const response = await new HttpPostMessage(new RecordingProxy(), {}, 'frame').get('/a');
    expect(response).toEqual({ statusCode: 200, headers: { id: 'track1' }, body: 'ok' });
  });

  it('throws synchronously, with 0.2.3 text, when no target window is known', () => {
    const hpm = new HttpPostMessage(new RecordingProxy(), {}, null);
    expect(() => hpm.get('/a')).toThrow(
      new Error(
        'target window is not provided.  You must either provide the target window explicitly as argument to request, or specify default target window when constructing instance of this class.',
      ),
    );
  });
});

describe('HttpPostMessage statics', () => {
  it('adds the tracking id into headers, creating them when missing', () => {
    expect(HttpPostMessage.addTrackingProperties({ url: '/a' }, { id: 'x' })).toEqual({
      url: '/a',
      headers: { id: 'x' },
    });
    expect(HttpPostMessage.addTrackingProperties({ headers: { a: '1' } }, { id: 'y' })).toEqual({
      headers: { a: '1', id: 'y' },
    });
    expect(HttpPostMessage.addTrackingProperties({}, undefined)).toEqual({ headers: {} });
  });

  it('reads the tracking id from headers', () => {
    expect(HttpPostMessage.getTrackingProperties({ headers: { id: 'z' } })).toEqual({ id: 'z' });
    expect(HttpPostMessage.getTrackingProperties({})).toEqual({ id: undefined });
  });

  it('counts only a numeric status outside 2xx as an error', () => {
    expect(HttpPostMessage.isErrorMessage({ statusCode: 200 })).toBe(false);
    expect(HttpPostMessage.isErrorMessage({ statusCode: 299 })).toBe(false);
    expect(HttpPostMessage.isErrorMessage({ statusCode: 300 })).toBe(true);
    expect(HttpPostMessage.isErrorMessage({ statusCode: 400 })).toBe(true);
    expect(HttpPostMessage.isErrorMessage({ statusCode: 199 })).toBe(true);
    expect(HttpPostMessage.isErrorMessage({ statusCode: '500' })).toBe(false);
    expect(HttpPostMessage.isErrorMessage({ warning: 'no handler' })).toBe(false);
    expect(HttpPostMessage.isErrorMessage(null)).toBe(false);
  });
});
