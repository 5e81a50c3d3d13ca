import { createHash } from 'node:crypto';
import type { AuditLogTable } from '../db/schema.ts';

/**
 * The audit log's hash chain (decision 0273). Entries form one chain per category, so each
 * category can be pruned from its oldest end without breaking the others; each entry's hash
 * covers the previous entry's hash of its category and every stored field of its own.
 */

/** What the first entry of a category points at when nothing was ever pruned from it. */
export const genesisHash = '0'.repeat(64);

/** Categories that retention can be set for; an action's category is fixed by its name. */
export const auditCategories = [
  'access',
  'users',
  'permissions',
  'accounts',
  'identities',
  'subscriptions',
  'exports',
  'syncs',
  'content',
  'audit',
  'other',
] as const;
export type AuditCategory = (typeof auditCategories)[number];

/** Action-name prefixes per category; the longest matching prefix wins (`report.export`). */
const categoryPrefixes: [string, AuditCategory][] = [
  ['login', 'access'],
  ['logout', 'access'],
  ['session', 'access'],
  ['token', 'access'],
  ['user', 'users'],
  ['permissions', 'permissions'],
  ['group.permissions', 'permissions'],
  ['report.users', 'permissions'],
  ['account', 'accounts'],
  ['identity', 'identities'],
  ['subscription', 'subscriptions'],
  ['report.export', 'exports'],
  ['review.export', 'exports'],
  ['sync', 'syncs'],
  ['report', 'content'],
  ['audit', 'audit'],
];

export function auditCategoryOf(action: string): AuditCategory {
  let best: [string, AuditCategory] | undefined;
  for (const entry of categoryPrefixes) {
    const [prefix] = entry;
    const matches = action === prefix || action.startsWith(`${prefix}.`);
    if (matches && (!best || prefix.length > best[0].length)) best = entry;
  }
  return best?.[1] ?? 'other';
}

/** The stored fields an entry's hash covers (everything but its id and the hashes). */
export type ChainedFields = Omit<AuditLogTable, 'id' | 'prev_hash' | 'hash'>;

/** SHA-256 over the previous hash and the entry's fields, in a fixed order. */
export function entryHash(previous: string, fields: ChainedFields): string {
  const canonical = JSON.stringify([
    previous,
    fields.at,
    fields.category,
    fields.actor_id,
    fields.actor_username,
    fields.action,
    fields.target_type,
    fields.target_id,
    fields.detail,
    fields.ip,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
