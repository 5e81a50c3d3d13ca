import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../src/db/database.ts';
import { auditIndexes } from '../src/db/migrations/0006-audit-chain.ts';
import type { Database } from '../src/db/schema.ts';

/**
 * Fills the audit log with `count` synthetic entries in one statement (a recursive CTE on
 * SQLite, generate_series on PostgreSQL), one a minute from 2024-01-01: 500 users, 20 actions,
 * 5,000 targets. The hashes are left empty: these entries serve the index, not the chain. The
 * audit indexes are dropped for the load and built again after it, as a restore would do.
 */
export async function bulkLoadAudit(
  db: Kysely<Database>,
  dialect: DialectName,
  count: number,
): Promise<void> {
  for (const name of Object.keys(auditIndexes)) await db.schema.dropIndex(name).execute();
  await insertSynthetic(db, dialect, count);
  for (const [name, columns] of Object.entries(auditIndexes)) {
    await db.schema.createIndex(name).on('audit_log').columns(columns).execute();
  }
  // Fresh statistics, as autovacuum / ANALYZE would have them on a database grown over time.
  await sql`analyze audit_log`.execute(db);
}

async function insertSynthetic(db: Kysely<Database>, dialect: DialectName, count: number) {
  if (dialect === 'sqlite') {
    await sql`
      with recursive n(i) as (select 1 union all select i + 1 from n where i < ${count})
      insert into audit_log
        (at, actor_id, actor_username, action, target_type, target_id, detail, ip, category, prev_hash, hash)
      select strftime('%Y-%m-%dT%H:%M:%fZ', '2024-01-01', '+' || (i * 60) || ' seconds'),
        i % 500, 'usuario' || (i % 500), 'accion.' || (i % 20), 'user', cast(i % 5000 as text),
        '{"before":{"n":' || i || '},"after":{"n":' || (i + 1) || '}}', '10.0.0.' || (i % 250),
        'other', '', ''
      from n`.execute(db);
  } else {
    await sql`
      insert into audit_log
        (at, actor_id, actor_username, action, target_type, target_id, detail, ip, category, prev_hash, hash)
      select to_char(timestamp '2024-01-01' + i * interval '1 minute', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        i % 500, 'usuario' || (i % 500), 'accion.' || (i % 20), 'user', (i % 5000)::text,
        '{"before":{"n":' || i || '},"after":{"n":' || (i + 1) || '}}', '10.0.0.' || (i % 250),
        'other', '', ''
      from generate_series(1, ${count}) as i`.execute(db);
  }
}

/** The filters the audit screen offers, alone and combined, as the plan tests and bench run them. */
export const auditFilterCases = {
  'sin filtro': {},
  usuario: { user: 'usuario42' },
  acción: { action: 'accion.7' },
  objeto: { targetType: 'user', targetId: '1234' },
  fechas: { from: '2024-06-01T00:00:00.000Z', before: '2024-06-08T00:00:00.000Z' },
  'usuario y acción': { user: 'usuario42', action: 'accion.2' },
  'acción y fechas': {
    action: 'accion.7',
    from: '2024-06-01T00:00:00.000Z',
    before: '2024-06-08T00:00:00.000Z',
  },
} as const;
