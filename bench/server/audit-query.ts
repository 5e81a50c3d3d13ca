/**
 * The audit screen at 1 M entries (issue 30), on SQLite and PostgreSQL: time to load them, then
 * the first page (51 rows, newest first) of each filter and a page deeper by cursor, as the
 * median and worst of 20 runs each. Target: ≤ 100 ms per page.
 */
import { performance } from 'node:perf_hooks';
import type { DialectName } from '../../apps/server/src/db/database.ts';
import {
  auditSearchRepository,
  type AuditFilter,
  type AuditPosition,
} from '../../apps/server/src/modules/audit/audit-search.repository.ts';
import { auditFilterCases, bulkLoadAudit } from '../../apps/server/test/audit-bulk-load.ts';
import { createTestDatabase, postgresAvailable } from '../../apps/server/test/helper.ts';

const entries = 1_000_000;
const runs = 20;
const deepCursor: AuditPosition = { at: '2024-06-05T00:00:00.000Z', id: 1 };

async function measure(dialect: DialectName): Promise<void> {
  const database = await createTestDatabase(dialect);
  try {
    const loadStart = performance.now();
    await bulkLoadAudit(database.db, dialect, entries);
    console.log(
      `${dialect}: ${entries} entries loaded in ${((performance.now() - loadStart) / 1000).toFixed(1)} s`,
    );
    const time = async (filter: AuditFilter, after: AuditPosition | null) => {
      const samples: number[] = [];
      for (let run = 0; run < runs; run++) {
        const start = performance.now();
        await auditSearchRepository.page(database.db, filter, after, 51);
        samples.push(performance.now() - start);
      }
      samples.sort((a, b) => a - b);
      return `p50 ${samples[runs / 2]!.toFixed(1)} ms, max ${samples[runs - 1]!.toFixed(1)} ms`;
    };
    for (const [name, filter] of Object.entries(auditFilterCases)) {
      const first = await time(filter, null);
      const deep = await time(filter, deepCursor);
      console.log(`  ${name.padEnd(18)} first page: ${first.padEnd(28)} by cursor: ${deep}`);
    }
  } finally {
    await database.drop();
  }
}

await measure('sqlite');
if (postgresAvailable) await measure('postgres');
else console.log('postgres: not reachable, skipped');
