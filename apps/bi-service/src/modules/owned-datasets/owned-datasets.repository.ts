import type { Selectable } from 'kysely';
import type { Clock } from '../../platform/clock.ts';
import type { BiDb } from '../../db/database.ts';
import { firstMapped } from '../../db/first-mapped.ts';
import type { OwnedDatasetsTable } from '../../db/schema.ts';

export type SourceKind = OwnedDatasetsTable['source_kind'];
export type Retention = OwnedDatasetsTable['retention'];

/** What the metadata reads of a dataset definition itself; the rest is the datasets module's. */
export interface StoredDefinition {
  id: string;
  name: string;
  roles?: readonly { name: string }[];
}

/** A dataset this service fills at run time, with where its data comes from. */
export interface OwnedDatasetRow<Definition extends StoredDefinition = StoredDefinition> {
  id: string;
  workspaceId: string;
  sourceKind: SourceKind;
  definition: Definition;
  retention: Retention;
  /** How to read the data again; its shape belongs to the source kind. */
  source: Record<string, unknown>;
  version: number;
  updatedAt: string;
}

/** The `datasets.roles` column: the names of the definition's roles, as JSON. */
const roleNames = (definition: StoredDefinition) =>
  JSON.stringify((definition.roles ?? []).map((role) => role.name));

type Joined = Selectable<OwnedDatasetsTable> & { workspace_id: string };

const toRow = <Definition extends StoredDefinition>(row: Joined): OwnedDatasetRow<Definition> => ({
  id: row.dataset_id,
  workspaceId: row.workspace_id,
  sourceKind: row.source_kind,
  definition: JSON.parse(row.definition) as Definition,
  retention: row.retention,
  source: JSON.parse(row.source) as Record<string, unknown>,
  version: Number(row.version),
  updatedAt: row.updated_at,
});

/** Owned datasets: a `datasets` row (what REST lists) plus their definition and version. */
export function createOwnedDatasetsRepository<Definition extends StoredDefinition>(
  db: BiDb,
  clock: Clock,
) {
  const selectJoined = () =>
    db
      .selectFrom('owned_datasets')
      .innerJoin('datasets', 'datasets.id', 'owned_datasets.dataset_id')
      .selectAll('owned_datasets')
      .select('datasets.workspace_id');

  return {
    async list(): Promise<OwnedDatasetRow<Definition>[]> {
      return (await selectJoined().execute()).map((row) => toRow<Definition>(row));
    },

    async get(id: string): Promise<OwnedDatasetRow<Definition> | undefined> {
      return firstMapped(
        selectJoined().where('owned_datasets.dataset_id', '=', id.toLowerCase()),
        toRow<Definition>,
      );
    },

    /** The owned dataset of that name in the workspace (re-imports replace it). */
    async findByName(
      workspaceId: string,
      name: string,
    ): Promise<OwnedDatasetRow<Definition> | undefined> {
      return firstMapped(
        selectJoined()
          .where('datasets.workspace_id', '=', workspaceId)
          .where('datasets.name', '=', name),
        toRow<Definition>,
      );
    },

    async insert(
      workspaceId: string,
      entry: {
        sourceKind: SourceKind;
        definition: Definition;
        retention: Retention;
        source?: Record<string, unknown>;
      },
    ): Promise<void> {
      const id = entry.definition.id.toLowerCase();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('datasets')
          .values({
            id,
            workspace_id: workspaceId,
            name: entry.definition.name,
            roles: roleNames(entry.definition),
          })
          .execute();
        await trx
          .insertInto('owned_datasets')
          .values({
            dataset_id: id,
            source_kind: entry.sourceKind,
            definition: JSON.stringify(entry.definition),
            retention: entry.retention,
            source: JSON.stringify(entry.source ?? {}),
            version: 1,
            updated_at: clock.now().toISOString(),
          })
          .execute();
      });
    },

    /**
     * Records a write: the new definition and source (if they changed); returns the new version.
     * A new definition also sets the role names GenerateToken checks identities against.
     */
    async recordWrite(
      id: string,
      definition?: Definition,
      source?: Record<string, unknown>,
    ): Promise<number> {
      const key = id.toLowerCase();
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('owned_datasets')
          .set((eb) => ({
            version: eb('version', '+', 1),
            updated_at: clock.now().toISOString(),
            ...(definition ? { definition: JSON.stringify(definition) } : {}),
            ...(source ? { source: JSON.stringify(source) } : {}),
          }))
          .where('dataset_id', '=', key)
          .returning('version')
          .executeTakeFirstOrThrow();
        if (definition)
          await trx
            .updateTable('datasets')
            .set({ roles: roleNames(definition) })
            .where('id', '=', key)
            .execute();
        return Number(row.version);
      });
    },

    /** Replaces the source settings alone (a refresh schedule): the data does not change. */
    async setSource(id: string, source: Record<string, unknown>): Promise<void> {
      await db
        .updateTable('owned_datasets')
        .set({ source: JSON.stringify(source) })
        .where('dataset_id', '=', id.toLowerCase())
        .execute();
    },

    /** Whether a report is built on the dataset (it cannot be deleted under it). */
    async hasReports(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('reports')
        .select('id')
        .where('dataset_id', '=', id.toLowerCase())
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Deletes the dataset row; its owned row goes with it (ON DELETE CASCADE). */
    async delete(id: string): Promise<void> {
      await db.deleteFrom('datasets').where('id', '=', id.toLowerCase()).execute();
    },
  };
}

export type OwnedDatasetsRepository<Definition extends StoredDefinition> = ReturnType<
  typeof createOwnedDatasetsRepository<Definition>
>;
