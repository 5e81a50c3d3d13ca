/**
 * The first row `query` returns, mapped by `toItem`; undefined when it returns none: for the
 * repositories' reads of one item by its key or name.
 */
export async function firstMapped<Row, Item>(
  query: { executeTakeFirst(): Promise<Row | undefined> },
  toItem: (row: Row) => Item,
): Promise<Item | undefined> {
  const row = await query.executeTakeFirst();
  return row ? toItem(row) : undefined;
}
