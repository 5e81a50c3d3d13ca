/**
 * A portal API request over real HTTP, as the SPA sends it: the XSRF cookie with its matching
 * header (the double-submit check that every write passes), the bearer token when there is one,
 * and the body as JSON, or as raw bytes when it is a string (a file upload); `headers` add to them.
 */
const xsrf = 'process-test-xsrf';

export function portalRequest(
  baseUrl: string,
  method: string,
  path: string,
  {
    token,
    body,
    headers,
  }: { token?: string | undefined; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  const raw = typeof body === 'string';
  return fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      cookie: `XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined
        ? {}
        : { 'content-type': raw ? 'application/octet-stream' : 'application/json' }),
      ...headers,
    },
    ...(body === undefined ? {} : { body: raw ? body : JSON.stringify(body) }),
  });
}
