/** Page- and visual-scoped routes: filters, visuals, layout types, export, slicer state and sort. */
import {
  validateExportDataRequest,
  validateFilter,
  validateSlicerState,
  type IExtendedRequest,
  type Router,
} from '@vitrina/embed-sdk/protocol';
import type { PageDefinition, VisualDefinition } from '../api/types.ts';
import type { FrameSession } from '../embed/session.ts';
import type { FrameFilter, FilterTarget } from '../query/filter-types.ts';
import { visualInfo } from '../report/event-bodies.ts';
import { exportVisualCsv } from '../report/export.ts';
import type { ReportController } from '../report/report-controller.ts';
import { visualKey } from '../state/report-state.ts';
import { currentReport } from './report-routes.ts';
import { RequestError } from './request-error.ts';
import { check, param, respond } from './respond.ts';

export function checkedFilters(body: unknown): FrameFilter[] {
  if (!Array.isArray(body)) throw new RequestError(400, [{ message: 'filters must be an array' }]);
  for (const filter of body) check(validateFilter(filter));
  return body as FrameFilter[];
}

export function pageOf(controller: ReportController, name: string): PageDefinition {
  const page = controller.state.report.definition.pages.find((p) => p.name === name);
  if (!page) throw new RequestError(400, [{ message: `Page ${name} was not found` }]);
  return page;
}

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

const SORTABLE = new Set([
  'tableEx',
  'pivotTable',
  'clusteredBarChart',
  'clusteredColumnChart',
  'stackedBarChart',
  'stackedColumnChart',
  'lineChart',
  'areaChart',
  'pieChart',
  'donutChart',
  'funnel',
  'treemap',
  'lineClusteredColumnComboChart',
  'waterfallChart',
]);

function slicerOf(controller: ReportController, request: IExtendedRequest) {
  const found = visualOf(controller, request);
  if (found.visual.type !== 'slicer')
    throw new RequestError(400, [{ message: `Visual ${found.visual.name} is not a slicer` }]);
  return { ...found, key: visualKey(found.page.name, found.visual.name) };
}

export function registerVisualRoutes(router: Router, session: FrameSession): void {
  const on = (handler: (controller: ReportController, request: IExtendedRequest) => unknown) =>
    respond((request) => handler(currentReport(session), request));
  const pageBase = '/report/pages/:page';
  const visualBase = `${pageBase}/visuals/:visual`;

  router.get(
    `${pageBase}/filters`,
    on((c, r) => c.state.pageFilters[pageOf(c, param(r, 'page')).name] ?? []),
  );
  router.put(
    `${pageBase}/filters`,
    on((c, r) => {
      const page = pageOf(c, param(r, 'page'));
      c.changeFilters(
        { pageFilters: { ...c.state.pageFilters, [page.name]: checkedFilters(r.body) } },
        false,
      );
    }),
  );
  router.get(
    `${pageBase}/visuals`,
    on((c, r) => pageOf(c, param(r, 'page')).visuals.map(visualInfo)),
  );
  router.get(
    `${pageBase}/layoutTypes/:layoutType`,
    on((c, r) => {
      const page = pageOf(c, param(r, 'page'));
      const type = param(r, 'layoutType');
      if (type === 'Master' || type === 'Custom') return true;
      return type === 'MobilePortrait' ? (page.mobileLayout?.length ?? 0) > 0 : false;
    }),
  );
  router.get(
    `${visualBase}/filters`,
    on((c, r) => {
      const { page, visual } = visualOf(c, r);
      return c.state.visualFilters[visualKey(page.name, visual.name)] ?? [];
    }),
  );
  router.put(
    `${visualBase}/filters`,
    on((c, r) => {
      const { page, visual } = visualOf(c, r);
      c.changeFilters(
        {
          visualFilters: {
            ...c.state.visualFilters,
            [visualKey(page.name, visual.name)]: checkedFilters(r.body),
          },
        },
        false,
      );
    }),
  );
  router.post(
    `${visualBase}/exportData`,
    on(async (c, r) => {
      check(validateExportDataRequest(r.body));
      const { page, visual } = visualOf(c, r);
      const body = (r.body ?? {}) as { rows?: number; exportDataType?: 0 | 1 };
      return { data: await exportVisualCsv(c, page, visual, body.exportDataType ?? 0, body.rows) };
    }),
  );
  router.get(
    `${visualBase}/slicer`,
    on((c, r) => {
      const { key, visual } = slicerOf(c, r);
      const field = visual.fields.category?.[0];
      return { filters: c.state.slicerFilters[key] ?? [], targets: field ? [field] : [] };
    }),
  );
  router.put(
    `${visualBase}/slicer`,
    on((c, r) => {
      check(validateSlicerState(r.body));
      const { key } = slicerOf(c, r);
      const filters = checkedFilters((r.body as { filters?: unknown }).filters ?? []);
      c.store.set((s) => ({
        slicerFilters: { ...s.slicerFilters, [key]: filters },
        selection: null,
      }));
    }),
  );
  router.put(
    `${visualBase}/sortBy`,
    on((c, r) => {
      const { page, visual } = visualOf(c, r);
      const body = r.body as { orderBy?: FilterTarget; direction?: number } | null;
      if (!SORTABLE.has(visual.type))
        throw new RequestError(400, [{ message: `Visual ${visual.name} cannot be sorted` }]);
      if (!body?.orderBy || (body.direction !== 1 && body.direction !== 2)) {
        throw new RequestError(400, [{ message: 'orderBy and direction (1 or 2) are required' }]);
      }
      c.sortBy(visual, body.orderBy, body.direction, page.name);
    }),
  );
  router.post(
    `${visualBase}/clone`,
    respond(() => {
      throw new RequestError(501, [
        { message: 'Cloning visuals is not supported: reports open in view mode' },
      ]);
    }),
  );
}
