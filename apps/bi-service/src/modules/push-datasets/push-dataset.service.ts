/**
 * Datasets the service fills at run time (decision 0135). Each has a DuckDB file under
 * `DATA_DIR/bi/datasets/<id>.duckdb`, a definition and a version in the metadata, and a place in
 * the registry the frame's queries read, so a pushed row is visible to the next query.
 */
import type {
  DatasetRole,
  ListedTable,
  PushDatasetRequest,
  PushTable,
  RetentionPolicy,
} from '@vitrina/bi-model';
import { newGuid } from '../../platform/ids.ts';
import { entityNotFound, invalidRequest } from '../../http/powerbi-error.ts';
import type {
  OwnedDatasetRow,
  OwnedDatasetsRepository,
  SourceKind,
} from '../owned-datasets/owned-datasets.repository.ts';
import { assertRolesFit, withRoles } from './dataset-roles.ts';
import { reimport } from '../imports/imports.service.ts';
import { rowCounts } from '../../engine/row-counts.ts';
import { firstRows, parseFirstRowsQuery } from '../../engine/first-rows.ts';
import type { DatasetSource } from '../../engine/registry.ts';
import { DatasetStore } from '../../engine/dataset-store.ts';
import type { DatasetDefinition, TableDefinition } from '../../engine/model.ts';
import {
  assertWriter,
  datasetFile,
  removeDatasetFiles,
  type DataDir,
  type DatasetWriter,
} from '../owned-datasets/owned-files.ts';
import {
  assertConsistent,
  relationshipFromPush,
  tableFromPush,
  tableToPush,
} from '../../engine/push-definition.ts';
import type { DatasetRegistry } from '../../engine/registry.ts';
import {
  appendRows,
  checkRows,
  clearRows,
  createPushTable,
  reshapeTable,
  type PushCell,
} from '../../engine/row-writer.ts';

/** basicFIFO keeps this many rows per table, dropping the oldest, as Power BI does. */
const FIFO_MAX_ROWS = 200_000;

/** Looks in `owned`, then in `given`: the service's own datasets before those it was handed. */
export function layeredSource(owned: DatasetRegistry, given: DatasetSource): DatasetSource {
  return {
    schema: (id) => owned.schema(id) ?? given.schema(id),
    get: (id) => owned.get(id) ?? given.get?.(id),
    ids: () => [...new Set([...owned.ids(), ...(given.ids?.() ?? [])])],
  };
}

interface Dependencies {
  repository: OwnedDatasetsRepository<DatasetDefinition>;
  registry: DatasetRegistry;
  dataDir: DataDir;
}

function tableIn(definition: DatasetDefinition, name: string): TableDefinition {
  const table = definition.tables.find((candidate) => candidate.name === name);
  if (!table) throw entityNotFound(`Table ${name}`);
  return table;
}

export function createPushDatasetService({ repository, registry, dataDir }: Dependencies) {
  const fileOf = (id: string) => datasetFile(dataDir, id);

  async function owned(
    member: DatasetWriter,
    datasetId: string,
  ): Promise<OwnedDatasetRow<DatasetDefinition>> {
    const row = await repository.get(datasetId);
    if (!row || row.workspaceId !== member.workspace.id) throw entityNotFound('Dataset');
    return row;
  }

  async function writable(
    member: DatasetWriter,
    datasetId: string,
    kinds: readonly SourceKind[] = ['push'],
  ) {
    assertWriter(member);
    const row = await owned(member, datasetId);
    if (!kinds.includes(row.sourceKind))
      throw invalidRequest(`Dataset ${datasetId} is not a push dataset`);
    const loaded = registry.get(row.id);
    if (!loaded) throw entityNotFound('Dataset');
    return { row, store: loaded.store };
  }

  /** Records a write and lets queries see the (possibly new) definition. */
  async function written(
    row: OwnedDatasetRow<DatasetDefinition>,
    store: DatasetStore,
    definition?: DatasetDefinition,
  ) {
    const version = await repository.recordWrite(row.id, definition);
    if (definition) registry.add(store, definition, version);
    else registry.setVersion(row.id, version);
    return version;
  }

  return {
    /** Opens every stored dataset's file at start-up. */
    async openStored(): Promise<void> {
      for (const row of await repository.list()) {
        const store = await DatasetStore.open(row.definition, fileOf(row.id));
        registry.add(store, row.definition, row.version);
      }
    },

    async createPush(
      member: DatasetWriter,
      request: PushDatasetRequest,
      retention: RetentionPolicy,
    ) {
      assertWriter(member);
      const declared: DatasetDefinition = {
        id: newGuid(),
        name: request.name,
        tables: request.tables.map(tableFromPush),
        relationships: (request.relationships ?? []).map(relationshipFromPush),
      };
      assertConsistent(declared);
      const definition = withRoles(declared, request.roles ?? []);
      const store = await DatasetStore.open(definition, fileOf(definition.id));
      try {
        await store.withConnection(async (connection) => {
          for (const table of definition.tables) await createPushTable(connection, table);
        });
        await repository.insert(member.workspace.id, { sourceKind: 'push', definition, retention });
      } catch (error) {
        store.close();
        removeDatasetFiles(dataDir, definition.id);
        throw error;
      }
      registry.add(store, definition, 1);
      return { id: definition.id, name: definition.name, defaultRetentionPolicy: retention };
    },

    async tables(member: DatasetWriter, datasetId: string): Promise<ListedTable[]> {
      const row = await owned(member, datasetId);
      const store = registry.get(row.id)?.store;
      if (!store) throw entityNotFound('Dataset');
      const counts = await rowCounts(store, row.definition.tables);
      return row.definition.tables.map((table) => ({
        ...tableToPush(table),
        rowCount: counts.get(table.name) ?? 0,
      }));
    },

    /**
     * executeQueries: a table's first rows as stored (`EVALUATE TOPN(n, 'Table')`). Members who
     * may write only: the rows are read past row-level security, as the Datos page previews them.
     */
    async executeQuery(member: DatasetWriter, datasetId: string, query: string) {
      assertWriter(member);
      const row = await owned(member, datasetId);
      const store = registry.get(row.id)?.store;
      if (!store) throw entityNotFound('Dataset');
      const asked = parseFirstRowsQuery(query);
      return firstRows(store, tableIn(row.definition, asked.table), asked.rows);
    },

    /** The dataset's row-level-security roles, as `PUT …/roles` takes them. */
    async roles(member: DatasetWriter, datasetId: string): Promise<DatasetRole[]> {
      assertWriter(member);
      return (await owned(member, datasetId)).definition.roles ?? [];
    },

    /**
     * Replaces every role (an empty list removes row-level security). The next GenerateToken and
     * the next frame query see the new roles; tokens minted before keep the identity they carry.
     */
    async setRoles(member: DatasetWriter, datasetId: string, roles: readonly DatasetRole[]) {
      const { row, store } = await writable(member, datasetId, ['push', 'import', 'postgres']);
      const definition = withRoles(row.definition, roles);
      await written(row, store, definition);
      return definition.roles ?? [];
    },

    /**
     * PUT …/tables/{t}: the table's new columns and measures. A pushed table keeps its rows, cast
     * where needed; an imported table is read again from its file with the corrected types.
     */
    async putTable(member: DatasetWriter, datasetId: string, tableName: string, body: PushTable) {
      const { row, store } = await writable(member, datasetId, ['push', 'import']);
      const before = tableIn(row.definition, tableName);
      if (body.name !== before.name)
        throw invalidRequest(`The table's name ${body.name} does not match ${before.name}`);
      const after = tableFromPush(body);
      const definition: DatasetDefinition = {
        ...row.definition,
        tables: row.definition.tables.map((table) => (table === before ? after : table)),
      };
      assertConsistent(definition);
      assertRolesFit(definition);
      if (row.sourceKind === 'import') await reimport(dataDir, store, row.source, before, after);
      else await reshapeTable(store, before, after);
      await written(row, store, definition);
      return tableToPush(after);
    },

    async addRows(
      member: DatasetWriter,
      datasetId: string,
      tableName: string,
      rows: readonly Record<string, PushCell>[],
    ): Promise<void> {
      const { row, store } = await writable(member, datasetId);
      const table = tableIn(row.definition, tableName);
      const checked = checkRows(table, rows);
      const keep = row.retention === 'basicFIFO' ? FIFO_MAX_ROWS : undefined;
      await appendRows(store, table, checked, keep);
      await written(row, store);
    },

    async deleteRows(member: DatasetWriter, datasetId: string, tableName: string): Promise<void> {
      const { row, store } = await writable(member, datasetId);
      await clearRows(store, tableIn(row.definition, tableName));
      await written(row, store);
    },

    /** Deletes an owned dataset and its file; a dataset with reports on it is refused. */
    async delete(member: DatasetWriter, datasetId: string): Promise<void> {
      assertWriter(member);
      const row = await owned(member, datasetId);
      if (await repository.hasReports(row.id))
        throw invalidRequest(`Dataset ${datasetId} has reports; delete them first`);
      registry.remove(row.id);
      await repository.delete(row.id);
      const kept = row.source['fileName'];
      removeDatasetFiles(dataDir, row.id, typeof kept === 'string' ? kept : undefined);
    },
  };
}

export type PushDatasetService = ReturnType<typeof createPushDatasetService>;
