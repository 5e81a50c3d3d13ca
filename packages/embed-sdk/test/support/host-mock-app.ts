/**
 * A mock frame that runs in the host page, built on Microsoft's window-post-message-proxy,
 * http-post-message and powerbi-router: it listens on an iframe's window and answers the SDK's
 * requests from the host page's own code, as test pages and single-page shells built for 2.8.0 do.
 * Its replies therefore come from the host's own window.
 */
import { HttpPostMessage } from 'http-post-message';
import { Router } from 'powerbi-router';
import { WindowPostMessageProxy } from 'window-post-message-proxy';

/** Starts answering requests posted to `frameWindow`; returns the URLs it was asked for. */
function answerOn(frameWindow: Window): string[] {
  const asked: string[] = [];
  const wpmp = new WindowPostMessageProxy({
    receiveWindow: frameWindow,
    processTrackingProperties: {
      addTrackingProperties: HttpPostMessage.addTrackingProperties,
      getTrackingProperties: HttpPostMessage.getTrackingProperties,
    },
    isErrorMessage: HttpPostMessage.isErrorMessage,
    suppressWarnings: true,
    name: 'host-mock-app',
  });
  const router = new Router(wpmp);
  router.get('/report/pages', (request, response) => {
    asked.push(request.url);
    response.send(200, [{ name: 'M1', displayName: 'Mock', isActive: true }]);
  });
  router.post('/report/load', (request, response) => {
    asked.push(request.url);
    response.send(202);
  });
  return asked;
}

(window as unknown as { hostMockApp: { answerOn: typeof answerOn } }).hostMockApp = { answerOn };
