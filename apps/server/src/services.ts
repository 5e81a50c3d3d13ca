import type { AppContext } from './context.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createSecretBox } from './modules/accounts/secret-box.ts';
import { createReportUsersService } from './modules/administration/report-users.service.ts';
import { createBiConnection } from './modules/bi-client/bi-connection.ts';
import { createContentCache } from './modules/content/content-cache.ts';
import { createFavoritesCache } from './modules/favorites/favorites-cache.ts';
import { createFavoritesService } from './modules/favorites/favorites.service.ts';
import { createGrantsCache } from './modules/permissions/grants-cache.ts';
import { createPermissionsService } from './modules/permissions/permissions.service.ts';
import { seedDemoAccounts } from './modules/sync/demo-accounts.ts';
import { createSyncService } from './modules/sync/sync.service.ts';
import { createEmbedTokenCache } from './modules/viewer/embed-token-cache.ts';
import {
  createViewerService,
  forgetAccountEmbedTokens,
  forgetUserEmbedTokens,
} from './modules/viewer/viewer.service.ts';
import { createConnectionTester } from './modules/accounts/connection-test.ts';
import { accountsRepository } from './modules/accounts/accounts.repository.ts';
import {
  createIdentitiesCache,
  createIdentitiesService,
} from './modules/identities/identities.service.ts';

/**
 * The composition root of the portal's content side: every service and cache is built here, once
 * per app, and each module's routes get only the services they call. The caches are keyed by
 * user id (grants, favorites) or by account and report (embed tokens, minted with the account's
 * credentials and no identity), so no entry ever answers for another user.
 */
export function createServices(context: AppContext) {
  const { db, clock, audit } = context;
  const now = () => clock.now().getTime();
  const secrets = createSecretBox(context.accountKey);
  const bi = createBiConnection(context.config.bi, now);
  const content = createContentCache({ db, now });
  const grants = createGrantsCache({ db, now });
  const favorites = createFavoritesCache({ db, now });
  const embedTokens = createEmbedTokenCache({ now });
  const identities = createIdentitiesCache({ db, now });

  /**
   * A viewer's effective identity changed: their cached identities and every embed token that
   * carried one go at once. The one place to broadcast when several portal processes run.
   */
  function identityChanged(userId: number) {
    identities.forget(userId);
    forgetUserEmbedTokens(embedTokens, userId);
  }

  /** Content changed: grants and favorites on vanished elements were deleted with it. */
  function contentChanged() {
    content.invalidate();
    grants.invalidate();
    favorites.invalidate();
  }
  const sync = createSyncService({
    db,
    bi: bi.client,
    secrets,
    clock,
    log: context.log,
    onContentChanged: contentChanged,
  });

  return {
    sync,
    /** Shared by the viewer and account changes; exposed so a benchmark can warm it. */
    embedTokens,
    seedDemoAccounts: () => seedDemoAccounts({ db, clock, audit, secrets }),
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
      forgetAccount(accountId) {
        contentChanged();
        bi.tokens.forget(accountId);
        forgetAccountEmbedTokens(embedTokens, accountId);
      },
    }),
    permissions: createPermissionsService({ db, audit, grants }),
    reportUsers: createReportUsersService({ db, audit, grants }),
    favorites: createFavoritesService({ db, grants: grants.get, favorites }),
    viewer: createViewerService({
      db,
      secrets,
      bi: bi.client,
      content,
      grants: grants.get,
      identities: identities.get,
      embedTokens,
    }),
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
