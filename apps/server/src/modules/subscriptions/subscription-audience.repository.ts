import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Who a subscription reaches (Kysely queries only): the users it names, and the members of the
 * provider groups it names as they are now, less those who unsubscribed from it (decision 0298).
 */
export const subscriptionAudienceRepository = {
  /** Group names per subscription, in the order they were added. */
  async groupsOf(db: Kysely<Database>, ids: number[]): Promise<Map<number, string[]>> {
    const byId = new Map<number, string[]>(ids.map((id) => [id, []]));
    if (ids.length === 0) return byId;
    const rows = await db
      .selectFrom('subscription_groups')
      .select(['subscription_id', 'group_name'])
      .where('subscription_id', 'in', ids)
      .orderBy('id')
      .execute();
    for (const row of rows) byId.get(row.subscription_id)?.push(row.group_name);
    return byId;
  },

  /** The names among `names` that are provider groups of the portal. */
  async knownGroups(db: Kysely<Database>, names: string[]): Promise<Set<string>> {
    if (names.length === 0) return new Set();
    const rows = await db
      .selectFrom('provider_groups')
      .select('name')
      .where('name', 'in', names)
      .execute();
    return new Set(rows.map((r) => r.name));
  },

  /**
   * Keeps the groups that stay (their members' unsubscribe links keep working), drops the
   * others and adds the new ones with a fresh nonce each.
   */
  async setGroups(
    db: Kysely<Database>,
    subscriptionId: number,
    names: string[],
    nonce: () => string,
  ): Promise<void> {
    let drop = db.deleteFrom('subscription_groups').where('subscription_id', '=', subscriptionId);
    if (names.length > 0) drop = drop.where('group_name', 'not in', names);
    await drop.execute();
    for (const group_name of names) {
      await db
        .insertInto('subscription_groups')
        .values({ subscription_id: subscriptionId, group_name, unsubscribe_nonce: nonce() })
        .onConflict((oc) => oc.columns(['subscription_id', 'group_name']).doNothing())
        .execute();
    }
  },

  /**
   * Every user the subscription reaches now, once each: those it names, then the members of its
   * groups who did not unsubscribe, by id.
   */
  async audienceOf(db: Kysely<Database>, subscriptionId: number): Promise<number[]> {
    const direct = await db
      .selectFrom('subscription_recipients')
      .select('user_id')
      .where('subscription_id', '=', subscriptionId)
      .orderBy('id')
      .execute();
    const members = await db
      .selectFrom('subscription_groups as g')
      .innerJoin('user_groups as m', 'm.group_name', 'g.group_name')
      .select('m.user_id')
      .distinct()
      .where('g.subscription_id', '=', subscriptionId)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('subscription_opt_outs as o')
              .select('o.user_id')
              .whereRef('o.subscription_id', '=', 'g.subscription_id')
              .whereRef('o.user_id', '=', 'm.user_id'),
          ),
        ),
      )
      .orderBy('m.user_id')
      .execute();
    return [...new Set([...direct, ...members].map((r) => r.user_id))];
  },

  /**
   * For each of `userIds` reached through a group now (a member who did not unsubscribe), the
   * first such group row: its member's unsubscribe link names it.
   */
  async groupLinks(db: Kysely<Database>, subscriptionId: number, userIds: number[]) {
    const links = new Map<number, { groupId: number; userId: number; nonce: string }>();
    if (userIds.length === 0) return links;
    const rows = await db
      .selectFrom('subscription_groups as g')
      .innerJoin('user_groups as m', 'm.group_name', 'g.group_name')
      .leftJoin('subscription_opt_outs as o', (join) =>
        join
          .onRef('o.subscription_id', '=', 'g.subscription_id')
          .onRef('o.user_id', '=', 'm.user_id'),
      )
      .select(['g.id', 'g.unsubscribe_nonce', 'm.user_id'])
      .where('g.subscription_id', '=', subscriptionId)
      .where('m.user_id', 'in', userIds)
      .where('o.user_id', 'is', null)
      .orderBy('g.id')
      .execute();
    for (const row of rows) {
      if (!links.has(row.user_id)) {
        links.set(row.user_id, {
          groupId: row.id,
          userId: row.user_id,
          nonce: row.unsubscribe_nonce,
        });
      }
    }
    return links;
  },

  async groupById(db: Kysely<Database>, id: number) {
    return db
      .selectFrom('subscription_groups')
      .select(['id', 'subscription_id', 'group_name', 'unsubscribe_nonce'])
      .where('id', '=', id)
      .executeTakeFirst();
  },

  /** Records a group member's unsubscribe once; false when it was already recorded. */
  async optOut(db: Kysely<Database>, subscriptionId: number, userId: number, at: string) {
    const result = await db
      .insertInto('subscription_opt_outs')
      .values({ subscription_id: subscriptionId, user_id: userId, at })
      .onConflict((oc) => oc.columns(['subscription_id', 'user_id']).doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },
};
