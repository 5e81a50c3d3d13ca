import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { onTestFinished } from 'vitest';
import { contractRoutes, contractViolations } from './api-contract.ts';

export interface RecordedRequest {
  method: string;
  path: string;
  /** Lower-case names, as they went over the wire. */
  headers: Record<string, string>;
  body: unknown;
}

export interface Answer {
  status: number;
  body?: unknown;
}

export type Handler = (request: RecordedRequest) => Answer | Promise<Answer>;

/**
 * MSW's interception of `fetch` for every web test (started and reset in `test/setup.ts`): a
 * request that no test answers fails loudly instead of reaching the network.
 */
export const mockApi = setupServer();

async function record(request: Request): Promise<RecordedRequest> {
  const raw = await request.text();
  return {
    method: request.method,
    path: new URL(request.url).pathname,
    headers: Object.fromEntries(request.headers),
    // A file upload (application/octet-stream) is kept as its text.
    body: raw
      ? request.headers.get('content-type')?.includes('json') === false
        ? raw
        : (JSON.parse(raw) as unknown)
      : undefined,
  };
}

const respond = ({ status, body }: Answer) =>
  body === undefined ? new HttpResponse(null, { status }) : HttpResponse.json(body, { status });

/**
 * Answers every `/api/` call of the current test with `handler`, whatever the route, and records
 * the requests. For tests of the HTTP client itself, whose routes are placeholders.
 */
export function recordApi(handler: Handler) {
  const requests: RecordedRequest[] = [];
  mockApi.use(
    http.all('*/api/*', async ({ request }) => {
      const recorded = await record(request);
      requests.push(recorded);
      return respond(await handler(recorded));
    }),
  );
  return { requests };
}

/**
 * Plays the portal API for the current test: each route of the contract is answered by `handler`
 * and every request is recorded. A request or answer that breaks the contracts' schemas, or a call
 * to a route the contract does not have, fails the test when it ends.
 */
export function serveApi(handler: Handler) {
  const requests: RecordedRequest[] = [];
  const violations: string[] = [];
  onTestFinished(() => {
    if (violations.length > 0)
      throw new Error(`The test's API double broke the contract:\n${violations.join('\n')}`);
  });
  mockApi.use(
    ...contractRoutes.map((route) =>
      http[route.method](`*/api/${route.path}`, async ({ request }) => {
        const recorded = await record(request);
        requests.push(recorded);
        const answer = await handler(recorded);
        const problems = contractViolations(route, recorded.body, answer);
        violations.push(
          ...problems.map((problem) => `${recorded.method} ${recorded.path} ${problem}`),
        );
        return respond(answer);
      }),
    ),
    http.all('*/api/*', async ({ request }) => {
      const { method, path } = await record(request);
      violations.push(`${method} ${path} is not a route of the portal API contract`);
      return respond({ status: 404, body: { code: 'not_found', message: 'Ruta desconocida.' } });
    }),
  );
  return { requests };
}
