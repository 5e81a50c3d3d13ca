/** /dashboard/load and /tile/load: the dashboard's tiles, drawn from their reports. */
import type {
  IDashboardLoadConfiguration,
  ITileLoadConfiguration,
} from '@vitrina/embed-sdk/protocol';
import { BiError } from '../api/bi-client.ts';
import type { FrameSession } from '../embed/session.ts';
import { loadTiles } from '../dashboard/dashboard-types.ts';

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
  return session.runLoad({ ...request, kind: 'dashboard', hideErrors: false }, async (client) => {
    const dashboard = await client.getDashboard(config.id);
    const tiles = await loadTiles(client, session, dashboard.tiles);
    const pageView = config.pageView ?? 'fitToWidth';
    return { screen: { kind: 'dashboard', view: { dashboard, tiles, pageView, session } } };
  });
}

export function loadTile(
  session: FrameSession,
  request: DashboardLoadRequest<ITileLoadConfiguration>,
): Promise<void> {
  const { config } = request;
  return session.runLoad({ ...request, kind: 'tile', hideErrors: false }, async (client) => {
    const dashboard = await client.getDashboard(config.dashboardId);
    const tile = dashboard.tiles.find((t) => t.id === config.id);
    if (!tile) throw new BiError(404, 'PowerBIEntityNotFound', `Tile ${config.id} was not found`);
    const tiles = await loadTiles(client, session, [tile]);
    const view = {
      dashboard,
      tiles,
      pageView: 'fitToWidth' as const,
      singleTileId: tile.id,
      session,
    };
    return { screen: { kind: 'dashboard', view } };
  });
}
