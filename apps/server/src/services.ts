import { demoCredentialsFor } from '@vitrina/env/demo';
import type { Invalidation, InvalidationBus } from './cluster/invalidation-bus.ts';
import type { AppContext } from './context.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createSecretBox } from './modules/accounts/secret-box.ts';
import { createAuthoringService } from './modules/authoring/authoring.service.ts';
import { createReportUsersService } from './modules/administration/report-users.service.ts';
import { createBiConnection } from './modules/bi-client/bi-connection.ts';
import { isMicrosoftAuthority } from './modules/bi-client/bi-token-provider.ts';
import { createDatasetsService } from './modules/datasets/datasets.service.ts';
import { createContentCache } from './modules/content/content-cache.ts';
import { createFavoritesCache } from './modules/favorites/favorites-cache.ts';
import { createFavoritesService } from './modules/favorites/favorites.service.ts';
import { createGrantReminders } from './modules/permissions/grant-reminders.ts';
import { createGrantsCache } from './modules/permissions/grants-cache.ts';
import { createGroupPermissionsService } from './modules/permissions/group-permissions.service.ts';
import { createPermissionsService } from './modules/permissions/permissions.service.ts';
import type { DemoAccountsSeeder } from './modules/sync/demo-accounts-seeder.ts';
import { createSyncService } from './modules/sync/sync.service.ts';
import { createAuditRetention } from './modules/audit/audit-retention.ts';
import { createAuditService } from './modules/audit/audit.service.ts';
import { createEmbedTokenCache } from './modules/viewer/embed-token-cache.ts';
import { createExportHandles } from './modules/viewer/export-handles.ts';
import { createReportExportService } from './modules/viewer/report-export.service.ts';
import { createViewerAccess } from './modules/viewer/viewer-access.ts';
import {
  createViewerService,
  forgetAccountEmbedTokens,
  forgetUserEmbedTokens,
} from './modules/viewer/viewer.service.ts';
import { subscriptionScheduler } from './modules/subscriptions/subscription-scheduler.ts';
import { createSubscriptionDelivery } from './modules/subscriptions/subscription-delivery.ts';
import { createRefreshWatch } from './modules/subscriptions/subscription-refreshes.ts';
import {
  inProcessQueue,
  pgBossQueue,
  startedOnFirstUse,
} from './modules/subscriptions/subscription-queue.ts';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service.ts';
import { createUnsubscribeTokens } from './modules/subscriptions/unsubscribe-tokens.ts';
import { usagePruning } from './modules/usage/usage-pruning.ts';
import { periodicTask } from './lib/periodic-task.ts';
import { createUsageMetrics } from './modules/usage/usage-metrics.ts';
import { createUsageService } from './modules/usage/usage.service.ts';
import { createReviewsService } from './modules/reviews/reviews.service.ts';
import { createConnectionTester } from './modules/accounts/connection-test.ts';
import { accountsRepository } from './modules/accounts/accounts.repository.ts';
import {
  createIdentitiesCache,
  createIdentitiesService,
} from './modules/identities/identities.service.ts';

/** No other instance to tell (one process): every drop is already applied locally. */
const noPeers: Pick<InvalidationBus, 'publish' | 'onRemote'> = {
  publish: () => undefined,
  onRemote: () => () => undefined,
};

/**
 * The composition root of the portal's content side: every service and cache is built here, once
 * per app, and each module's routes get only the services they call. The caches are keyed by
 * user id (grants, favorites) or by account and report (embed tokens, minted with the account's
 * credentials and no identity), so no entry ever answers for another user.
 */
export function createServices(
  context: AppContext,
  peers: Pick<InvalidationBus, 'publish' | 'onRemote'> = noPeers,
) {
  const { db, clock, audit } = context;
  const now = () => clock.now().getTime();
  const secrets = createSecretBox(context.accountKey);
  const bi = createBiConnection(context.config.bi, now, context.log);
  const content = createContentCache({ db, now });
  const grants = createGrantsCache({ db, now });
  const favorites = createFavoritesCache({ db, now });
  const embedTokens = createEmbedTokenCache({ now });
  const identities = createIdentitiesCache({
    db,
    now,
    claimRoles: context.config.oidc?.rlsRoles ?? [],
  });

  /**
   * A viewer's effective identity changed: their cached identities and every embed token that
   * carried one go at once, on every instance (`identity` invalidation).
   */
  function forgetIdentity(userId: number) {
    identities.forget(userId);
    forgetUserEmbedTokens(embedTokens, userId);
  }

  /** Content changed: grants and favorites on vanished elements were deleted with it. */
  function dropContent(): void {
    content.invalidate();
    grants.invalidate();
    favorites.invalidate();
  }
  /** Applies a drop here; `drop` also tells the other instances, which apply it on arrival. */
  function apply(event: Invalidation): void {
    switch (event.kind) {
      case 'grants':
        grants.invalidate();
        return;
      case 'favorites':
        favorites.invalidate();
        return;
      case 'account':
        bi.tokens.forget(event.accountId);
        forgetAccountEmbedTokens(embedTokens, event.accountId);
        dropContent();
        return;
      case 'content':
        dropContent();
        return;
      case 'identity':
        forgetIdentity(event.userId);
        return;
      default:
      // Session events belong to the active-session cache (wired in app.ts).
    }
  }
  function drop(event: Invalidation): void {
    apply(event);
    peers.publish(event);
  }
  peers.onRemote(apply);
  const contentChanged = () => drop({ kind: 'content' });
  const identityChanged = (userId: number) => drop({ kind: 'identity', userId });
  const grantDrops = { invalidate: () => drop({ kind: 'grants' }) };
  // Calls on a viewer's behalf (embed tokens, exports): access checked, under their identity.
  const viewerAccess = createViewerAccess({
    db,
    secrets,
    bi: bi.client,
    content,
    grants: grants.get,
    identities: identities.get,
  });
  const sync = createSyncService({
    db,
    bi: bi.client,
    backgroundBi: bi.syncClient,
    secrets,
    clock,
    audit,
    log: context.log,
    onContentChanged: contentChanged,
  });

  const reportExports = createReportExportService({
    db,
    audit,
    access: viewerAccess,
    bi: bi.client,
    handles: createExportHandles(context.accountKey),
  });
  // Subscriptions: pg-boss on PostgreSQL (several instances), in this process on SQLite.
  const queue = startedOnFirstUse(
    context.pool
      ? pgBossQueue(context.pool, context.log, context.config.subscriptions.retrySeconds)
      : inProcessQueue(context.log, context.config.subscriptions.retrySeconds),
    () => delivery.deliver,
  );
  const unsubscribeTokens = createUnsubscribeTokens(context.accountKey);
  const refreshWatch = createRefreshWatch({
    db,
    clock,
    log: context.log,
    content,
    access: viewerAccess,
    bi: bi.client,
    queue,
    bundled: !isMicrosoftAuthority(context.config.bi.authorityUrl),
  });
  const subscriptions = createSubscriptionsService({
    db,
    audit,
    clock,
    content,
    access: viewerAccess,
    bi: bi.client,
    queue,
    refreshes: refreshWatch,
    tokens: unsubscribeTokens,
  });
  const delivery = createSubscriptionDelivery({
    db,
    audit,
    clock,
    mailer: context.mailer,
    log: context.log,
    access: viewerAccess,
    exports: reportExports,
    tokens: unsubscribeTokens,
    portalUrl: context.config.portalUrl,
    reportName: async (uid) => (await content.get()).reportsByUid.get(uid)?.report.name,
  });

  // Usage (issue 30): OpenTelemetry metrics only when a collector is configured.
  const { retentionDays, otlpEndpoint } = context.config.usage;
  const usageMetrics = otlpEndpoint ? createUsageMetrics(otlpEndpoint) : undefined;
  const usage = createUsageService({
    db,
    clock,
    content,
    retentionDays,
    ...(usageMetrics ? { onOpen: usageMetrics.record } : {}),
  });
  const pruning = usagePruning(usage.prune, (error) =>
    context.log.error({ err: error }, 'usage pruning failed'),
  );

  const permissions = createPermissionsService({ db, audit, grants: grantDrops });
  const reportUsers = createReportUsersService({
    db,
    audit,
    grants: grantDrops,
    claimRoles: context.config.oidc?.rlsRoles ?? [],
    now,
  });
  const reviews = createReviewsService({
    db,
    audit,
    clock,
    mailer: context.mailer,
    portalUrl: context.config.portalUrl,
    reportUsers,
    permissions,
  });

  return {
    sync,
    subscriptions,
    /** Sends `afterRefresh` subscriptions; exposed so tests can look without waiting. */
    refreshWatch,
    usage,
    reviews,
    /** Escalates overdue access reviews hourly, on every instance (the escalation runs once). */
    reviewsUpkeep: periodicTask(reviews.escalateOverdue, 3_600_000, (error) =>
      context.log.error({ err: error }, 'access review escalation failed'),
    ),
    /** Prunes old opens while the app runs; closing also sends the last metrics. */
    usageUpkeep: {
      start: pruning.start,
      async stop() {
        await pruning.stop();
        await usageMetrics?.shutdown();
      },
    },
    /** Sends subscriptions: started when the app is ready, stopped when it closes. */
    subscriptionSending: subscriptionScheduler({
      queue,
      exist: subscriptions.exist,
      runDue: subscriptions.runDue,
      runRefreshed: refreshWatch.runRefreshed,
      resumeUnfinished: subscriptions.resumeUnfinished,
      checkSeconds: context.config.subscriptions.checkSeconds,
      log: context.log,
    }),
    /** For `/api/ready`: the BI service answers (over the same TLS trust as every BI call). */
    biReachable: bi.reachable,
    /** Shared by the viewer and account changes; exposed so a benchmark can warm it. */
    embedTokens,
    /** Demo mode only: the credentials file is read (or created) when the accounts are seeded. */
    seedDemoAccounts: (seed: DemoAccountsSeeder) =>
      seed({
        db,
        clock,
        audit,
        secrets,
        credentials: demoCredentialsFor(context.config.runMode, context.config.dataDir, (banner) =>
          process.stdout.write(banner),
        ),
      }),
    accounts: createAccountsService({
      db,
      clock,
      audit,
      secrets,
      content,
      grants: grants.get,
      favorites: favorites.get,
      biTokens: bi.tokens,
      syncAccount: sync.syncAccount,
      forgetAccount: (accountId) => drop({ kind: 'account', accountId }),
    }),
    permissions,
    /** Mails before a grant ends: started when the app is ready, stopped when it closes. */
    grantReminders: createGrantReminders({ db, mailer: context.mailer, now, log: context.log }),
    groupPermissions: createGroupPermissionsService({ db, audit, grants: grantDrops }),
    /** A provider sign-in changed a user's groups or RLS identity: their caches go. */
    providerUserChanged(userId: number) {
      grantDrops.invalidate();
      identityChanged(userId);
    },
    reportUsers,
    favorites: createFavoritesService({
      db,
      grants: grants.get,
      favorites: { invalidate: () => drop({ kind: 'favorites' }) },
    }),
    authoring: createAuthoringService({ db, secrets, bi: bi.client, content, sync, audit }),
    datasets: createDatasetsService({ db, secrets, bi: bi.client }),
    auditLog: createAuditService({ db, audit }),
    auditRetention: createAuditRetention({
      db,
      clock,
      audit,
      retention: context.config.auditRetention,
    }),
    viewer: createViewerService({ access: viewerAccess, bi: bi.client, embedTokens }),
    reportExports,
    identityChanged,
    identities: createIdentitiesService({
      db,
      audit,
      accountExists: async (id) => (await accountsRepository.getById(db, id)) !== undefined,
      identityChanged,
    }),
    testConnection: createConnectionTester({ db, secrets, bi: bi.client, tokens: bi.tokens }),
  };
}
export type Services = ReturnType<typeof createServices>;
