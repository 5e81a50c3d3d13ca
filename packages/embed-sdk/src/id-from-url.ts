/**
 * Reads `<name>=<value>` from an embed URL with 2.8.0's case-sensitive regex, where a quoted
 * value keeps its closing quote.
 */
export function findQueryIdInUrl(
  name: 'reportId' | 'dashboardId' | 'tileId' | 'datasetId' | 'groupId',
  url: string,
): string | undefined {
  return new RegExp(`${name}="?([^&]+)"?`).exec(url)?.[1];
}

/** The id of a component: the first non-empty candidate, else an Error with the type's message. */
export function requireId(candidates: (string | null | undefined)[], message: string): string {
  const id = candidates.find((c) => typeof c === 'string' && c.length > 0);
  if (id === undefined || id === null) throw new Error(message);
  return id;
}
