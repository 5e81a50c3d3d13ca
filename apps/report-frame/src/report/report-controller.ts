/**
 * One loaded report: its view state and everything that changes it, from the user's clicks
 * (ViewServices) and from SDK requests (report-api.ts builds on this).
 */
import type { BiClient } from '../api/bi-client.ts';
import type {
  EmbedReport,
  PageDefinition,
  ReportDefinition,
  VisualDefinition,
} from '../api/types.ts';
import type { ViewContext } from '../protocol/view-context.ts';
import type { Formatter } from '../i18n/format.ts';
import type { Messages } from '../i18n/messages.ts';
import { axisDrillableDepth, openingPage } from '@vitrina/bi-model/visual-queries';
import { QueryCache } from '../state/query-cache.ts';
import { PageLoader } from './page-loader.ts';
import {
  baseTheme,
  definitionFilters,
  visualKey,
  type FrameSettings,
  type ReportViewState,
} from '../state/report-state.ts';
import { Store } from '../state/store.ts';
import type { FilterTarget, FrameFilter, Scalar } from '../query/filter-types.ts';
import type { PointRef, ViewServices } from '../visuals/services.ts';
import { downloadVisualCsv, exportVisualCsv } from './export.ts';
import { dataSelectedEvent, pageInfo, visualInfo } from './event-bodies.ts';
import { ReportBookmarks } from './bookmarks.ts';
import { PrintMode } from './print-mode.ts';
import { applyThemeJson } from './theme.ts';

type Emit = (name: string, body: unknown) => void;

export interface ReportSetup {
  report: EmbedReport & { definition: ReportDefinition };
  pageName: string | undefined;
  filters: FrameFilter[];
  settings: FrameSettings;
  renderNow: boolean;
}

export class ReportController implements ViewServices {
  readonly store: Store<ReportViewState>;
  readonly cache: QueryCache;
  readonly client: BiClient;
  readonly messages: Messages;
  readonly format: Formatter;
  readonly emit: Emit;
  readonly printMode = new PrintMode();
  readonly bookmarks: ReportBookmarks;
  readonly loader: PageLoader;
  private renderedGeneration = -1;

  constructor(client: BiClient, setup: ReportSetup, context: ViewContext) {
    this.client = client;
    this.cache = new QueryCache(client);
    this.messages = context.messages;
    this.format = context.format;
    this.emit = (name, body) => context.emit(name, body);
    const { definition } = setup.report;
    const defined = definitionFilters(definition);
    this.store = new Store<ReportViewState>({
      report: setup.report,
      activePage: openingPage(definition, setup.pageName)?.name ?? '',
      ...defined,
      // The load config's filters apply on top of the report's own.
      reportFilters: [...defined.reportFilters, ...setup.filters],
      slicerFilters: {},
      sorts: {},
      drill: {},
      selection: null,
      spotlight: null,
      settings: setup.settings,
      theme: baseTheme(setup.report),
      presentation: { playing: false, index: 0 },
      dataVersion: 0,
      renderRequested: setup.renderNow,
    });
    this.bookmarks = new ReportBookmarks(this.store, this.emit);
    this.loader = new PageLoader(this.cache);
    // Queries start on the state change itself, ahead of React's re-render.
    this.store.subscribe(() => this.loader.loadFor(this.store.get()));
    this.loader.loadFor(this.store.get());
  }

  get theme() {
    return this.store.get().theme;
  }

  get state(): ReportViewState {
    return this.store.get();
  }

  /** Called by the view after it committed the data of a page: posts `rendered` once per change. */
  renderedFor(generation: number): void {
    if (generation <= this.renderedGeneration) return;
    this.renderedGeneration = generation;
    performance.mark(`frame:rendered:${generation}`);
    this.emit('rendered', null);
  }

  /** Every page laid out for paper and printed; resolves when the view is back. */
  print(): Promise<void> {
    return this.printMode.start();
  }

  /** Phased load: /report/render may name a page to show first. */
  requestRender(pageName: string | undefined): void {
    const page = this.state.report.definition.pages.find((p) => p.name === pageName);
    this.store.set((s) => ({ renderRequested: true, activePage: page?.name ?? s.activePage }));
  }

  updateSettings(patch: FrameSettings): void {
    this.store.set((s) => ({ settings: { ...s.settings, ...patch } }));
  }

  /** Lays a themeJson over the report's own theme; without one, the report's own theme comes back. */
  applyTheme(themeJson: unknown): void {
    const base = baseTheme(this.state.report);
    this.store.set({ theme: themeJson ? applyThemeJson(base, themeJson) : base });
  }

  /** Queries again: cached results of the previous data version are not reused. */
  refresh(): void {
    this.store.set((s) => ({ dataVersion: s.dataVersion + 1 }));
  }

  select(visual: VisualDefinition, points: PointRef[], multi: boolean): void {
    const state = this.state;
    const current = state.selection;
    const samePoint =
      current?.visualName === visual.name &&
      current.points.length === points.length &&
      points.every((p, i) => current.points[i]?.value === p.value);
    let selection: ReportViewState['selection'] = null;
    if (points.length > 0 && !samePoint) {
      const keep = multi && current?.visualName === visual.name ? current.points : [];
      selection = {
        pageName: state.activePage,
        visualName: visual.name,
        points: [...keep, ...points],
      };
    }
    this.store.set({ selection });
    this.emit(
      'dataSelected',
      dataSelectedEvent(state, visual, selection?.points ?? [], this.format),
    );
  }

  /** Drill down one level (into one data point, or the whole level) or back up. */
  drill(visual: VisualDefinition, direction: 'down' | 'up', into?: Scalar): void {
    const key = visualKey(this.state.activePage, visual.name);
    const maxDepth = axisDrillableDepth(this.state.report.dataset, visual.fields.category ?? []);
    const current = this.state.drill[key] ?? { depth: 0, path: [] };
    if (direction === 'down' && current.depth >= maxDepth) return;
    const depth = direction === 'down' ? current.depth + 1 : Math.max(0, current.depth - 1);
    const path = current.path.slice(0, depth);
    if (direction === 'down' && into !== undefined) path[current.depth] = into;
    this.store.set((s) => ({ drill: { ...s.drill, [key]: { depth, path } }, selection: null }));
  }

  setSlicer(
    visual: VisualDefinition,
    filters: FrameFilter[],
    pageName = this.state.activePage,
  ): void {
    const key = visualKey(pageName, visual.name);
    this.store.set((s) => ({
      slicerFilters: { ...s.slicerFilters, [key]: filters },
      selection: null,
    }));
  }

  clickButton(visual: VisualDefinition): void {
    this.emit('buttonClicked', {
      title: visual.title ?? String(visual.options?.['text'] ?? ''),
      id: visual.name,
      type: visual.type,
    });
  }

  sortBy(
    visual: VisualDefinition,
    target: FilterTarget,
    direction: 1 | 2,
    pageName = this.state.activePage,
  ): void {
    const key = visualKey(pageName, visual.name);
    this.store.set((s) => ({ sorts: { ...s.sorts, [key]: { target, direction } } }));
  }

  exportData(visual: VisualDefinition): void {
    void downloadVisualCsv(this.state, this.client, visual, this.format.locale);
  }

  /** The CSV of a visual's data: its own query (summarized, 0) or the rows behind it (underlying, 1). */
  exportCsv(
    page: PageDefinition,
    visual: VisualDefinition,
    exportDataType: 0 | 1,
    rows: number | undefined,
  ): Promise<string> {
    return exportVisualCsv(this.state, this.client, page, visual, {
      exportDataType,
      rows,
      locale: this.format.locale,
    });
  }

  toggleSpotlight(visual: VisualDefinition): void {
    this.store.set((s) => ({ spotlight: s.spotlight === visual.name ? null : visual.name }));
  }

  triggerExtension(visual: VisualDefinition, commandName: string): void {
    const page = this.state.report.definition.pages.find((p) => p.name === this.state.activePage);
    this.emit('commandTriggered', {
      command: commandName,
      kind: 'Visual',
      page: page ? { name: page.name, displayName: page.displayName } : undefined,
      visual: visualInfo(visual),
      dataPoints: [],
    });
  }

  /** Shows a page and tells the host (from the page tabs and from setPage/setActive). */
  showPage(name: string): void {
    this.store.set({ activePage: name, selection: null, spotlight: null });
    this.emit('pageChanged', { newPage: pageInfo(this.state, name) });
  }

  /** Sets report-level filters (the filter pane and the SDK both come here) and tells the host. */
  changeFilters(
    patch: Partial<Pick<ReportViewState, 'reportFilters' | 'pageFilters' | 'visualFilters'>>,
    notify: boolean,
  ): void {
    this.store.set({ ...patch, selection: null });
    // The host hears what now filters the page: report filters, then the page's own.
    const { reportFilters, pageFilters, activePage } = this.state;
    if (notify)
      this.emit('filtersApplied', {
        filters: [...reportFilters, ...(pageFilters[activePage] ?? [])],
      });
  }
}
