/** What the describe-level set-ups (frame/suite.ts, portal/suite.ts) share. */

/**
 * A value that a beforeAll hook sets. Read while the tests are still being collected (or after
 * the hook failed) it is not there, and the error says so instead of an `undefined` further on.
 */
export function started<T>(value: T | undefined, what: string): T {
  if (value === undefined)
    throw new Error(`${what} is set up in beforeAll: read it in a hook or a test`);
  return value;
}
