import {
  auditMessages,
  auditPageSize,
  type AuditEntryDto,
  type AuditExportFormat,
  type AuditPage,
  type AuditQuery,
} from '@vitrina/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { appErrors } from '../../errors.ts';
import type { Actor, AuditLog } from '../../lib/audit.ts';
import { auditExportLines } from './audit-export.ts';
import { toAuditEntryDto } from './audit-presenter.ts';
import {
  auditSearchRepository,
  type AuditFilter,
  type AuditPosition,
} from './audit-search.repository.ts';

const exportBatch = 1000;
const bareDate = /^\d{4}-\d{2}-\d{2}$/;
const dayMs = 86_400_000;

/** The query's filters as stored values: `to` becomes an exclusive bound (a date: its next day). */
function filterOf(query: AuditQuery): AuditFilter {
  const [targetType, ...rest] = query.target?.split(':') ?? [];
  const instant = (value: string) => new Date(value).getTime();
  const before =
    query.to === undefined
      ? undefined
      : new Date(instant(query.to) + (bareDate.test(query.to) ? dayMs : 1)).toISOString();
  return {
    user: query.user,
    action: query.action,
    targetType,
    targetId: rest.length > 0 ? rest.join(':') : undefined,
    from: query.from === undefined ? undefined : new Date(query.from).toISOString(),
    before,
  };
}

const encodeCursor = (position: AuditPosition) =>
  Buffer.from(`${position.at}|${position.id}`).toString('base64url');

function decodeCursor(cursor: string | undefined): AuditPosition | null {
  if (cursor === undefined) return null;
  const [at = '', id = ''] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (Number.isNaN(Date.parse(at)) || !/^\d{1,10}$/.test(id)) {
    throw appErrors.validation('cursor', auditMessages.cursor);
  }
  return { at, id: Number(id) };
}

/** The audit screen's list and exports (administrators only; the routes check the role). */
export function createAuditService(deps: { db: Kysely<Database>; audit: AuditLog }) {
  /** Every matching entry, newest first, a batch at a time. */
  async function* batches(filter: AuditFilter): AsyncGenerator<AuditEntryDto[]> {
    let after: AuditPosition | null = null;
    for (;;) {
      const rows = await auditSearchRepository.page(deps.db, filter, after, exportBatch);
      if (rows.length > 0) yield rows.map(toAuditEntryDto);
      if (rows.length < exportBatch) return;
      const last = rows[rows.length - 1]!;
      after = { at: last.at, id: last.id };
    }
  }

  return {
    async list(query: AuditQuery): Promise<AuditPage> {
      const rows = await auditSearchRepository.page(
        deps.db,
        filterOf(query),
        decodeCursor(query.cursor),
        auditPageSize + 1,
      );
      const entries = rows.slice(0, auditPageSize);
      const last = entries[entries.length - 1];
      return {
        entries: entries.map(toAuditEntryDto),
        nextCursor: rows.length > auditPageSize && last ? encodeCursor(last) : null,
      };
    },

    /** Records who exported what, then streams every matching entry (the cursor is ignored). */
    async export(
      query: AuditQuery,
      format: AuditExportFormat,
      actor: Actor,
    ): Promise<AsyncGenerator<string>> {
      const { cursor: _ignored, format: _format, ...filters } = query;
      await deps.audit.record(deps.db, actor, {
        action: 'audit.exported',
        targetType: 'audit',
        detail: { format, filters },
      });
      return auditExportLines(format, batches(filterOf(query)));
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
