/** The report API routes: filters, pages, visuals, settings, theme, print, refresh and bookmarks. */
import type { IExtendedRequest, Router } from '@vitrina/embed-sdk/protocol';
import type { FrameSession } from '../embed/session.ts';
import { pageInfo } from '../report/event-bodies.ts';
import { printReport } from './print.ts';
import type { ReportController } from '../report/report-controller.ts';
import {
  parseApplyBookmarkByName,
  parseApplyBookmarkState,
  parseCustomTheme,
  parseFilters,
  parsePage,
  parsePlayBookmark,
  parseSettings,
} from '../protocol/parsers.ts';
import { currentReport, pageOf } from './report-lookup.ts';
import { respond } from '../protocol/respond.ts';

export function registerReportRoutes(router: Router, session: FrameSession): void {
  const on = (handler: (controller: ReportController, request: IExtendedRequest) => unknown) =>
    respond((request) => handler(currentReport(session), request));

  router.get(
    '/report/filters',
    on((c) => c.state.reportFilters),
  );
  router.put(
    '/report/filters',
    on((c, r) => c.changeFilters({ reportFilters: parseFilters(r.body) }, false)),
  );
  router.get(
    '/report/pages',
    on((c) => c.state.report.definition.pages.map((p) => pageInfo(c.state, p.name))),
  );
  router.put(
    '/report/pages/active',
    on((c, r) => c.showPage(pageOf(c, parsePage(r.body).name).name)),
  );
  router.patch(
    '/report/settings',
    on((c, r) => c.updateSettings(parseSettings(r.body))),
  );
  router.put(
    '/report/theme',
    on((c, r) => c.applyTheme(parseCustomTheme(r.body)?.themeJson)),
  );
  router.post(
    '/report/refresh',
    on((c) => c.refresh()),
  );
  router.post(
    '/report/print',
    respond(() => printReport(session)),
  );
  router.get(
    '/report/bookmarks',
    on((c) => c.bookmarks.list()),
  );
  router.post(
    '/report/bookmarks/applyByName',
    on((c, r) => c.bookmarks.applyByName(parseApplyBookmarkByName(r.body).name)),
  );
  router.post(
    '/report/bookmarks/applyState',
    on((c, r) => c.bookmarks.applyState(parseApplyBookmarkState(r.body).state)),
  );
  router.post(
    '/report/bookmarks/capture',
    on((c) => c.bookmarks.capture()),
  );
  router.post(
    '/report/bookmarks/play',
    on((c, r) => c.bookmarks.play(parsePlayBookmark(r.body).playMode)),
  );
}
