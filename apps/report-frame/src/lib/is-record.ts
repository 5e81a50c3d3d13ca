/** Narrows an unknown value (a message, a request body, a theme file) to an object whose keys can be read. */
export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;
