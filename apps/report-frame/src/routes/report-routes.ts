/** The report API routes: filters, pages, visuals, settings, theme, print, refresh and bookmarks. */
import type { Router } from '@vitrina/embed-sdk/protocol';
import type { FrameSession } from '../embed/session.ts';
import { pageInfo } from '../report/event-bodies.ts';
import { printReport } from './print.ts';
import {
  parseApplyBookmarkByName,
  parseApplyBookmarkState,
  parseCustomTheme,
  parseFilters,
  parsePage,
  parsePlayBookmark,
  parseSettings,
} from '../protocol/parsers.ts';
import { pageOf } from './report-lookup.ts';
import { reportRouter } from './report-router.ts';
import { respond } from '../protocol/respond.ts';

export function registerReportRoutes(router: Router, session: FrameSession): void {
  const report = reportRouter(router, session);

  report.get('/report/filters', (c) => c.state.reportFilters);
  report.put('/report/filters', (c, r) =>
    c.changeFilters({ reportFilters: parseFilters(r.body) }, false),
  );
  report.get('/report/pages', (c) =>
    c.state.report.definition.pages.map((p) => pageInfo(c.state, p.name)),
  );
  report.put('/report/pages/active', (c, r) => c.showPage(pageOf(c, parsePage(r.body).name).name));
  report.patch('/report/settings', (c, r) => c.updateSettings(parseSettings(r.body)));
  report.put('/report/theme', (c, r) => c.applyTheme(parseCustomTheme(r.body)?.themeJson));
  report.post('/report/refresh', (c) => c.refresh());
  router.post(
    '/report/print',
    respond(() => printReport(session)),
  );
  report.get('/report/bookmarks', (c) => c.bookmarks.list());
  report.post('/report/bookmarks/applyByName', (c, r) =>
    c.bookmarks.applyByName(parseApplyBookmarkByName(r.body).name),
  );
  report.post('/report/bookmarks/applyState', (c, r) =>
    c.bookmarks.applyState(parseApplyBookmarkState(r.body).state),
  );
  report.post('/report/bookmarks/capture', (c) => c.bookmarks.capture());
  report.post('/report/bookmarks/play', (c, r) =>
    c.bookmarks.play(parsePlayBookmark(r.body).playMode),
  );
}
