import type { ApiModule } from '../../context.ts';
import { startSyncScheduler } from './sync-scheduler.ts';
import type { SyncService } from './sync.service.ts';

/**
 * No routes: at start-up registers the demo accounts (`seedDemoAccounts`, demo mode only) and
 * syncs them before the server answers, then re-syncs every account every `intervalMinutes`.
 */
export const syncModule = (options: {
  sync: SyncService;
  intervalMinutes: number;
  /** Registers the demo accounts on a fresh database; the ids of those created or changed. */
  seedDemoAccounts?: () => Promise<number[]>;
  /** Elects the one instance that runs the periodic rounds (src/cluster/sync-leader.ts). */
  isLeader?: () => Promise<boolean>;
}): ApiModule => ({
  name: 'sync',
  register(app) {
    const { sync } = options;
    let stopScheduler = () => undefined as void;

    app.addHook('onReady', async () => {
      if (options.seedDemoAccounts) {
        const created = await options.seedDemoAccounts();
        for (const id of created) await sync.syncAccount(id);
        if (created.length)
          app.log.info(
            { accounts: created.length },
            'demo integration accounts registered or updated',
          );
      }
      stopScheduler = startSyncScheduler(
        sync,
        options.intervalMinutes,
        (error) => app.log.error({ err: error }, 'periodic account sync failed'),
        options.isLeader,
      );
    });
    app.addHook('onClose', async () => stopScheduler());
  },
});
