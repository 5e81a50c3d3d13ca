import { z } from 'zod';
import { auditCategories, type AuditCategory } from './audit-chain.ts';

/** Days audit entries are kept: a default, and overrides for some categories (decision 0274). */
export interface AuditRetention {
  days: number;
  byCategory: Partial<Record<AuditCategory, number>>;
}

const isCategory = (name: string): name is AuditCategory =>
  (auditCategories as readonly string[]).includes(name);

/**
 * `AUDIT_RETENTION_DAYS`: `730`, or the default followed by `category=days` pairs, such as
 * `730,access=180,syncs=90`.
 */
export const auditRetentionField = z
  .string()
  .default('730')
  .transform((text, context): AuditRetention => {
    const [first = '', ...pairs] = text.split(',').map((part) => part.trim());
    const days = (value: string) => (/^[1-9]\d{0,5}$/.test(value) ? Number(value) : undefined);
    const retention: AuditRetention = { days: days(first) ?? 0, byCategory: {} };
    if (retention.days === 0) context.addIssue('expected a number of days, then category=days');
    for (const pair of pairs) {
      const [name = '', value = ''] = pair.split('=').map((part) => part.trim());
      const parsed = days(value);
      if (isCategory(name) && parsed) retention.byCategory[name] = parsed;
      else context.addIssue(`"${pair}": category=days with one of ${auditCategories.join(', ')}`);
    }
    return retention;
  });
