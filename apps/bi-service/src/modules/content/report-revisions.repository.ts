import { sql } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import { inOneTransaction, type BiDb } from '../../db/database.ts';
import type { ReportItem } from './content.ts';

/** Reports' revisions (every save is one), their creation and deletion. Ids are lower-case. */
export function createReportRevisionsRepository(db: BiDb, clock: Clock) {
  /**
   * Appends a revision only while the report is still at `baseRevision` (any revision when
   * undefined). The pointer moves with a conditional update, so of two saves onto the same
   * base exactly one wins; the other gets the revision that beat it and stores nothing.
   */
  async function addRevisionOnto(
    reportId: string,
    baseRevision: number | undefined,
    definition: unknown,
    savedBy: string,
  ): Promise<{ saved: number } | { current: number }> {
    return inOneTransaction(db, async (trx) => {
      const report = await trx
        .selectFrom('reports')
        .select('current_revision')
        .where('id', '=', reportId)
        .executeTakeFirst();
      const current = report?.current_revision ?? 0;
      const base = baseRevision ?? current;
      if (!report || base !== current) return { current };
      const latest = await trx
        .selectFrom('report_revisions')
        .select((eb) => eb.fn.coalesce(eb.fn.max('revision'), sql<number>`0`).as('latest'))
        .where('report_id', '=', reportId)
        .executeTakeFirst();
      const revision = Number(latest?.latest ?? 0) + 1;
      const moved = await trx
        .updateTable('reports')
        .set({ current_revision: revision })
        .where('id', '=', reportId)
        .where('current_revision', '=', base)
        .executeTakeFirst();
      if (Number(moved.numUpdatedRows) !== 1) return { current };
      await trx
        .insertInto('report_revisions')
        .values({
          report_id: reportId,
          revision,
          definition: JSON.stringify(definition),
          saved_by: savedBy,
          saved_at: clock.now().toISOString(),
        })
        .execute();
      return { saved: revision };
    });
  }

  return {
    /** The definition stored for a report's revision (the current one when omitted). */
    async getDefinition(reportId: string, revision?: number): Promise<unknown> {
      const row = await db
        .selectFrom('report_revisions as r')
        .innerJoin('reports as p', 'p.id', 'r.report_id')
        .select('r.definition')
        .where('r.report_id', '=', reportId)
        .where((eb) =>
          eb('r.revision', '=', revision === undefined ? eb.ref('p.current_revision') : revision),
        )
        .executeTakeFirst();
      return row ? (JSON.parse(row.definition) as unknown) : undefined;
    },

    /** Appends a revision and makes it current; earlier revisions stay. Returns its number. */
    async addRevision(reportId: string, definition: unknown, savedBy: string): Promise<number> {
      const outcome = await addRevisionOnto(reportId, undefined, definition, savedBy);
      if (!('saved' in outcome)) throw new Error(`Report ${reportId} does not exist`);
      return outcome.saved;
    },

    addRevisionOnto,

    /** A new name for the report; its revisions and id stay. */
    async renameReport(reportId: string, name: string): Promise<void> {
      await db.updateTable('reports').set({ name }).where('id', '=', reportId).execute();
    },

    /** Deletes a report with its revisions, its creator token and the tiles pinned from it. */
    async deleteReport(reportId: string): Promise<void> {
      await inOneTransaction(db, async (trx) => {
        await trx.deleteFrom('tiles').where('report_id', '=', reportId).execute();
        await trx.deleteFrom('report_revisions').where('report_id', '=', reportId).execute();
        await trx.deleteFrom('report_creator_tokens').where('report_id', '=', reportId).execute();
        await trx.deleteFrom('reports').where('id', '=', reportId).execute();
      });
    },

    /** The id of the embed token that made the report by save as or create, if one did. */
    async creatorTokenOf(reportId: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('report_creator_tokens')
        .select('token_id')
        .where('report_id', '=', reportId)
        .executeTakeFirst();
      return row?.token_id;
    },

    async countRevisions(reportId: string): Promise<number> {
      const row = await db
        .selectFrom('report_revisions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('report_id', '=', reportId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /**
     * Creates the report with revision 1 holding `report.definition`, in one transaction;
     * `creatorTokenId` is the jti of the embed token that made it (save as or create).
     */
    async insertReport(
      workspaceId: string,
      report: ReportItem,
      savedBy: string,
      creatorTokenId?: string,
    ): Promise<void> {
      const id = report.id.toLowerCase();
      await inOneTransaction(db, async (trx) => {
        await trx
          .insertInto('reports')
          .values({
            id,
            workspace_id: workspaceId,
            dataset_id: report.datasetId.toLowerCase(),
            name: report.name,
            report_type: report.reportType,
            current_revision: 0,
          })
          .execute();
        if (creatorTokenId !== undefined) {
          await trx
            .insertInto('report_creator_tokens')
            .values({ report_id: id, token_id: creatorTokenId })
            .execute();
        }
        await createReportRevisionsRepository(trx, clock).addRevision(
          id,
          report.definition,
          savedBy,
        );
      });
    },
  };
}
