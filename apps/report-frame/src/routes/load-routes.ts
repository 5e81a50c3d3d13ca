/** Load, prepare, render, front-load and token routes for every embed kind. */
import type { IExtendedRequest, Router } from '@vitrina/embed-sdk/protocol';
import type { FrameSession, LoadKind } from '../embed/session.ts';
import { loadDashboard, loadTile } from './load-dashboard.ts';
import { interpret, loadQna } from './load-qna.ts';
import { loadReport, type EditorOpener } from './load-report.ts';
import {
  frontloadKind,
  parseAccessToken,
  parseDashboardLoad,
  parseQnaInterpret,
  parseQnaLoad,
  parseRenderConfig,
  parseReportLoad,
  parseTileLoad,
} from '../protocol/parsers.ts';
import { RequestError } from '../protocol/request-error.ts';
import { respond } from '../protocol/respond.ts';

const PAGE_KIND: Record<string, LoadKind[]> = {
  report: ['report'],
  rdl: ['report'],
  dashboard: ['dashboard'],
  tile: ['tile'],
  qna: ['qna'],
};

/** The session loads run in, and the editor an edit-mode load opens. */
interface LoadTarget {
  session: FrameSession;
  editor: EditorOpener;
}

interface LoadOptions {
  /** /report/prepare: build the report, draw it on /report/render. */
  phased?: boolean;
  /** /frontload/config: the SDK's early copy of the load that follows. */
  frontload?: boolean;
}

/** Checks the config for the kind and starts the load; the reply does not wait for it. */
function startLoad(
  { session, editor }: LoadTarget,
  kind: LoadKind,
  request: IExtendedRequest,
  { phased = false, frontload = false }: LoadOptions = {},
): void {
  const allowed = PAGE_KIND[session.context.kind ?? ''] ?? [];
  if (!allowed.includes(kind)) {
    throw new RequestError(400, [
      { message: `This page embeds a ${session.context.kind ?? 'nothing'}, not a ${kind}` },
    ]);
  }
  const { body } = request;
  const uid = request.headers['uid'];
  if (kind === 'report')
    void loadReport(session, { uid, config: parseReportLoad(body), phased, frontload }, editor);
  else if (kind === 'dashboard')
    void loadDashboard(session, { uid, config: parseDashboardLoad(body), frontload });
  else if (kind === 'tile') void loadTile(session, { uid, config: parseTileLoad(body), frontload });
  else void loadQna(session, { uid, config: parseQnaLoad(body), frontload });
}

function renderPrepared(session: FrameSession, body: unknown): void {
  const screen = session.screen.get().screen;
  if (screen.kind !== 'report') throw new RequestError(400, [{ message: 'No report is prepared' }]);
  screen.controller.requestRender(parseRenderConfig(body).pageName);
}

function setToken(session: FrameSession, body: unknown): void {
  const accessToken = parseAccessToken(body);
  if (!session.setToken(accessToken))
    throw new RequestError(400, [{ message: 'Nothing is loaded yet' }]);
}

export function registerLoadRoutes(
  router: Router,
  session: FrameSession,
  editor: EditorOpener,
): void {
  const target = { session, editor };
  const load = (kind: LoadKind, options?: LoadOptions) =>
    respond((r) => startLoad(target, kind, r, options));
  router.post('/report/load', load('report'));
  router.post('/report/prepare', load('report', { phased: true }));
  router.post('/dashboard/load', load('dashboard'));
  router.post('/tile/load', load('tile'));
  router.post('/qna/load', load('qna'));
  router.post(
    '/frontload/config',
    respond((r) => startLoad(target, frontloadKind(r.body), r, { frontload: true })),
  );
  router.post(
    '/report/render',
    respond((r) => renderPrepared(session, r.body)),
  );
  router.post(
    '/qna/interpret',
    respond((r) => interpret(session, parseQnaInterpret(r.body).question)),
  );
  for (const kind of ['report', 'dashboard', 'tile', 'qna']) {
    router.post(
      `/${kind}/token`,
      respond((r) => setToken(session, r.body)),
    );
  }
}
