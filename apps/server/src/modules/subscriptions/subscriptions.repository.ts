import type { Kysely, Selectable } from 'kysely';
import type {
  Database,
  SubscriptionDeliveriesTable,
  SubscriptionRunsTable,
  SubscriptionsTable,
} from '../../db/schema.ts';
import { updatedOneRow } from '../../db/updated-one-row.ts';

export type SubscriptionRow = Selectable<SubscriptionsTable>;
/** A subscription as written: its refresh state is the refresh watch's alone. */
export type NewSubscriptionRow = Omit<SubscriptionRow, 'id' | 'refresh_seen'>;
export type RunRow = Selectable<SubscriptionRunsTable>;
export type DeliveryRow = Selectable<SubscriptionDeliveriesTable>;

/** Who may be listed: everything, one owner's, one report's or one recipient's. */
export interface SubscriptionFilter {
  ownerId?: number;
  reportUid?: string;
  recipientId?: number;
}

/** Kysely queries on subscriptions, their recipients, runs and deliveries. */
export const subscriptionsRepository = {
  async list(db: Kysely<Database>, filter: SubscriptionFilter): Promise<SubscriptionRow[]> {
    let query = db.selectFrom('subscriptions').selectAll().orderBy('id');
    if (filter.ownerId !== undefined) query = query.where('owner_id', '=', filter.ownerId);
    if (filter.reportUid !== undefined) query = query.where('report_uid', '=', filter.reportUid);
    if (filter.recipientId !== undefined) {
      const recipientId = filter.recipientId;
      // Named on it, or a member of one of its groups now.
      query = query.where((eb) =>
        eb.or([
          eb(
            'id',
            'in',
            eb
              .selectFrom('subscription_recipients')
              .select('subscription_id')
              .where('user_id', '=', recipientId),
          ),
          eb(
            'id',
            'in',
            eb
              .selectFrom('subscription_groups as g')
              .innerJoin('user_groups as m', 'm.group_name', 'g.group_name')
              .select('g.subscription_id')
              .where('m.user_id', '=', recipientId),
          ),
        ]),
      );
    }
    return query.execute();
  },

  async get(db: Kysely<Database>, id: number): Promise<SubscriptionRow | undefined> {
    return db.selectFrom('subscriptions').selectAll().where('id', '=', id).executeTakeFirst();
  },

  /** Recipient user ids per subscription, in the order they were added. */
  async recipientsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, number[]>> {
    const byId = new Map<number, number[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byId;
    const rows = await db
      .selectFrom('subscription_recipients')
      .select(['subscription_id', 'user_id'])
      .where('subscription_id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const row of rows) byId.get(row.subscription_id)?.push(row.user_id);
    return byId;
  },

  async recipientRows(db: Kysely<Database>, subscriptionId: number) {
    return db
      .selectFrom('subscription_recipients')
      .select(['id', 'user_id', 'unsubscribe_nonce'])
      .where('subscription_id', '=', subscriptionId)
      .execute();
  },

  async insert(db: Kysely<Database>, row: NewSubscriptionRow): Promise<number> {
    const { id } = await db
      .insertInto('subscriptions')
      .values(row)
      .returning('id')
      .executeTakeFirstOrThrow();
    return id;
  },

  async update(db: Kysely<Database>, id: number, row: Partial<NewSubscriptionRow>) {
    await db.updateTable('subscriptions').set(row).where('id', '=', id).execute();
  },

  /** Keeps the recipients who stay (their unsubscribe links keep working), adds and drops. */
  async setRecipients(
    db: Kysely<Database>,
    subscriptionId: number,
    userIds: number[],
    nonce: () => string,
  ): Promise<void> {
    const current = await this.recipientRows(db, subscriptionId);
    const kept = new Set(current.map((r) => r.user_id));
    const wanted = new Set(userIds);
    const gone = current.filter((r) => !wanted.has(r.user_id)).map((r) => r.id);
    if (gone.length > 0) {
      await db.deleteFrom('subscription_recipients').where('id', 'in', gone).execute();
    }
    const added = userIds.filter((id) => !kept.has(id));
    if (added.length > 0) {
      await db
        .insertInto('subscription_recipients')
        .values(
          added.map((user_id) => ({
            subscription_id: subscriptionId,
            user_id,
            unsubscribe_nonce: nonce(),
          })),
        )
        .execute();
    }
  },

  async delete(db: Kysely<Database>, id: number): Promise<void> {
    await db.deleteFrom('subscriptions').where('id', '=', id).execute();
  },

  async recipientById(db: Kysely<Database>, id: number) {
    return db
      .selectFrom('subscription_recipients')
      .select(['id', 'subscription_id', 'user_id', 'unsubscribe_nonce'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Removes a recipient row once; false when it was already gone (a second click). */
  async removeRecipient(db: Kysely<Database>, id: number, nonce: string): Promise<boolean> {
    const result = await db
      .deleteFrom('subscription_recipients')
      .where('id', '=', id)
      .where('unsubscribe_nonce', '=', nonce)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  },

  /** Active subscriptions whose next send is due at `now`. */
  async any(db: Kysely<Database>): Promise<boolean> {
    return (
      (await db.selectFrom('subscriptions').select('id').limit(1).executeTakeFirst()) !== undefined
    );
  },

  async due(db: Kysely<Database>, now: string): Promise<SubscriptionRow[]> {
    return db
      .selectFrom('subscriptions')
      .selectAll()
      .where('paused', '=', 0)
      .where('next_run_at', 'is not', null)
      .where('next_run_at', '<=', now)
      .orderBy('next_run_at')
      .execute();
  },

  /** Active subscriptions sent after each refresh of their report's dataset. */
  async afterRefresh(db: Kysely<Database>): Promise<SubscriptionRow[]> {
    return db
      .selectFrom('subscriptions')
      .selectAll()
      .where('paused', '=', 0)
      .where('frequency', '=', 'afterRefresh')
      .orderBy('id')
      .execute();
  },

  /**
   * Marks the refresh `key` as the one `id` was sent for, only if it still shows `seen`: of
   * several instances that saw the same new refresh, exactly one sees true.
   */
  async claimRefresh(
    db: Kysely<Database>,
    id: number,
    seen: string | null,
    key: string,
  ): Promise<boolean> {
    return updatedOneRow(
      db
        .updateTable('subscriptions')
        .set({ refresh_seen: key })
        .where('id', '=', id)
        .where('frequency', '=', 'afterRefresh')
        .where((eb) =>
          seen === null ? eb('refresh_seen', 'is', null) : eb('refresh_seen', '=', seen),
        ),
    );
  },

  /**
   * Moves a subscription from the occurrence `dueAt` to `next`, only if no one else did: of
   * several instances claiming the same occurrence, exactly one sees true.
   */
  async advance(
    db: Kysely<Database>,
    id: number,
    dueAt: string,
    next: string | null,
  ): Promise<boolean> {
    return updatedOneRow(
      db
        .updateTable('subscriptions')
        .set({ next_run_at: next })
        .where('id', '=', id)
        .where('next_run_at', '=', dueAt),
    );
  },

  /** A run with a pending delivery per recipient. */
  async insertRun(
    db: Kysely<Database>,
    run: Omit<RunRow, 'id' | 'started_at' | 'finished_at'>,
    recipients: number[],
  ): Promise<number> {
    const { id } = await db
      .insertInto('subscription_runs')
      .values({ ...run, started_at: null, finished_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (recipients.length > 0) {
      await db
        .insertInto('subscription_deliveries')
        .values(
          recipients.map((user_id) => ({
            run_id: id,
            user_id,
            outcome: 'pending' as const,
            reason: null,
            error: null,
            attempts: 0,
            at: null,
          })),
        )
        .execute();
    }
    return id;
  },

  async getRun(db: Kysely<Database>, id: number): Promise<RunRow | undefined> {
    return db.selectFrom('subscription_runs').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async runsOf(db: Kysely<Database>, subscriptionId: number, limit: number): Promise<RunRow[]> {
    return db
      .selectFrom('subscription_runs')
      .selectAll()
      .where('subscription_id', '=', subscriptionId)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  },

  /** The latest run of each subscription. */
  async lastRuns(db: Kysely<Database>, ids: number[]): Promise<RunRow[]> {
    if (ids.length === 0) return [];
    return db
      .selectFrom('subscription_runs')
      .selectAll()
      .where('id', 'in', (q) =>
        q
          .selectFrom('subscription_runs')
          .select((eb) => eb.fn.max('id').as('id'))
          .where('subscription_id', 'in', ids)
          .groupBy('subscription_id'),
      )
      .execute();
  },

  /** Runs that never finished (the instance stopped mid-run): they are resumed. */
  async unfinishedRuns(db: Kysely<Database>): Promise<RunRow[]> {
    return db
      .selectFrom('subscription_runs')
      .selectAll()
      .where('finished_at', 'is', null)
      .orderBy('id')
      .execute();
  },

  async deliveriesOf(db: Kysely<Database>, runIds: number[]): Promise<DeliveryRow[]> {
    if (runIds.length === 0) return [];
    return db
      .selectFrom('subscription_deliveries')
      .selectAll()
      .where('run_id', 'in', runIds)
      .orderBy('id')
      .execute();
  },

  async setDelivery(
    db: Kysely<Database>,
    runId: number,
    userId: number,
    change: Partial<Omit<DeliveryRow, 'id' | 'run_id' | 'user_id'>>,
  ): Promise<void> {
    await db
      .updateTable('subscription_deliveries')
      .set(change)
      .where('run_id', '=', runId)
      .where('user_id', '=', userId)
      .execute();
  },

  /** The users a send needs: role for the access check, mail and name. */
  async usersOf(db: Kysely<Database>, ids: number[]) {
    if (ids.length === 0) return [];
    return db
      .selectFrom('users')
      .select(['id', 'rol', 'mail', 'username', 'firstname', 'lastname'])
      .where('id', 'in', ids)
      .orderBy('id')
      .execute();
  },

  async markRun(db: Kysely<Database>, id: number, change: Partial<RunRow>): Promise<void> {
    await db.updateTable('subscription_runs').set(change).where('id', '=', id).execute();
  },
};
