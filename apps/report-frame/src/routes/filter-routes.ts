/** Page- and visual-scoped routes: filters, visuals, layout types, export, slicer state and sort. */
import type { IExtendedRequest, Router } from '@vitrina/embed-sdk/protocol';
import { chartTypes } from '@vitrina/bi-model/visual-queries';
import type { PageDefinition, VisualDefinition } from '../api/types.ts';
import type { FrameSession } from '../embed/session.ts';
import { visualInfo } from '../report/event-bodies.ts';
import type { ReportController } from '../report/report-controller.ts';
import { visualKey } from '../state/report-state.ts';
import {
  parseExportDataRequest,
  parseFilters,
  parseSlicerFilters,
  parseSortBy,
} from '../protocol/parsers.ts';
import { pageOf } from './report-lookup.ts';
import { reportRouter } from './report-router.ts';
import { RequestError } from '../protocol/request-error.ts';
import { param } from '../protocol/respond.ts';

function visualOf(
  controller: ReportController,
  request: IExtendedRequest,
): { page: PageDefinition; visual: VisualDefinition } {
  const page = pageOf(controller, param(request, 'page'));
  const visual = page.visuals.find((v) => v.name === param(request, 'visual'));
  if (!visual)
    throw new RequestError(400, [{ message: `Visual ${param(request, 'visual')} was not found` }]);
  return { page, visual };
}

/** Tables and charts: the visuals whose rows a sort reorders. */
const SORTABLE = new Set<string>(['tableEx', 'pivotTable', ...chartTypes]);

function slicerOf(controller: ReportController, request: IExtendedRequest) {
  const found = visualOf(controller, request);
  if (found.visual.type !== 'slicer')
    throw new RequestError(400, [{ message: `Visual ${found.visual.name} is not a slicer` }]);
  return found;
}

export function registerVisualRoutes(router: Router, session: FrameSession): void {
  const report = reportRouter(router, session);
  const pageBase = '/report/pages/:page';
  const visualBase = `${pageBase}/visuals/:visual`;

  report.get(
    `${pageBase}/filters`,
    (c, r) => c.state.pageFilters[pageOf(c, param(r, 'page')).name] ?? [],
  );
  report.put(`${pageBase}/filters`, (c, r) => {
    const page = pageOf(c, param(r, 'page'));
    c.changeFilters(
      { pageFilters: { ...c.state.pageFilters, [page.name]: parseFilters(r.body) } },
      false,
    );
  });
  report.get(`${pageBase}/visuals`, (c, r) => pageOf(c, param(r, 'page')).visuals.map(visualInfo));
  report.get(`${pageBase}/layoutTypes/:layoutType`, (c, r) => {
    const page = pageOf(c, param(r, 'page'));
    const type = param(r, 'layoutType');
    if (type === 'Master' || type === 'Custom') return true;
    return type === 'MobilePortrait' ? (page.mobileLayout?.length ?? 0) > 0 : false;
  });
  report.get(`${visualBase}/filters`, (c, r) => {
    const { page, visual } = visualOf(c, r);
    return c.state.visualFilters[visualKey(page.name, visual.name)] ?? [];
  });
  report.put(`${visualBase}/filters`, (c, r) => {
    const { page, visual } = visualOf(c, r);
    c.changeFilters(
      {
        visualFilters: {
          ...c.state.visualFilters,
          [visualKey(page.name, visual.name)]: parseFilters(r.body),
        },
      },
      false,
    );
  });
  report.post(`${visualBase}/exportData`, async (c, r) => {
    const request = parseExportDataRequest(r.body) ?? {};
    const { page, visual } = visualOf(c, r);
    return { data: await c.exportCsv(page, visual, request.exportDataType ?? 0, request.rows) };
  });
  report.get(`${visualBase}/slicer`, (c, r) => {
    const { page, visual } = slicerOf(c, r);
    const field = visual.fields.category?.[0];
    const filters = c.state.slicerFilters[visualKey(page.name, visual.name)] ?? [];
    return { filters, targets: field ? [field] : [] };
  });
  report.put(`${visualBase}/slicer`, (c, r) => {
    const filters = parseSlicerFilters(r.body);
    const { page, visual } = slicerOf(c, r);
    c.setSlicer(visual, filters, page.name);
  });
  report.put(`${visualBase}/sortBy`, (c, r) => {
    const { page, visual } = visualOf(c, r);
    if (!SORTABLE.has(visual.type))
      throw new RequestError(400, [{ message: `Visual ${visual.name} cannot be sorted` }]);
    const { orderBy, direction } = parseSortBy(r.body);
    c.sortBy(visual, orderBy, direction, page.name);
  });
}
