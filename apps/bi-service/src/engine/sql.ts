/**
 * SQL text with its bound values, composed in order. Every value reaches DuckDB as a bound
 * parameter; identifiers are only ever emitted through `quoteIdentifier` after being checked
 * against the dataset's schema.
 */

export type SqlValue = string | number | boolean;

export interface Fragment {
  readonly sql: string;
  readonly params: readonly SqlValue[];
}

export function raw(sql: string): Fragment {
  return { sql, params: [] };
}

export function param(value: SqlValue): Fragment {
  return { sql: '?', params: [value] };
}

/** Joins fragments with a separator, keeping parameters in textual order. */
export function join(fragments: readonly Fragment[], separator: string): Fragment {
  return {
    sql: fragments.map((fragment) => fragment.sql).join(separator),
    params: fragments.flatMap((fragment) => fragment.params),
  };
}

/** Tagged template: interpolated fragments keep their parameters in place. */
export function sql(strings: TemplateStringsArray, ...parts: Fragment[]): Fragment {
  let text = strings[0] ?? '';
  const params: SqlValue[] = [];
  parts.forEach((part, index) => {
    text += part.sql + (strings[index + 1] ?? '');
    params.push(...part.params);
  });
  return { sql: text, params };
}

/** A fragment's text and bound values as one string: equal keys, equal SQL. */
export const fragmentKey = (fragment: Fragment) =>
  `${fragment.sql}\u0000${JSON.stringify(fragment.params)}`;

/** Double-quotes an identifier that has already been validated against the schema. */
export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export function columnSql(table: string, column: string): Fragment {
  return raw(`${quoteIdentifier(table)}.${quoteIdentifier(column)}`);
}
