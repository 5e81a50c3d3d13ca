import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../apps/server/src/db/schema.ts';
import { insertAccount } from '../../apps/server/test/helper.ts';

/** The benchmark tenant's shape (issue 3): 5 × 50 × 40 = 10,000 reports, 2,000 viewers × 10 grants. */
export const tenant = {
  accounts: 5,
  workspacesPerAccount: 50,
  reportsPerWorkspace: 40,
  viewers: 2_000,
  grantsPerViewer: 10,
};

async function insertChunked<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += 500) await insert(rows.slice(i, i + 500));
}

/**
 * Seeds the tenant straight into the database. Each viewer holds one workspace and nine reports
 * of other workspaces (so the tree mixes inherited and direct grants); every 50th viewer also
 * holds a whole account. Returns a typical viewer and one report that viewer may open.
 */
export async function seedTenant(db: Kysely<Database>, passwordHash: string) {
  const now = new Date().toISOString();
  const reports: { workspaceBiId: string; biId: string; uid: string }[] = [];
  const workspaces: string[] = [];
  for (let a = 0; a < tenant.accounts; a++) {
    const account = await insertAccount(db, `integracion${a}@vitrina.bench`, `Cuenta ${a}`);
    for (let w = 0; w < tenant.workspacesPerAccount; w++) {
      const biId = randomUUID();
      const workspace = await db
        .insertInto('workspaces')
        .values({ account_id: account.id, bi_id: biId, name: `Área ${a}-${w}` })
        .returning('id')
        .executeTakeFirstOrThrow();
      workspaces.push(biId);
      const rows = Array.from({ length: tenant.reportsPerWorkspace }, (_, r) => ({
        workspace_id: workspace.id,
        uid: randomUUID(),
        bi_id: randomUUID(),
        name: `Informe ${a}-${w}-${r}`,
        kind: r % 10 === 0 ? ('dashboard' as const) : ('report' as const),
        embed_url: `http://bi.bench/reportEmbed?groupId=${biId}`,
        dataset_id: null,
      }));
      await db.insertInto('reports').values(rows).execute();
      reports.push(...rows.map((row) => ({ workspaceBiId: biId, biId: row.bi_id, uid: row.uid })));
    }
  }

  const users = Array.from({ length: tenant.viewers }, (_, v) => ({
    username: `lector${v}`,
    firstname: `Nombre${v}`,
    lastname: `Apellido${v}`,
    mail: `lector${v}@vitrina.bench`,
    rol: 1,
    password_hash: passwordHash,
    password_temporary: 0,
    failed_logins: 0,
    created_at: now,
    updated_at: now,
  }));
  await insertChunked(users, (chunk) => db.insertInto('users').values(chunk).execute());
  const viewerIds = (
    await db.selectFrom('users').select('id').where('rol', '=', 1).orderBy('id').execute()
  ).map((u) => u.id);

  const permissions = viewerIds.flatMap((userId, v) => {
    const workspace = workspaces[(v * 7) % workspaces.length]!;
    const direct = Array.from(
      { length: tenant.grantsPerViewer - 1 },
      (_, k) => reports[(v * 131 + k * 977) % reports.length]!.biId,
    );
    const grants = [
      { user_id: userId, account_element_id: workspace, element_type: 'workspace' as const },
      ...direct.map((biId) => ({
        user_id: userId,
        account_element_id: biId,
        element_type: 'report' as const,
      })),
    ];
    return grants;
  });
  await insertChunked(permissions, (chunk) => db.insertInto('permissions').values(chunk).execute());

  const viewerIndex = 1_000;
  const viewerId = viewerIds[viewerIndex]!;
  const openable = reports.find(
    (r) => r.workspaceBiId === workspaces[(viewerIndex * 7) % workspaces.length],
  )!;
  return { viewerId, report: openable, permissions: permissions.length, reports: reports.length };
}
