import type { ApiModule } from '../../context.ts';
import { integrationOf } from '../bi-client/integration.ts';
import { seedDemoAccounts } from './demo-accounts.ts';
import { startSyncScheduler } from './sync-scheduler.ts';

/**
 * No routes: at start-up registers the demo accounts (demo mode, fresh database) and syncs them
 * before the server answers, then re-syncs every account every SYNC_INTERVAL_MINUTES.
 */
export const syncModule: ApiModule = {
  name: 'sync',
  register(app, context) {
    const { sync, secrets } = integrationOf(context, app.log);
    let stopScheduler = () => undefined as void;

    app.addHook('onReady', async () => {
      if (context.config.demo) {
        const created = await seedDemoAccounts({ ...context, secrets });
        for (const id of created) await sync.syncAccount(id);
        if (created.length)
          app.log.info({ accounts: created.length }, 'demo integration accounts registered');
      }
      stopScheduler = startSyncScheduler(sync, context.config.bi.syncIntervalMinutes, (error) =>
        app.log.error({ err: error }, 'periodic account sync failed'),
      );
    });
    app.addHook('onClose', async () => stopScheduler());
  },
};
