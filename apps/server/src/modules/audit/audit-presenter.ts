import type { AuditEntryDto } from '@vitrina/contracts';
import type { AuditRow } from './audit-search.repository.ts';

export function toAuditEntryDto(row: AuditRow): AuditEntryDto {
  return {
    id: row.id,
    at: row.at,
    actorId: row.actor_id,
    actorUsername: row.actor_username,
    ip: row.ip,
    action: row.action,
    category: row.category,
    targetType: row.target_type,
    targetId: row.target_id,
    detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
    hash: row.hash,
  };
}
