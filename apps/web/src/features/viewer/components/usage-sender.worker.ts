/**
 * Sends the viewer's usage reports off the main thread (decision 0268): the page posts the
 * request (URL, headers with the session's token, body) and this worker makes the keepalive
 * call. A failure is dropped: usage is never worth an error on the viewer.
 */
interface UsageRequest {
  url: string;
  headers: Record<string, string>;
  body: unknown;
}

self.onmessage = ({ data }: MessageEvent<UsageRequest>) => {
  fetch(data.url, {
    method: 'POST',
    headers: data.headers,
    body: JSON.stringify(data.body),
    keepalive: true,
    credentials: 'same-origin',
  }).catch(() => undefined);
};
