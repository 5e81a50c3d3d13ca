/**
 * A frame built only on Microsoft's published libraries (window-post-message-proxy,
 * http-post-message, powerbi-router), the way a Power BI frame answers powerbi-client: it must
 * work unchanged against our SDK. With `?ready=1` it first announces itself with `/ready/<uid>`
 * (the uid from its own query), as Power BI's frames do; with `?ready=late` it does so only a
 * moment after its `load`, once the host has already sent its first `/report/load`.
 */
import { HttpPostMessage } from 'http-post-message';
import { Router } from 'powerbi-router';
import { WindowPostMessageProxy } from 'window-post-message-proxy';

const wpmp = new WindowPostMessageProxy({
  processTrackingProperties: {
    addTrackingProperties: HttpPostMessage.addTrackingProperties,
    getTrackingProperties: HttpPostMessage.getTrackingProperties,
  },
  isErrorMessage: HttpPostMessage.isErrorMessage,
  suppressWarnings: true,
  name: 'microsoft-frame',
});
const hpm = new HttpPostMessage(wpmp, { 'x-frame': 'microsoft' }, window.parent);
const router = new Router(wpmp);

const params = new URLSearchParams(location.search);
const state = {
  uid: params.get('uid') ?? '',
  loads: [] as unknown[],
  eventReplies: [] as unknown[],
};
(window as unknown as { microsoftFrame: typeof state }).microsoftFrame = state;

/** Posts an event to the host and records how the host answered it. */
function emit(name: string, body: unknown): void {
  void hpm.post<unknown>(`/reports/${state.uid}/events/${name}`, body).then(
    (reply) => state.eventReplies.push([name, reply.statusCode, reply.body]),
    (reply: unknown) => state.eventReplies.push([name, 'rejected', reply]),
  );
}

router.post('/report/load', (request, response) => {
  state.uid = String(request.headers['uid']);
  state.loads.push(request.body);
  response.send(202);
  emit('loaded', { initiator: 'sdk' });
});
router.get('/report/pages', (_request, response) => {
  response.send(200, [
    { name: 'P1', displayName: 'Uno', isActive: true },
    { name: 'P2', displayName: 'Dos', isActive: false },
  ]);
});
router.put('/report/pages/active', (request, response) => {
  response.send(202);
  emit('pageChanged', { newPage: { ...(request.body as object), displayName: 'Dos' } });
});
router.put('/report/filters', (_request, response) => {
  response.send(400, [{ message: 'filters are not supported here' }]);
});
router.post('*notfound', (request, response) => {
  response.send(404, `Not found: ${request.url}`);
});

function announce(): void {
  void hpm.post(`/ready/${state.uid}`, null).catch(() => undefined);
}

if (params.get('ready') === '1') announce();
// The host sends its load from the iframe's `load` event; announcing after it makes that load
// one that went to the embed URL's origin before the host learned where the frame is.
if (params.get('ready') === 'late') addEventListener('load', () => setTimeout(announce, 100));
