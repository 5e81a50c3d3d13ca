import type { Kysely } from 'kysely';
import { errorMessages, type FavoriteRequest, type FavoriteResponse } from '@vitrina/contracts';
import type { Database } from '../../db/schema.ts';
import { appErrors } from '../../errors.ts';
import { locationOf, reportsRepository } from '../accounts/reports.repository.ts';
import type { AccessCache } from '../permissions/access-cache.ts';
import { canViewReport, type PolicyUser } from '../permissions/permissions.policy.ts';
import { favoritesRepository } from './favorites.repository.ts';

/**
 * Favorites: a user marks only their own favorites, and only on reports they can see. `reportId`
 * is the report's id in the tree (its BI id); its `uId` is accepted too.
 */
export function createFavoritesService(deps: { db: Kysely<Database>; access: AccessCache }) {
  const { db, access } = deps;

  /** The stored reports `reportId` names that `user` may see; 404/403 when there are none. */
  async function visibleReports(user: PolicyUser, reportId: string) {
    const reports = await reportsRepository.listByIdOrUid(db, reportId);
    if (!reports.length) throw appErrors.notFound(errorMessages.reportNotFound);
    const grants = await access.grants(user.id);
    const visible = reports.filter((report) => canViewReport(user, locationOf(report), grants));
    if (!visible.length) throw appErrors.forbidden();
    return visible.map((report) => report.id);
  }

  return {
    async add(user: PolicyUser, request: FavoriteRequest): Promise<FavoriteResponse> {
      if (request.userId !== user.id) throw appErrors.forbidden();
      await favoritesRepository.add(db, user.id, await visibleReports(user, request.reportId));
      access.invalidateFavorites();
      return { reportId: request.reportId };
    },

    async remove(user: PolicyUser, reportId: string): Promise<FavoriteResponse> {
      const reports = await reportsRepository.listByIdOrUid(db, reportId);
      if (!reports.length) throw appErrors.notFound(errorMessages.reportNotFound);
      await favoritesRepository.remove(
        db,
        user.id,
        reports.map((report) => report.id),
      );
      access.invalidateFavorites();
      return { reportId };
    },
  };
}
