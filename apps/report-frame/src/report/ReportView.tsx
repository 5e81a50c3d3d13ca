/** A report in view mode: page canvas, page navigation, filter pane and bookmarks/presentation bar. */
import { useMemo, type ReactNode } from 'react';
import type { PageDefinition } from '../api/types.ts';
import { useStore } from '../state/store.ts';
import { ServicesContext } from '../visuals/services.ts';
import { BookmarksBar } from './BookmarksBar.tsx';
import { FilterPane } from './filter-pane/FilterPane.tsx';
import { computeLayout, type PageLayout } from './layout.ts';
import { PageNavigation } from './PageNavigation.tsx';
import { PrintView } from './PrintView.tsx';
import type { ReportController } from './report-controller.ts';
import { usePageData } from './use-page-data.ts';
import { useSwipe } from './use-swipe.ts';
import { useViewport } from './use-viewport.ts';
import { PageCanvas } from './PageCanvas.tsx';

interface Props {
  controller: ReportController;
  isMobileUrl: boolean;
  onSetPage(name: string): void;
  /** Drawn over the page, in its coordinates (the editor's selection boxes). */
  overlay?: ((page: PageDefinition, layout: PageLayout) => ReactNode) | undefined;
}

export function ReportView({ controller, isMobileUrl, onSetPage, overlay }: Props) {
  const state = useStore(controller.store);
  const page = state.report.definition.pages.find((p) => p.name === state.activePage);
  const shown = usePageData(controller, state);
  const data = shown?.data;
  const [canvasRef, viewport] = useViewport<HTMLDivElement>();
  const swipe = useSwipe(controller, state.presentation.playing);
  const { settings, theme } = state;
  const printing = useStore(controller.printMode.store);
  // The same boxes from render to render, so visuals already drawn are not drawn again.
  const layout = useMemo(
    () =>
      page && viewport.width > 0 ? computeLayout(page, settings, viewport, isMobileUrl) : undefined,
    [page, settings, viewport, isMobileUrl],
  );
  const transparent = settings.background === 1;
  const showNav = settings.navContentPaneEnabled !== false && !state.presentation.playing;
  const showFilters = settings.filterPaneEnabled !== false && !state.presentation.playing;

  return (
    <ServicesContext.Provider value={controller}>
      <div
        className={`report${transparent ? ' transparent' : ''}`}
        data-active-page={state.activePage}
        data-rendered={shown?.complete ? 'true' : 'false'}
        data-printing={printing.active ? 'true' : 'false'}
        data-layout={layout?.phone ? 'phone' : 'master'}
        data-theme-colors={theme.dataColors.join(' ')}
        style={{ fontFamily: theme.fontFamily, color: theme.foreground }}
        {...swipe}
      >
        <div className="report-main">
          <div
            className="canvas-viewport"
            ref={canvasRef}
            // The phone view is one long page: no grey band below a short one.
            style={{
              background: transparent
                ? 'transparent'
                : layout?.phone
                  ? theme.background
                  : '#EAEAEA',
            }}
          >
            {layout && page && data && (
              <PageCanvas
                state={state}
                page={page}
                layout={layout}
                data={data}
                drawnAs={shown?.drawnAs}
                transparent={transparent}
              >
                {overlay?.(page, layout)}
              </PageCanvas>
            )}
            {!data && (
              <div className="loading" role="status">
                {controller.messages.loading}
              </div>
            )}
          </div>
          {showFilters && <FilterPane controller={controller} state={state} />}
        </div>
        {(settings.bookmarksPaneEnabled || state.presentation.playing) && (
          <BookmarksBar controller={controller} state={state} />
        )}
        {printing.active && <PrintView controller={controller} state={state} />}
        {showNav && (
          <PageNavigation state={state} label={controller.messages.pages} onSelect={onSetPage} />
        )}
      </div>
    </ServicesContext.Provider>
  );
}
