import type { AppContext } from './context.ts';
import { createAccountsService } from './modules/accounts/accounts.service.ts';
import { createSecretBox } from './modules/accounts/secret-box.ts';
import { createAuthoringService } from './modules/authoring/authoring.service.ts';
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
import { createViewerService, forgetAccountEmbedTokens } from './modules/viewer/viewer.service.ts';

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
    authoring: createAuthoringService({ db, secrets, bi: bi.client, content, sync }),
    viewer: createViewerService({
      db,
      secrets,
      bi: bi.client,
      content,
      grants: grants.get,
      embedTokens,
    }),
  };
}
export type Services = ReturnType<typeof createServices>;
