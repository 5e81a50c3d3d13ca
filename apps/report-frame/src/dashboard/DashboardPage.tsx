/** A dashboard's tile grid (fitToWidth, oneColumn or actualSize), or one tile filling the frame. */
import { useEffect } from 'react';
import { useViewport } from '../report/use-viewport.ts';
import { ServicesContext } from '../visuals/services.ts';
import { VisualBody } from '../visuals/VisualBody.tsx';
import { startChartTakeover } from '../visuals/chart-takeover.ts';
import type { DashboardView, LoadedTile } from './dashboard-types.ts';

const ACTUAL_CELL = { width: 250, height: 170 };
const GAP = 12;
const TITLE_HEIGHT = 28;

function tileClickedBody(view: DashboardView, loaded: LoadedTile) {
  const { tile } = loaded;
  const url = `${location.origin}/reportEmbed?reportId=${tile.reportId}`;
  return {
    tileId: tile.id,
    pageName: tile.pageName,
    reportEmbedUrl: url,
    navigationUrl: url,
    dashboardId: view.dashboard.id,
  };
}

function cellSize(view: DashboardView, width: number) {
  const columns = Math.max(1, ...view.tiles.map((t) => t.tile.col + t.tile.colSpan));
  if (view.pageView === 'actualSize') return { ...ACTUAL_CELL, columns };
  const cellWidth = (width - GAP) / columns - GAP;
  return { width: cellWidth, height: cellWidth * 0.62, columns };
}

export function DashboardPage({ view }: { view: DashboardView }) {
  const [ref, viewport] = useViewport<HTMLDivElement>();
  const single = view.singleTileId !== undefined;

  useEffect(() => {
    if (viewport.width === 0) return;
    const frame = requestAnimationFrame(() => {
      view.session.emit('rendered', null);
      startChartTakeover();
      if (single && view.tiles[0])
        view.session.emit('tileLoaded', { tileId: view.tiles[0].tile.id });
    });
    return () => cancelAnimationFrame(frame);
  }, [view, single, viewport.width]);

  const cell = cellSize(view, viewport.width);
  const boxOf = (loaded: LoadedTile, index: number) => {
    if (single) return { left: 0, top: 0, width: viewport.width, height: viewport.height };
    if (view.pageView === 'oneColumn') {
      const height = Math.max(220, viewport.width * 0.5);
      return {
        left: GAP,
        top: GAP + index * (height + GAP),
        width: viewport.width - 2 * GAP,
        height,
      };
    }
    const { tile } = loaded;
    return {
      left: GAP + tile.col * (cell.width + GAP),
      top: GAP + tile.row * (cell.height + GAP),
      width: tile.colSpan * cell.width + (tile.colSpan - 1) * GAP,
      height: tile.rowSpan * cell.height + (tile.rowSpan - 1) * GAP,
    };
  };

  return (
    <div
      className={`dashboard${single ? ' single-tile' : ''}`}
      data-page-view={view.pageView}
      ref={ref}
    >
      {!single && <h1 className="dashboard-title">{view.dashboard.displayName}</h1>}
      <div className="dashboard-grid">
        {viewport.width > 0 &&
          view.tiles.map((loaded, index) => {
            const box = boxOf(loaded, index);
            return (
              <ServicesContext.Provider key={loaded.tile.id} value={loaded.controller}>
                <article
                  className="tile"
                  data-tile-id={loaded.tile.id}
                  style={{ position: 'absolute', ...box }}
                  onClickCapture={(event) => {
                    event.stopPropagation();
                    view.session.emit('tileClicked', tileClickedBody(view, loaded));
                  }}
                >
                  <h2 className="tile-title">{loaded.tile.title}</h2>
                  <VisualBody
                    visual={loaded.visual}
                    schema={loaded.controller.state.report.dataset}
                    data={loaded.data}
                    width={box.width - 16}
                    height={box.height - TITLE_HEIGHT - 16}
                    drillDepth={0}
                    selectedValues={[]}
                    sort={undefined}
                    slicerFilters={[]}
                  />
                </article>
              </ServicesContext.Provider>
            );
          })}
      </div>
    </div>
  );
}
