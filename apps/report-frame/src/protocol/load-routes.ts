/** Load, prepare, render, front-load and token routes for every embed kind. */
import {
  validateDashboardLoad,
  validateLoadQnaConfiguration,
  validateQnaInterpretInputData,
  validateReportLoad,
  validateTileLoad,
  type IExtendedRequest,
  type Router,
} from '@vitrina/embed-sdk/protocol';
import type { FrameSession } from '../embed/session.ts';
import { loadDashboard, loadTile } from '../dashboard/load-dashboard.ts';
import { interpret, loadQna } from '../qna/load-qna.ts';
import { loadReport } from '../report/load-report.ts';
import { RequestError } from './request-error.ts';
import { check, respond } from './respond.ts';

type LoadKind = 'report' | 'dashboard' | 'tile' | 'qna';

interface LoadBody {
  type?: string;
  accessToken: string;
  id: string;
  settings?: { hideErrors?: boolean };
}

const PAGE_KIND: Record<string, LoadKind[]> = {
  report: ['report'],
  rdl: ['report'],
  dashboard: ['dashboard'],
  tile: ['tile'],
  qna: ['qna'],
};

const VALIDATORS = {
  report: validateReportLoad,
  dashboard: validateDashboardLoad,
  tile: validateTileLoad,
  qna: validateLoadQnaConfiguration,
} as const;

function startLoad(
  session: FrameSession,
  kind: LoadKind,
  request: IExtendedRequest,
  phased: boolean,
): void {
  const allowed = PAGE_KIND[session.context.kind ?? ''] ?? [];
  if (!allowed.includes(kind)) {
    throw new RequestError(400, [
      { message: `This page embeds a ${session.context.kind ?? 'nothing'}, not a ${kind}` },
    ]);
  }
  const body = request.body as LoadBody;
  check(VALIDATORS[kind](body));
  const uid = request.headers['uid'] ?? session.uid;
  if (kind === 'report') void loadReport(session, uid, body as never, phased);
  else if (kind === 'dashboard') void loadDashboard(session, uid, body as never);
  else if (kind === 'tile') void loadTile(session, uid, body as never);
  else loadQna(session, uid, body as never);
}

/** /frontload/config carries the same config as the load that follows; its `type` names the kind. */
function frontloadKind(body: LoadBody | undefined): LoadKind {
  const type = body?.type?.toLowerCase();
  if (type === 'dashboard' || type === 'tile' || type === 'qna') return type;
  return 'report';
}

function setToken(session: FrameSession, request: IExtendedRequest): void {
  if (typeof request.body !== 'string' || request.body.length === 0) {
    throw new RequestError(400, [{ message: 'accessToken must be a string' }]);
  }
  if (!session.client) throw new RequestError(400, [{ message: 'Nothing is loaded yet' }]);
  session.client.setToken(request.body);
}

export function registerLoadRoutes(router: Router, session: FrameSession): void {
  router.post(
    '/report/load',
    respond((r) => startLoad(session, 'report', r, false)),
  );
  router.post(
    '/report/prepare',
    respond((r) => startLoad(session, 'report', r, true)),
  );
  router.post(
    '/dashboard/load',
    respond((r) => startLoad(session, 'dashboard', r, false)),
  );
  router.post(
    '/tile/load',
    respond((r) => startLoad(session, 'tile', r, false)),
  );
  router.post(
    '/frontload/config',
    respond((r) => startLoad(session, frontloadKind(r.body as LoadBody), r, false)),
  );
  router.post(
    '/report/render',
    respond((r) => {
      const screen = session.screen.get().screen;
      if (screen.kind !== 'report')
        throw new RequestError(400, [{ message: 'No report is prepared' }]);
      screen.controller.requestRender(r.body);
    }),
  );
  router.post(
    '/qna/load',
    respond((r) => startLoad(session, 'qna', r, false)),
  );
  router.post(
    '/qna/interpret',
    respond((r) => {
      check(validateQnaInterpretInputData(r.body));
      interpret(session, (r.body as { question: string }).question);
    }),
  );
  for (const kind of ['report', 'dashboard', 'tile', 'qna']) {
    router.post(
      `/${kind}/token`,
      respond((r) => setToken(session, r)),
    );
  }
}
