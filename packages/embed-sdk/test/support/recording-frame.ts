/**
 * A test frame page: records every message the host sends, answers requests from a reply table
 * the test sets, and sends event requests to the host on demand. It installs its listener from a
 * parser-inserted script, before its `load` event, as a real frame must.
 * Query flags: `ready=1` posts `/ready/<uid>` at once; `silent=1` never answers; `autoloaded=1`
 * posts the `loaded` event after answering a load (for the benchmark, with arrival times in `timings`).
 */
interface Envelope {
  method?: string;
  url?: string;
  headers?: Record<string, unknown>;
  body?: unknown;
  statusCode?: number;
}

export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, unknown>;
  headerKeys: string[];
  body: unknown;
  hasBody: boolean;
  origin: string;
}

export interface FrameReply {
  statusCode: number;
  statusText?: string;
  body?: unknown;
}

const params = new URLSearchParams(location.search);
const received: RecordedRequest[] = [];
/** When each request arrived, in epoch milliseconds comparable with the host's clock. */
const timings: { url: string; at: number }[] = [];
const replies: Record<string, FrameReply> = {};
const waitingForReply = new Map<string, (reply: Envelope) => void>();
let eventCounter = 0;

function defaultReply(method: string): FrameReply {
  return method === 'GET' ? { statusCode: 200, body: null } : { statusCode: 202 };
}

window.addEventListener('message', (event: MessageEvent<Envelope>) => {
  const message = event.data;
  if (!message || typeof message !== 'object') return;
  const id = String(message.headers?.['id'] ?? '');
  const waiter = waitingForReply.get(id);
  if (waiter && typeof message.method !== 'string') {
    waitingForReply.delete(id);
    waiter(message);
    return;
  }
  timings.push({ url: String(message.url), at: performance.timeOrigin + performance.now() });
  received.push({
    method: String(message.method),
    url: String(message.url),
    headers: { ...message.headers },
    headerKeys: Object.keys(message.headers ?? {}),
    body: message.body,
    hasBody: 'body' in message,
    origin: event.origin,
  });
  if (params.get('silent') === '1') return;
  const reply = replies[`${message.method} ${message.url}`] ?? defaultReply(String(message.method));
  const response = {
    statusCode: reply.statusCode,
    statusText: reply.statusText,
    headers: { id },
    body: reply.body,
  };
  (event.source as Window).postMessage(response, event.origin);
  if (params.get('autoloaded') === '1' && /\/(load|prepare)$/.test(String(message.url))) {
    void sendRequest(`/reports/${String(message.headers?.['uid'])}/events/loaded`, null);
  }
});

/** Posts a request to the host; resolves with its reply, or 'no reply' after `waitMs`. */
function sendRequest(url: string, body: unknown, waitMs = 1500): Promise<Envelope | 'no reply'> {
  const id = `frame-${++eventCounter}`;
  return new Promise((resolve) => {
    waitingForReply.set(id, resolve);
    setTimeout(() => {
      if (waitingForReply.delete(id)) resolve('no reply');
    }, waitMs);
    window.parent.postMessage({ method: 'POST', url, headers: { id }, body }, '*');
  });
}

const uid = params.get('uid') ?? undefined;
/** The host's reply to `/ready/<uid>` (sent when `ready=1`); `/frontload/config` precedes it. */
const readyReply = params.get('ready') === '1' ? sendRequest(`/ready/${uid}`, null) : undefined;
const testFrame = { received, timings, replies, sendRequest, uid, readyReply };
(window as unknown as { testFrame: typeof testFrame }).testFrame = testFrame;
