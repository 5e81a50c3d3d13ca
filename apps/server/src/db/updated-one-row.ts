import type { UpdateResult } from 'kysely';

/**
 * Whether `update` changed exactly one row: for the conditional updates that claim a row ("mark
 * the token spent unless it already is", "move the subscription on unless another instance did"),
 * where of several callers only the one whose update matched goes on.
 */
export async function updatedOneRow(update: {
  executeTakeFirst(): Promise<UpdateResult>;
}): Promise<boolean> {
  return Number((await update.executeTakeFirst()).numUpdatedRows) === 1;
}
