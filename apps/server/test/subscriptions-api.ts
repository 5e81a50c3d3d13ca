import { callApi, type TestApp } from './helper.ts';

/**
 * The portal API as the subscription tests call it: `api` for any route, `subscribe` to create a
 * subscription with `body` as the holder of `token`.
 */
export function subscriptionsApi(state: { context: TestApp }) {
  const api = (
    token: string | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    body?: unknown,
  ) => callApi(state.context.app, { method, url, token, ...(body === undefined ? {} : { body }) });
  const subscribe = (token: string | null, body: unknown) =>
    api(token, 'POST', '/api/subscriptions', body);
  return { api, subscribe };
}
