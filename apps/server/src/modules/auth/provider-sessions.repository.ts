import type { Kysely } from 'kysely';
import { firstValue } from '../../db/first-value.ts';
import type { Database } from '../../db/schema.ts';

/** Sessions opened through the company's provider, and when each began. */
export const providerSessionsRepository = {
  async start(db: Kysely<Database>, row: { familyId: string; userId: number; startedAt: string }) {
    await db
      .insertInto('oidc_sessions')
      .values({ family_id: row.familyId, user_id: row.userId, started_at: row.startedAt })
      .execute();
  },

  /** When the provider session behind `familyId` began; undefined for a local login. */
  async startedAt(db: Kysely<Database>, familyId: string): Promise<string | undefined> {
    return firstValue(
      db.selectFrom('oidc_sessions').select('started_at').where('family_id', '=', familyId),
      'started_at',
    );
  },
};
