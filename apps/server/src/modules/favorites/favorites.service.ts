import type { Kysely } from 'kysely';
import { errorMessages, type FavoriteRequest, type FavoriteResponse } from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { appErrors } from '../../errors.ts';
import { locationOf, reportsRepository } from '../content/reports.repository.ts';
import { canViewReport, type Grants, type PolicyUser } from '../permissions/permissions.policy.ts';
import type { FavoritesCache } from './favorites-cache.ts';
import { favoritesRepository } from './favorites.repository.ts';

/**
 * Favorites: a user marks only their own favorites, and only on reports they can see. `reportId`
 * is the report's id in the tree (its BI id); its `uId` is accepted too.
 */
export function createFavoritesService(deps: {
  db: Kysely<Database>;
  grants: (userId: number) => Promise<Grants>;
  favorites: Pick<FavoritesCache, 'invalidate'>;
}) {
  const { db } = deps;

  /** The stored reports `reportId` names that `user` may see; 404/403 when there are none. */
  async function visibleReports(user: PolicyUser, reportId: string) {
    const reports = await reportsRepository.listByIdOrUid(db, reportId);
    if (!reports.length) throw appErrors.notFound(errorMessages.reportNotFound);
    const grants = await deps.grants(user.id);
    const visible = reports.filter((report) => canViewReport(user, locationOf(report), grants));
    if (!visible.length) throw appErrors.forbidden();
    return visible.map((report) => report.id);
  }

  return {
    async add(user: PolicyUser, request: FavoriteRequest): Promise<FavoriteResponse> {
      if (request.userId !== user.id) throw appErrors.forbidden();
      await favoritesRepository.add(db, user.id, await visibleReports(user, request.reportId));
      deps.favorites.invalidate();
      return { reportId: request.reportId };
    },

    /**
     * Removes the caller's own favorite rows for `reportId`. The answer is the same whether the
     * report exists, is hidden from the caller or is unknown (decision 0115), so it tells nobody
     * which report ids exist; a viewer who lost access can still clear an old favorite.
     */
    async remove(user: PolicyUser, reportId: string): Promise<FavoriteResponse> {
      const reports = await reportsRepository.listByIdOrUid(db, reportId);
      await favoritesRepository.remove(
        db,
        user.id,
        reports.map((report) => report.id),
      );
      deps.favorites.invalidate();
      return { reportId };
    },
  };
}
export type FavoritesService = ReturnType<typeof createFavoritesService>;
