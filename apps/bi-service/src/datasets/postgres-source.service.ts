/**
 * Datasets over a PostgreSQL source (decision 0137): defined over tables or named queries, copied
 * into DuckDB on each refresh (on demand or on Power BI's weekly schedule). The connection string
 * is sealed at rest and never returned; a failed refresh keeps the last good data and records why.
 */
import type { PostgresDatasetRequest, Refresh, RefreshSchedule } from '@vitrina/bi-model';
import type { Clock } from '../clock.ts';
import { newGuid } from '../ids.ts';
import { entityNotFound, invalidRequest } from '../http/powerbi-error.ts';
import type {
  OwnedDatasetRow,
  OwnedDatasetsRepository,
} from '../storage/owned-datasets.repository.ts';
import type { RefreshesRepository, RefreshType } from '../storage/refreshes.repository.ts';
import { DatasetStore } from './dataset-store.ts';
import type { DatasetDefinition } from './model.ts';
import {
  assertWriter,
  datasetFile,
  removeDatasetFiles,
  withScratchDirectory,
  type DataDir,
  type DatasetWriter,
} from './owned-files.ts';
import { copyFromPostgres, relationsOf } from './postgres-copy.ts';
import { openSource, type SourceAccess } from './source-access/open-source.ts';
import { sourceFailure } from './source-access/source-errors.ts';
import { withFittingMeasures } from './push-definition.ts';
import type { DatasetRegistry } from './registry.ts';
import { dueSlot } from './refresh-schedule.ts';
import { open, seal } from './secret-box.ts';

interface PostgresSource {
  connection: string;
  tables: string[];
  queries: { name: string; sql: string }[];
  schedule: RefreshSchedule;
}

const noSchedule: RefreshSchedule = {
  enabled: false,
  days: [],
  times: [],
  localTimeZoneId: 'UTC',
  notifyOption: 'NoNotification',
};

interface Dependencies {
  repository: OwnedDatasetsRepository<DatasetDefinition>;
  refreshes: RefreshesRepository;
  registry: DatasetRegistry;
  dataDir: DataDir;
  /** AES-256 key sealing connection strings. */
  secretKey: Uint8Array;
  /** What a source may reach, checked on every connect and refresh (decision 0222). */
  access: SourceAccess;
  clock: Clock;
}

export function createPostgresSourceService(deps: Dependencies) {
  const { repository, refreshes, registry, dataDir, secretKey, access, clock } = deps;
  const running = new Set<string>();
  /** The schedule slot each dataset last refreshed in, so a slot runs once. */
  const lastSlot = new Map<string, string>();

  async function sourced(member: DatasetWriter, datasetId: string) {
    const row = await repository.get(datasetId);
    if (!row || row.workspaceId !== member.workspace.id) throw entityNotFound('Dataset');
    if (row.sourceKind !== 'postgres')
      throw invalidRequest(`Dataset ${datasetId} has no PostgreSQL source to refresh`);
    return { row, source: row.source as unknown as PostgresSource };
  }

  /** Copies the source into the store; returns the definition its tables now have. */
  async function copyInto(
    store: DatasetStore,
    previous: DatasetDefinition,
    source: PostgresSource,
  ) {
    const session = await openSource(access, open(secretKey, source.connection));
    try {
      const tables = await withScratchDirectory(dataDir, (scratch) =>
        store.withConnection((connection) =>
          copyFromPostgres(
            session,
            connection,
            relationsOf(source.tables, source.queries),
            scratch,
          ),
        ),
      );
      return withFittingMeasures(previous, { ...previous, tables });
    } finally {
      await session.close();
    }
  }

  async function refresh(
    row: OwnedDatasetRow<DatasetDefinition>,
    type: RefreshType,
  ): Promise<void> {
    if (running.has(row.id)) throw invalidRequest('A refresh of this dataset is already running');
    running.add(row.id);
    const refreshId = await refreshes.start(row.id, newGuid(), type);
    try {
      const store = registry.get(row.id)?.store;
      if (!store) throw new Error('The dataset is not open');
      const definition = await copyInto(
        store,
        row.definition,
        row.source as unknown as PostgresSource,
      );
      registry.add(store, definition, await repository.recordWrite(row.id, definition));
      await refreshes.finish(refreshId);
    } catch (error) {
      await refreshes.finish(refreshId, sourceFailure(error, access.log).message);
    } finally {
      running.delete(row.id);
    }
  }

  return {
    /** Creates the dataset and copies the source in; a source that cannot be read stores nothing. */
    async connect(member: DatasetWriter, request: PostgresDatasetRequest) {
      assertWriter(member);
      if (request.tables.length + request.queries.length === 0)
        throw invalidRequest('Name at least one table or query to copy');
      const id = newGuid();
      const source: PostgresSource = {
        connection: seal(secretKey, request.connectionString),
        tables: request.tables,
        queries: request.queries,
        schedule: noSchedule,
      };
      const empty: DatasetDefinition = { id, name: request.name, tables: [], relationships: [] };
      const store = await DatasetStore.open(empty, datasetFile(dataDir, id));
      let definition: DatasetDefinition;
      try {
        definition = await copyInto(store, empty, source);
      } catch (error) {
        store.close();
        removeDatasetFiles(dataDir, id);
        throw sourceFailure(error, access.log);
      }
      await repository.insert(member.workspace.id, {
        sourceKind: 'postgres',
        definition,
        retention: 'None',
        source: source as unknown as Record<string, unknown>,
      });
      registry.add(store, definition, 1);
      await refreshes.finish(await refreshes.start(id, newGuid(), 'ViaApi'));
      return { id, name: request.name };
    },

    /** `POST …/refreshes`: runs the refresh; how it ended is in the history. */
    async refreshNow(member: DatasetWriter, datasetId: string): Promise<void> {
      assertWriter(member);
      await refresh((await sourced(member, datasetId)).row, 'ViaApi');
    },

    async history(member: DatasetWriter, datasetId: string, top = 60): Promise<Refresh[]> {
      const { row } = await sourced(member, datasetId);
      return (await refreshes.list(row.id, top)).map((entry) => ({
        requestId: entry.requestId,
        id: entry.id,
        refreshType: entry.refreshType,
        startTime: entry.startTime,
        ...(entry.endTime ? { endTime: entry.endTime } : {}),
        status: entry.status,
        ...(entry.error
          ? {
              serviceExceptionJson: JSON.stringify({
                errorCode: 'ModelRefreshFailed',
                errorDescription: entry.error,
              }),
            }
          : {}),
      }));
    },

    async schedule(member: DatasetWriter, datasetId: string): Promise<RefreshSchedule> {
      return (await sourced(member, datasetId)).source.schedule;
    },

    async patchSchedule(
      member: DatasetWriter,
      datasetId: string,
      patch: Partial<RefreshSchedule>,
    ): Promise<RefreshSchedule> {
      assertWriter(member);
      const { row, source } = await sourced(member, datasetId);
      const schedule = { ...source.schedule, ...patch };
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: schedule.localTimeZoneId });
      } catch {
        throw invalidRequest(`Unknown time zone ${schedule.localTimeZoneId}`);
      }
      if (schedule.enabled && (schedule.days.length === 0 || schedule.times.length === 0))
        throw invalidRequest('An enabled schedule needs at least one day and one time');
      await repository.setSource(row.id, { ...source, schedule });
      return schedule;
    },

    /** Refreshes every dataset whose schedule has a slot due at `now` (once per slot). */
    async runDueRefreshes(now = clock.now()): Promise<void> {
      for (const row of await repository.list()) {
        if (row.sourceKind !== 'postgres') continue;
        const slot = dueSlot((row.source as unknown as PostgresSource).schedule, now);
        if (!slot || lastSlot.get(row.id) === slot || running.has(row.id)) continue;
        lastSlot.set(row.id, slot);
        await refresh(row, 'Scheduled');
      }
    },
  };
}

export type PostgresSourceService = ReturnType<typeof createPostgresSourceService>;
