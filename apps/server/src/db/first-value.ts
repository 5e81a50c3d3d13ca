/**
 * The value of `column` in the first row `query` returns, undefined when it returns none: for the
 * repositories' single-value reads ("when did this session start?", "what is this account called?").
 */
export async function firstValue<Row, Column extends keyof Row>(
  query: { executeTakeFirst(): Promise<Row | undefined> },
  column: Column,
): Promise<Row[Column] | undefined> {
  return (await query.executeTakeFirst())?.[column];
}
