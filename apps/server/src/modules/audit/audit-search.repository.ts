import type { Kysely, Selectable } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema.ts';

/** Filters of the audit list, already normalized: instants are ISO strings as stored. */
export interface AuditFilter {
  user?: string | undefined;
  action?: string | undefined;
  targetType?: string | undefined;
  targetId?: string | undefined;
  /** Inclusive lower bound of `at`. */
  from?: string | undefined;
  /** Exclusive upper bound of `at`. */
  before?: string | undefined;
}

/** Where a page ends: the last entry's (at, id); the next page continues strictly after it. */
export interface AuditPosition {
  at: string;
  id: number;
}

export type AuditRow = Selectable<AuditLogTable>;

/**
 * Newest-first pages of the audit log. Every filter column leads an index ending in (at, id)
 * (migration 0006), so a page is an index range read backwards, whatever the filter.
 */
export const auditSearchRepository = {
  /** The page's query, unexecuted (the index tests read its plan). */
  pageQuery(db: Kysely<Database>, filter: AuditFilter, after: AuditPosition | null, limit: number) {
    let query = db.selectFrom('audit_log').selectAll();
    if (filter.user !== undefined) query = query.where('actor_username', '=', filter.user);
    if (filter.action !== undefined) query = query.where('action', '=', filter.action);
    if (filter.targetType !== undefined) query = query.where('target_type', '=', filter.targetType);
    if (filter.targetId !== undefined) query = query.where('target_id', '=', filter.targetId);
    if (filter.from !== undefined) query = query.where('at', '>=', filter.from);
    if (filter.before !== undefined) query = query.where('at', '<', filter.before);
    if (after) {
      query = query.where((eb) => eb(eb.refTuple('at', 'id'), '<', eb.tuple(after.at, after.id)));
    }
    return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit);
  },

  page(
    db: Kysely<Database>,
    filter: AuditFilter,
    after: AuditPosition | null,
    limit: number,
  ): Promise<AuditRow[]> {
    return auditSearchRepository.pageQuery(db, filter, after, limit).execute();
  },
};
