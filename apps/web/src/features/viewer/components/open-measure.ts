import { ApiError } from '../../../lib/api-error.ts';
import { getCurrentUser } from '../../../lib/session.ts';
import { XSRF_COOKIE, XSRF_HEADER, readCookie } from '../../../lib/xsrf.ts';

/** The SDK phases of one open, in whole milliseconds (`usageOpenSchema` of the contracts). */
interface Phases {
  tokenMs?: number;
  loadedMs?: number;
  renderedMs?: number;
  totalMs?: number;
}

/** The code an open failed with: the portal API's, the SDK's `errorCode`, or `desconocido`. */
function openErrorCode(error: unknown): string {
  if (error instanceof ApiError) return error.code;
  const code = (error as { errorCode?: unknown } | null)?.errorCode;
  return typeof code === 'string' && code ? code : 'desconocido';
}

let sender: Worker | undefined;

/**
 * Hands a usage report to the sender worker, made on the first report: the page's main thread
 * only posts a message, the worker makes the call. Authenticated as every API call is: the
 * session's bearer token and the anti-forgery header.
 */
function report(body: object): void {
  const token = getCurrentUser()?.token;
  if (!token || typeof Worker === 'undefined') return;
  sender ??= new Worker(new URL('./usage-sender.worker.ts', import.meta.url), { type: 'module' });
  sender.postMessage({
    url: new URL('/api/usage/opens', window.location.href).href,
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      [XSRF_HEADER]: readCookie(XSRF_COOKIE) ?? '',
    },
    body,
  });
}

/**
 * Times one report open from `startedAt` (a `performance.now()`) and reports it once, when it
 * rendered or failed, to `usage/opens` (issue 30): a keepalive `fetch` made by a worker, so it
 * carries the session's bearer token (which `sendBeacon` cannot) and costs the main thread only
 * a message; nobody waits for it (decision 0268).
 */
export function measureOpen(reportUid: string, device: 'desktop' | 'phone', startedAt: number) {
  const phases: Phases = {};
  const since = (from: number) => Math.round(performance.now() - from);
  let embeddedAt = startedAt;
  let loadedAt = startedAt;
  let sent = false;
  const send = (details: { page?: string; errorCode?: string }) => {
    if (sent) return;
    sent = true;
    report({ reportUid, phases, device, ...details });
  };
  return {
    tokenReceived: () => (phases.tokenMs = since(startedAt)),
    embedded: () => (embeddedAt = performance.now()),
    loaded() {
      loadedAt = performance.now();
      phases.loadedMs ??= since(embeddedAt);
    },
    /** The first `rendered` only: later ones are interactions, not the open. */
    rendered(page: Promise<string | undefined>) {
      if (sent || phases.totalMs !== undefined) return;
      phases.renderedMs = since(loadedAt);
      phases.totalMs = since(startedAt);
      void page.then(
        (name) => send(name ? { page: name } : {}),
        () => send({}),
      );
    },
    failed: (error: unknown) => send({ errorCode: openErrorCode(error) }),
  };
}
