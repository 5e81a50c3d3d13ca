/** /dashboard/load and /tile/load: the dashboard's tiles, drawn from their reports. */
import type {
  IDashboardLoadConfiguration,
  ITileLoadConfiguration,
} from '@vitrina/embed-sdk/protocol';
import { BiError, type BiClient } from '../api/bi-client.ts';
import type { EmbedDashboard } from '../api/types.ts';
import type { FrameSession } from '../embed/session.ts';
import { loadTiles, type DashboardView } from '../dashboard/dashboard-types.ts';

interface DashboardLoadRequest<Config> {
  uid: string | undefined;
  config: Config;
  frontload: boolean;
}

export function loadDashboard(
  session: FrameSession,
  request: DashboardLoadRequest<IDashboardLoadConfiguration>,
): Promise<void> {
  const { config } = request;
  return showDashboard(session, request, 'dashboard', config.id, async (client, dashboard) => ({
    dashboard,
    tiles: await loadTiles(client, session, dashboard.tiles),
    pageView: config.pageView ?? 'fitToWidth',
    session,
  }));
}

export function loadTile(
  session: FrameSession,
  request: DashboardLoadRequest<ITileLoadConfiguration>,
): Promise<void> {
  const { config } = request;
  return showDashboard(session, request, 'tile', config.dashboardId, async (client, dashboard) => {
    const tile = dashboard.tiles.find((t) => t.id === config.id);
    if (!tile) throw new BiError(404, 'PowerBIEntityNotFound', `Tile ${config.id} was not found`);
    return {
      dashboard,
      tiles: await loadTiles(client, session, [tile]),
      pageView: 'fitToWidth',
      singleTileId: tile.id,
      session,
    };
  });
}

/** Both kinds fetch one dashboard and show (some of) its tiles on the dashboard screen. */
function showDashboard<Config extends IDashboardLoadConfiguration | ITileLoadConfiguration>(
  session: FrameSession,
  request: DashboardLoadRequest<Config>,
  kind: 'dashboard' | 'tile',
  dashboardId: string,
  view: (client: BiClient, dashboard: EmbedDashboard) => Promise<DashboardView>,
): Promise<void> {
  return session.runLoad({ ...request, kind, hideErrors: false }, async (client) => {
    const dashboard = await client.getDashboard(dashboardId);
    return { screen: { kind: 'dashboard', view: await view(client, dashboard) } };
  });
}
