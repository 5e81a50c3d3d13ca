import type { Kysely } from 'kysely';
import { firstValue } from '../../db/first-value.ts';
import type { Database } from '../../db/schema.ts';

/** An identity row with its roles parsed. `datasetId` null means every dataset of the account. */
export interface StoredIdentity {
  id: number;
  userId: number;
  accountId: number;
  datasetId: string | null;
  username: string;
  roles: string[];
}

const columns = ['id', 'user_id', 'account_id', 'dataset_id', 'username', 'roles'] as const;

function toIdentity(row: {
  id: number;
  user_id: number;
  account_id: number;
  dataset_id: string;
  username: string;
  roles: string;
}): StoredIdentity {
  return {
    id: row.id,
    userId: row.user_id,
    accountId: row.account_id,
    datasetId: row.dataset_id === '' ? null : row.dataset_id,
    username: row.username,
    roles: JSON.parse(row.roles) as string[],
  };
}

/** Kysely queries on viewers' effective identities (row-level security). */
export const identitiesRepository = {
  async ofUser(db: Kysely<Database>, userId: number): Promise<StoredIdentity[]> {
    const rows = await db
      .selectFrom('rls_identities')
      .select(columns)
      .where('user_id', '=', userId)
      .execute();
    return rows.map(toIdentity);
  },
  /**
   * The identity the provider's RLS claim gave `userId` at their last sign-in (undefined for a
   * local user or no claim), with the ids of every account it applies to.
   */
  async fromClaim(db: Kysely<Database>, userId: number) {
    const username = await firstValue(
      db.selectFrom('users').select('rls_username').where('id', '=', userId),
      'rls_username',
    );
    if (!username) return undefined;
    const accounts = await db.selectFrom('accounts').select('id').execute();
    return { username, accountIds: accounts.map((row) => row.id) };
  },
  async ofAccount(db: Kysely<Database>, accountId: number): Promise<StoredIdentity[]> {
    const rows = await db
      .selectFrom('rls_identities')
      .select(columns)
      .where('account_id', '=', accountId)
      .orderBy('user_id')
      .orderBy('dataset_id')
      .execute();
    return rows.map(toIdentity);
  },
  async getById(db: Kysely<Database>, id: number): Promise<StoredIdentity | undefined> {
    const row = await db
      .selectFrom('rls_identities')
      .select(columns)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toIdentity(row);
  },
  /** Creates or replaces the identity of (user, account, dataset). */
  async put(db: Kysely<Database>, identity: Omit<StoredIdentity, 'id'>): Promise<void> {
    const values = {
      user_id: identity.userId,
      account_id: identity.accountId,
      dataset_id: identity.datasetId ?? '',
      username: identity.username,
      roles: JSON.stringify(identity.roles),
    };
    await db
      .insertInto('rls_identities')
      .values(values)
      .onConflict((conflict) =>
        conflict
          .columns(['user_id', 'account_id', 'dataset_id'])
          .doUpdateSet({ username: values.username, roles: values.roles }),
      )
      .execute();
  },
  async delete(db: Kysely<Database>, id: number): Promise<void> {
    await db.deleteFrom('rls_identities').where('id', '=', id).execute();
  },
};
