/** The report API routes: filters, pages, visuals, settings, theme, print, refresh and bookmarks. */
import {
  validateApplyBookmarkByNameRequest,
  validateApplyBookmarkStateRequest,
  validateCustomTheme,
  validatePage,
  validatePlayBookmarkRequest,
  validateSettings,
  type IExtendedRequest,
  type Router,
} from '@vitrina/embed-sdk/protocol';
import type { FrameSession } from '../embed/session.ts';
import {
  applyBookmarkByName,
  applyBookmarkState,
  captureBookmark,
  listBookmarks,
  playBookmarks,
} from '../report/bookmarks.ts';
import { pageInfo } from '../report/event-bodies.ts';
import { printReport } from '../report/print.ts';
import type { ReportController } from '../report/report-controller.ts';
import { applyThemeJson } from '../report/theme.ts';
import { baseTheme, type FrameSettings } from '../state/report-state.ts';
import { checkedFilters, pageOf } from './filter-routes.ts';
import { RequestError } from './request-error.ts';
import { check, param, respond } from './respond.ts';

export function currentReport(session: FrameSession): ReportController {
  const screen = session.screen.get().screen;
  if (screen.kind === 'report') return screen.controller;
  if (screen.kind === 'paginated')
    throw new RequestError(400, [{ message: 'This API is not supported for paginated reports' }]);
  throw new RequestError(400, [{ message: 'No report is loaded' }]);
}

function setActivePage(controller: ReportController, request: IExtendedRequest): void {
  check(validatePage(request.body));
  controller.showPage(pageOf(controller, (request.body as { name: string }).name).name);
}

function updateSettings(controller: ReportController, body: unknown): void {
  check(validateSettings(body));
  const patch = body as FrameSettings;
  controller.store.set((s) => ({ settings: { ...s.settings, ...patch } }));
}

function applyTheme(controller: ReportController, body: unknown): void {
  check(validateCustomTheme(body));
  const themeJson = (body as { themeJson?: unknown } | null)?.themeJson;
  const base = baseTheme(controller.state.report);
  controller.store.set({ theme: themeJson ? applyThemeJson(base, themeJson) : base });
}

export function registerReportRoutes(router: Router, session: FrameSession): void {
  const on = (handler: (controller: ReportController, request: IExtendedRequest) => unknown) =>
    respond((request) => handler(currentReport(session), request));

  router.get(
    '/report/filters',
    on((c) => c.state.reportFilters),
  );
  router.put(
    '/report/filters',
    on((c, r) => c.changeFilters({ reportFilters: checkedFilters(r.body) }, false)),
  );
  router.get(
    '/report/pages',
    on((c) => c.state.report.definition.pages.map((p) => pageInfo(c.state, p.name))),
  );
  router.put('/report/pages/active', on(setActivePage));
  router.patch(
    '/report/settings',
    on((c, r) => updateSettings(c, r.body)),
  );
  router.put(
    '/report/theme',
    on((c, r) => applyTheme(c, r.body)),
  );
  router.post(
    '/report/refresh',
    on((c) => c.store.set((s) => ({ dataVersion: s.dataVersion + 1 }))),
  );
  router.post(
    '/report/print',
    respond(() => printReport(session)),
  );
  router.get(
    '/report/hasUnsavedChanges',
    on(() => false),
  );
  router.get(
    '/report/bookmarks',
    on((c) => listBookmarks(c)),
  );
  router.post(
    '/report/bookmarks/applyByName',
    on((c, r) => {
      check(validateApplyBookmarkByNameRequest(r.body));
      applyBookmarkByName(c, (r.body as { name: string }).name);
    }),
  );
  router.post(
    '/report/bookmarks/applyState',
    on((c, r) => {
      check(validateApplyBookmarkStateRequest(r.body));
      applyBookmarkState(c, (r.body as { state: string }).state);
    }),
  );
  router.post(
    '/report/bookmarks/capture',
    on((c) => captureBookmark(c)),
  );
  router.post(
    '/report/bookmarks/play',
    on((c, r) => {
      check(validatePlayBookmarkRequest(r.body));
      playBookmarks(c, (r.body as { playMode: number }).playMode);
    }),
  );
  router.post(
    '/report/switchMode/:mode',
    on((_c, r) => {
      if (param(r, 'mode') !== 'view')
        throw new RequestError(501, [{ message: 'Only view mode is supported' }]);
    }),
  );
  const notSupported = (what: string) =>
    respond(() => {
      throw new RequestError(501, [
        { message: `${what} is not supported: reports open in view mode` },
      ]);
    });
  router.post('/report/save', notSupported('Saving'));
  router.post('/report/saveAs', notSupported('Saving'));
  router.post('/report/create', notSupported('Creating reports'));
}
