/** /qna/load and /qna/interpret: a question box over the config's first dataset. */
import type { ILoadQnaConfiguration } from '@vitrina/embed-sdk/protocol';
import type { FrameSession } from '../embed/session.ts';
import { RequestError } from '../protocol/request-error.ts';
import { QnaView } from './qna-view.ts';

const RESULT_ONLY = 1;

/** Shows the box at once (the question, if any, is answered afterwards); throws 400 without a dataset. */
export function loadQna(
  session: FrameSession,
  uid: string | undefined,
  config: ILoadQnaConfiguration,
): void {
  const datasetId = config.datasetIds[0];
  if (!datasetId) throw new RequestError(400, [{ message: 'datasetIds must not be empty' }]);
  if (session.isRepeat(uid, config)) return;
  session.beginLoad(uid, 'qna', config.accessToken);
  const view = new QnaView(session.client!, session, datasetId, config.viewMode !== RESULT_ONLY);
  session.show({ kind: 'qna', view });
  session.emit('loaded', null);
  if (config.question) void view.ask(config.question);
}

export function interpret(session: FrameSession, question: string): void {
  const screen = session.screen.get().screen;
  if (screen.kind !== 'qna') throw new RequestError(400, [{ message: 'No Q&A box is loaded' }]);
  void screen.view.ask(question);
}
