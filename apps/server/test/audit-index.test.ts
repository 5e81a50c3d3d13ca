import { CompiledQuery, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DialectName } from '../src/db/database.ts';
import type { Database } from '../src/db/schema.ts';
import {
  auditSearchRepository,
  type AuditFilter,
} from '../src/modules/audit/audit-search.repository.ts';
import { auditFilterCases, bulkLoadAudit } from './audit-bulk-load.ts';
import { createTestDatabase, testDialects, type TestDatabase } from './helper.ts';

const entries = 1_000_000;

/** How many columns a filter narrows: the two date bounds are one column, `at`. */
const filteredColumns = (filter: AuditFilter) =>
  new Set(Object.keys(filter).map((key) => (key === 'from' || key === 'before' ? 'at' : key))).size;

/** The plan's lines: SQLite's EXPLAIN QUERY PLAN details, or PostgreSQL's node types. */
async function planOf(db: Kysely<Database>, dialect: DialectName, query: CompiledQuery) {
  const explain = dialect === 'sqlite' ? 'explain query plan ' : 'explain (format json) ';
  const { rows } = await db.executeQuery<Record<string, unknown>>(
    CompiledQuery.raw(explain + query.sql, [...query.parameters]),
  );
  if (dialect === 'sqlite') return rows.map((row) => String(row['detail']));
  const nodes: string[] = [];
  const walk = (node: Record<string, unknown>) => {
    nodes.push(`${String(node['Node Type'])} ${String(node['Index Name'] ?? '')}`.trim());
    for (const child of (node['Plans'] as Record<string, unknown>[] | undefined) ?? []) walk(child);
  };
  const [document] = rows[0]!['QUERY PLAN'] as { Plan: Record<string, unknown> }[];
  walk(document!.Plan);
  return nodes;
}

/**
 * The audit screen at 1 M entries (issue 30): the first page of every filter, and a later page
 * by cursor, reads an audit index in order, with no table scan and no sort. Timings are in
 * bench/server/audit-query.ts and docs/performance.md, not here.
 */
for (const { dialect, available } of testDialects) {
  describe.skipIf(!available)(`audit list plans at 1 M entries (${dialect})`, () => {
    let database: TestDatabase;
    beforeAll(async () => {
      database = await createTestDatabase(dialect);
      await bulkLoadAudit(database.db, dialect, entries);
    }, 300_000);
    afterAll(() => database.drop());

    it('holds the million entries', async () => {
      const { count } = await database.db
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirstOrThrow();
      expect(Number(count)).toBe(entries);
    });

    const pages = Object.entries(auditFilterCases).flatMap(([name, filter]) => [
      { name: `${name}, primera página`, filter, after: null },
      { name: `${name}, con cursor`, filter, after: { at: '2024-06-05T00:00:00.000Z', id: 1 } },
    ]);
    it.each(pages)('$name: an index in order, no scan, no sort', async ({ filter, after }) => {
      const query = auditSearchRepository.pageQuery(database.db, filter, after, 51).compile();
      const plan = await planOf(database.db, dialect, query);
      if (dialect === 'sqlite') {
        expect(plan.some((line) => /USING (COVERING )?INDEX audit_log_\w+_idx/.test(line))).toBe(
          true,
        );
        expect(plan.join('\n')).not.toMatch(/TEMP B-TREE|^SCAN audit_log$/m);
      } else {
        // Two filtered columns may be met by a bitmap of two audit indexes and a sort of the
        // few rows both pick (the planner's choice by its estimates); never by reading the table.
        expect(plan.some((node) => /Index (Only )?Scan audit_log_\w+_idx$/.test(node))).toBe(true);
        expect(plan.join('\n')).not.toMatch(/Seq Scan/);
        if (filteredColumns(filter) < 2) expect(plan.join('\n')).not.toMatch(/Sort|Bitmap/);
      }
      // The page answers, newest first.
      const rows = await auditSearchRepository.page(database.db, filter, after, 51);
      expect(rows.length).toBeGreaterThan(0);
      expect(rows.map((row) => row.at)).toEqual(
        rows
          .map((row) => row.at)
          .sort()
          .reverse(),
      );
    });
  });
}
