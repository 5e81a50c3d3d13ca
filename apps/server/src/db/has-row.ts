/**
 * Whether `query` returns a row: for the repositories' yes/no questions ("is this name taken?",
 * "did this insert claim the row?"), which look only at whether anything came back.
 */
export async function hasRow(query: { executeTakeFirst(): Promise<unknown> }): Promise<boolean> {
  return (await query.executeTakeFirst()) !== undefined;
}
