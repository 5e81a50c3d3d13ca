import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

function locatedReports(db: Kysely<Database>) {
  return db
    .selectFrom('reports as r')
    .innerJoin('workspaces as w', 'w.id', 'r.workspace_id')
    .select([
      'r.id',
      'r.uid',
      'r.bi_id',
      'r.name',
      'r.kind',
      'r.embed_url',
      'w.bi_id as workspace_bi_id',
      'w.name as workspace_name',
      'w.account_id',
    ]);
}

/** Kysely lookups of reports together with where they sit (workspace, account). */
export const reportsRepository = {
  /** Reports whose BI id or portal uId is `id` (a shared BI workspace can list one report twice). */
  listByIdOrUid(db: Kysely<Database>, id: string) {
    return locatedReports(db)
      .where((eb) => eb.or([eb('r.bi_id', '=', id), eb('r.uid', '=', id)]))
      .orderBy('r.id')
      .execute();
  },

  /** The reports under an account (its id as text), a workspace or a report (BI ids). */
  listInScope(db: Kysely<Database>, elementId: string) {
    const accountId = /^\d{1,10}$/.test(elementId) ? Number(elementId) : null;
    return locatedReports(db)
      .where((eb) =>
        eb.or([
          eb('r.bi_id', '=', elementId),
          eb('w.bi_id', '=', elementId),
          ...(accountId === null ? [] : [eb('w.account_id', '=', accountId)]),
        ]),
      )
      .orderBy('r.name')
      .orderBy('r.id')
      .execute();
  },
};
export type LocatedReport = Awaited<ReturnType<typeof reportsRepository.listByIdOrUid>>[number];

/** The policy's view of a located report. */
export function locationOf(report: LocatedReport) {
  return {
    accountId: report.account_id,
    workspaceBiId: report.workspace_bi_id,
    reportBiId: report.bi_id,
  };
}
