/** /qna/load and /qna/interpret: a question box over the config's first dataset. */
import type { ILoadQnaConfiguration } from '@vitrina/embed-sdk/protocol';
import type { FrameSession } from '../embed/session.ts';
import { RequestError } from '../protocol/request-error.ts';
import { QnaView } from '../qna/qna-view.ts';

const RESULT_ONLY = 1;

interface QnaLoadRequest {
  uid: string | undefined;
  config: ILoadQnaConfiguration;
  frontload: boolean;
}

/** Shows the box at once (the question, if any, is answered afterwards); throws 400 without a dataset. */
export function loadQna(session: FrameSession, request: QnaLoadRequest): Promise<void> {
  const { config } = request;
  const datasetId = config.datasetIds[0];
  if (!datasetId) throw new RequestError(400, [{ message: 'datasetIds must not be empty' }]);
  return session.runLoad({ ...request, kind: 'qna', hideErrors: false }, (client) => {
    const view = new QnaView(client, session, datasetId, config.viewMode !== RESULT_ONLY);
    const ask = config.question;
    const afterLoaded = ask ? () => void view.ask(ask) : undefined;
    return Promise.resolve({ screen: { kind: 'qna', view }, afterLoaded });
  });
}

export function interpret(session: FrameSession, question: string): void {
  const screen = session.screen.get().screen;
  if (screen.kind !== 'qna') throw new RequestError(400, [{ message: 'No Q&A box is loaded' }]);
  void screen.view.ask(question);
}
