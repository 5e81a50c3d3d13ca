import { describe, expect, it } from 'vitest';
import { QnaView } from '../qna/qna-view.ts';
import { readEmbedContext } from './context.ts';
import { FrameSession, type LoadRequest, type Loaded } from './session.ts';

function startSession() {
  const posted: string[] = [];
  const context = readEmbedContext({ pathname: '/qnaEmbed', search: '?uid=u1' });
  const session = new FrameSession(context, (url) => posted.push(url));
  return { session, posted };
}

function request(frontload: boolean, datasetId = 'd1'): LoadRequest {
  const config = { accessToken: 't', datasetIds: [datasetId] };
  return { kind: 'qna', uid: 'u1', config, frontload, hideErrors: false };
}

const qnaScreen =
  (session: FrameSession, datasetId: string) =>
  (client: ConstructorParameters<typeof QnaView>[0]): Promise<Loaded> =>
    Promise.resolve({
      screen: { kind: 'qna', view: new QnaView(client, session, datasetId, true) },
    });

describe('FrameSession.runLoad', () => {
  it("loads a front-loaded config once, and again on the host's reload()", async () => {
    const { session, posted } = startSession();
    await session.runLoad(request(true), qnaScreen(session, 'd1'));
    await session.runLoad(request(false), qnaScreen(session, 'd1'));
    expect(posted.filter((url) => url === '/qna/u1/events/loaded')).toHaveLength(1);
    await session.runLoad(request(false), qnaScreen(session, 'd1'));
    expect(posted.filter((url) => url === '/qna/u1/events/loaded')).toHaveLength(2);
    expect(session.loadNumber).toBe(2);
  });

  it('never lets a slow earlier load replace a later one', async () => {
    const { session, posted } = startSession();
    let finishFirst: () => void = () => undefined;
    const first = session.runLoad(request(false, 'slow'), (client) =>
      new Promise<void>((resolve) => (finishFirst = resolve)).then(() =>
        qnaScreen(session, 'slow')(client),
      ),
    );
    await session.runLoad(request(false, 'fast'), qnaScreen(session, 'fast'));
    finishFirst();
    await first;
    const screen = session.screen.get().screen;
    expect(screen.kind === 'qna' && screen.view.datasetId).toBe('fast');
    expect(posted.filter((url) => url.endsWith('/events/loaded'))).toHaveLength(1);
  });

  it('posts the error and shows it when the build fails', async () => {
    const { session, posted } = startSession();
    await session.runLoad(request(false), () => Promise.reject(new Error('boom')));
    expect(session.screen.get().screen).toMatchObject({ kind: 'error', code: 'LoadReportFailed' });
    expect(posted).toContain('/qna/u1/events/error');
  });
});
