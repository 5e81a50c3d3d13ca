/** True for a unique-constraint violation on either dialect (a lost race on a unique column). */
export function isUniqueViolation(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as Error & { code?: unknown }).code;
  // PostgreSQL: SQLSTATE 23505. SQLite (node:sqlite): the message names the constraint.
  return code === '23505' || /UNIQUE constraint failed/.test(error.message);
}
