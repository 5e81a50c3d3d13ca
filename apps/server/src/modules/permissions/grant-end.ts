/**
 * "Válido hasta" between the API and the database: stored as ISO 8601 in UTC (so text order is
 * time order, in both dialects), answered only on a grant that has an end.
 */
export function storedValidUntil(input: string | null | undefined): string | null {
  return input == null ? null : new Date(input).toISOString();
}

export function presentedValidUntil(stored: string | null): { validUntil?: string } {
  return stored === null ? {} : { validUntil: stored };
}
