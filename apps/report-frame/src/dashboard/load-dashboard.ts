/** /dashboard/load and /tile/load: the dashboard's tiles, drawn from their reports. */
import type {
  IDashboardLoadConfiguration,
  ITileLoadConfiguration,
} from '@vitrina/embed-sdk/protocol';
import { BiError } from '../api/bi-client.ts';
import type { FrameSession } from '../embed/session.ts';
import { loadTiles, type PageView } from './dashboard-types.ts';

export async function loadDashboard(
  session: FrameSession,
  uid: string | undefined,
  config: IDashboardLoadConfiguration,
) {
  if (session.isRepeat(uid, config)) return;
  const sequence = session.beginLoad(uid, 'dashboard', config.accessToken);
  const client = session.client!;
  try {
    const dashboard = await client.getDashboard(config.id);
    const tiles = await loadTiles(client, session, dashboard.tiles);
    if (!session.isCurrent(sequence)) return;
    session.show({
      kind: 'dashboard',
      view: { dashboard, tiles, pageView: (config.pageView ?? 'fitToWidth') as PageView, session },
    });
    session.emit('loaded', null);
  } catch (error) {
    if (session.isCurrent(sequence)) session.fail(error, false);
  }
}

export async function loadTile(
  session: FrameSession,
  uid: string | undefined,
  config: ITileLoadConfiguration,
) {
  if (session.isRepeat(uid, config)) return;
  const sequence = session.beginLoad(uid, 'tile', config.accessToken);
  const client = session.client!;
  try {
    const dashboard = await client.getDashboard(config.dashboardId);
    const tile = dashboard.tiles.find((t) => t.id === config.id);
    if (!tile) throw new BiError('PowerBIEntityNotFound', `Tile ${config.id} was not found`, 404);
    const tiles = await loadTiles(client, session, [tile]);
    if (!session.isCurrent(sequence)) return;
    session.show({
      kind: 'dashboard',
      view: { dashboard, tiles, pageView: 'fitToWidth', singleTileId: tile.id, session },
    });
    session.emit('loaded', null);
  } catch (error) {
    if (session.isCurrent(sequence)) session.fail(error, false);
  }
}
