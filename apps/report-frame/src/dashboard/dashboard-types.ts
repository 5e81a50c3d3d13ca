/** A dashboard (or a single tile): tiles drawn from their reports' visuals with the embed token. */
import type { BiClient } from '../api/bi-client.ts';
import {
  isPaginated,
  type DashboardTile,
  type EmbedDashboard,
  type EmbedReport,
  type VisualDefinition,
} from '../api/types.ts';
import type { ViewContext } from '../protocol/view-context.ts';
import { ReportController } from '../report/report-controller.ts';
import { loadVisualData, type VisualData } from '../visuals/visual-data.ts';

export type PageView = 'fitToWidth' | 'oneColumn' | 'actualSize';

export interface LoadedTile {
  tile: DashboardTile;
  controller: ReportController;
  visual: VisualDefinition;
  data: VisualData;
}

export interface DashboardView {
  dashboard: EmbedDashboard;
  tiles: LoadedTile[];
  pageView: PageView;
  /** Set when a single tile is embedded. */
  singleTileId?: string;
  session: ViewContext;
}

/** Loads each tile's report once, then the data of each tile's visual. */
export async function loadTiles(
  client: BiClient,
  session: ViewContext,
  tiles: DashboardTile[],
): Promise<LoadedTile[]> {
  const reports = new Map<string, Promise<EmbedReport>>();
  const reportOf = (id: string) => {
    let report = reports.get(id);
    if (!report) {
      report = client.getReport(id);
      reports.set(id, report);
    }
    return report;
  };
  const controllers = new Map<string, ReportController>();
  const loaded = await Promise.all(
    tiles.map(async (tile): Promise<LoadedTile | null> => {
      const report = await reportOf(tile.reportId);
      const { definition } = report;
      // A paginated report has no visuals to draw a tile from.
      if (isPaginated(definition)) return null;
      const page = definition.pages.find((p) => p.name === tile.pageName);
      const visual = page?.visuals.find((v) => v.name === tile.visualName);
      if (!page || !visual) return null;
      let controller = controllers.get(report.id);
      if (!controller) {
        const setup = {
          report: { ...report, definition },
          pageName: page.name,
          filters: [],
          settings: {},
          renderNow: true,
        };
        // A tile's report posts no report events: the dashboard posts its own.
        const silent = {
          messages: session.messages,
          format: session.format,
          emit: () => undefined,
        };
        controller = new ReportController(client, setup, silent);
        controllers.set(report.id, controller);
      }
      const data = await loadVisualData(controller.cache, controller.state, page, visual.name);
      return { tile, controller, visual, data };
    }),
  );
  return loaded.filter((t): t is LoadedTile => t !== null);
}
