import { ApiError } from '../../../lib/api-error.ts';
import { api } from '../../../lib/api.ts';

/** The SDK phases of one open, in whole milliseconds (`usageOpenSchema` of the contracts). */
interface Phases {
  tokenMs?: number;
  loadedMs?: number;
  renderedMs?: number;
  totalMs?: number;
}

/** The code an open failed with: the portal API's, the SDK's `errorCode`, or `desconocido`. */
export function openErrorCode(error: unknown): string {
  if (error instanceof ApiError) return error.code;
  const code = (error as { errorCode?: unknown } | null)?.errorCode;
  return typeof code === 'string' && code ? code : 'desconocido';
}

/**
 * Times one report open from `startedAt` (a `performance.now()`) and reports it once, when it
 * rendered or failed, to `usage/opens` (issue 30). The call is a keepalive `fetch` through the
 * portal's client, so it carries the session's bearer token (which `sendBeacon` cannot) and
 * outlives the page; it runs after the view and nobody waits for it (decision 0268).
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
    api
      .post('usage/opens', { reportUid, phases, device, ...details }, { keepalive: true })
      .catch(() => undefined);
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
