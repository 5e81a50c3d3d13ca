import { systemClock, type Clock } from './platform/clock.ts';
import type { BiConfig } from './config.ts';
import {
  createDirectoryService,
  type DirectoryService,
} from './modules/identity/directory.service.ts';
import { createFailureLimiter, type FailureLimiter } from './modules/identity/failure-limiter.ts';
import {
  createAuthoringService,
  type AuthoringService,
} from './modules/embed-api/authoring.service.ts';
import {
  createReportWritesService,
  type ReportWritesService,
} from './modules/content/report-writes.service.ts';
import { createCatalogService, type CatalogService } from './modules/tenant/catalog.service.ts';
import { createContentService, type ContentService } from './modules/content/content.service.ts';
import {
  createWorkspacesService,
  type WorkspacesService,
} from './modules/workspaces/workspaces.service.ts';
import { createQueryService, type QueryService } from './modules/queries/query.service.ts';
import { createResultCache } from './modules/queries/result-cache.ts';
import { startQueryWorkers, type QueryWorkers } from './modules/queries/workers/query-workers.ts';
import {
  createPushDatasetService,
  layeredSource,
  type PushDatasetService,
} from './modules/push-datasets/push-dataset.service.ts';
import type { DatasetDefinition } from './engine/model.ts';
import { DatasetRegistry, type DatasetSource } from './engine/registry.ts';
import { createImportService, type ImportService } from './modules/imports/imports.service.ts';
import { createImportsRepository } from './modules/imports/imports.repository.ts';
import {
  createPostgresSourceService,
  type PostgresSourceService,
} from './modules/postgres-sources/postgres-source.service.ts';
import { createSourceAccess } from './modules/postgres-sources/source-access/access-config.ts';
import type { SourceLog } from './modules/postgres-sources/source-access/source-errors.ts';
import type { Resolver } from './modules/postgres-sources/source-access/source-policy.ts';
import { createRefreshesRepository } from './modules/postgres-sources/refreshes.repository.ts';
import { openDatabase, type BiDb } from './db/database.ts';
import { createOwnedDatasetsRepository } from './modules/owned-datasets/owned-datasets.repository.ts';
import {
  createContentRepository,
  type ContentRepository,
} from './modules/content/content.repository.ts';
import {
  createPrincipalsRepository,
  type PrincipalsRepository,
} from './modules/identity/principals.repository.ts';
import {
  createWorkspacesRepository,
  type WorkspacesRepository,
} from './modules/workspaces/workspaces.repository.ts';
import {
  createEmbedTokenService,
  type EmbedTokenService,
} from './modules/embed-tokens/embed-token.service.ts';
import { loadOrCreateKey, type SigningKey } from './platform/signing-key.ts';
import { createExportService, type ExportService } from './modules/exports/exports.service.ts';
import { createExportsRepository } from './modules/exports/exports.repository.ts';
import { createExportFiles } from './modules/exports/export-files.ts';
import type { ExportRenderer } from './modules/exports/export-renderer.ts';
import { ChromiumExportRenderer } from './modules/exports/render/chromium-renderer.ts';
import { deferredRenderer } from './modules/exports/render/deferred-renderer.ts';

export type { DatasetSource } from './engine/registry.ts';

const noDatasets: DatasetSource = { schema: () => undefined };

/** Headless chromium at CHROMIUM_PATH, loading the frame from the service's own listener. */
const chromiumRenderer = (config: BiConfig) =>
  deferredRenderer(
    (serviceOrigin) =>
      new ChromiumExportRenderer({
        serviceOrigin,
        executablePath: config.exports.chromiumPath,
        restartAfterJobs: config.exports.browserJobs,
        keptContexts: config.exports.concurrency,
      }),
  );

/** Failed credential attempts are counted over 15 minutes. */
const authFailureWindowMs = 15 * 60 * 1000;

/** Everything the routes use, wired once (the composition root). */
export interface BiServices {
  config: BiConfig;
  clock: Clock;
  db: BiDb;
  principals: PrincipalsRepository;
  workspaces: WorkspacesRepository;
  content: ContentRepository;
  /** Signs access tokens (OAuth). */
  accessTokenKey: SigningKey;
  /** Signs embed tokens. */
  embedTokenKey: SigningKey;
  datasetSchemas: DatasetSource;
  /** Identities, workspaces and content being created (CLI, seeding). */
  catalog: CatalogService;
  /** Workspace content as callers may see it (REST and embed API). */
  /** Workspaces as callers may see them: memberships and roles (REST). */
  workspaceAccess: WorkspacesService;
  contentAccess: ContentService;
  embedTokens: EmbedTokenService;
  /** Save as and create from the frame (embed tokens). */
  authoring: AuthoringService;
  /** Clone, Delete and UpdateReportContent (Power BI REST). */
  reportWrites: ReportWritesService;
  queries: QueryService;
  /** The read-only query processes when `BI_QUERY_WORKERS` > 1. */
  queryWorkers: QueryWorkers | undefined;
  /** Datasets filled at run time: push API (and their version, which every write changes). */
  pushDatasets: PushDatasetService;
  /** File imports (CSV, XLSX, Parquet) into datasets, within limits; cancelled as the app closes. */
  imports: ImportService;
  /** Datasets copied in from PostgreSQL: refreshes, history, schedule. */
  postgresSources: PostgresSourceService;
  /** Applications and users as the token endpoint sees them. */
  directory: DirectoryService;
  /** Failed client secrets and passwords at the token endpoint, per client id and address. */
  authFailures: FailureLimiter;
  /** Export To File jobs: queue, store and files (closed with the services). */
  exports: ExportService;
  /** Stops the export jobs, then closes the metadata database. */
  close(): Promise<void>;
}

/** What routes are handed: services only, never a repository or the database. */
export type RouteServices = Omit<
  BiServices,
  'db' | 'principals' | 'workspaces' | 'content' | 'queryWorkers'
>;

export interface CreateServicesOptions {
  /** Keep the database and keys in memory (tests that need no files). */
  inMemory?: boolean;
  datasetSchemas?: DatasetSource;
  clock?: Clock;
  /** How PostgreSQL source hosts resolve (default `dns.lookup`); tests make names up. */
  sourceResolver?: Resolver;
  /** Where source failures are logged in full (default: a JSON line on stderr). */
  sourceLog?: SourceLog;
  /** Users whose password grant answers "MFA required" (the demo plug-in names one). */
  mfaRequiredUsernames?: readonly string[];
  /** What draws exports (default: headless chromium); tests of the job rules pass their own. */
  exportRenderer?: ExportRenderer;
}

/** Opens the metadata database and keys under `config.dataDir` (or in memory) and wires the services. */
export function createServices(config: BiConfig, options: CreateServicesOptions = {}): BiServices {
  const location = options.inMemory ? ':memory:' : config.dataDir;
  const clock = options.clock ?? systemClock;
  const db = openDatabase(location);
  const repositories = {
    principals: createPrincipalsRepository(db, clock),
    workspaces: createWorkspacesRepository(db, clock),
    content: createContentRepository(db, clock),
  };
  const accessTokenKey = loadOrCreateKey(location, 'access-token');
  const embedTokenKey = loadOrCreateKey(location, 'embed-token');
  // Datasets filled at run time are looked up before those the caller hands in (the demo's).
  const owned = new DatasetRegistry();
  const datasetSchemas = layeredSource(owned, options.datasetSchemas ?? noDatasets);
  const ownedRows = createOwnedDatasetsRepository<DatasetDefinition>(db, clock);
  const workspaceAccess = createWorkspacesService(repositories);
  const contentAccess = createContentService({
    content: repositories.content,
    access: workspaceAccess,
    datasets: datasetSchemas,
  });
  const embedTokens = createEmbedTokenService({
    key: embedTokenKey,
    clock,
    content: repositories.content,
    access: contentAccess,
    maxLifetimeSeconds: config.embedTokenLifetimeSeconds,
  });
  const { forked, remote } = config.queryWorkers;
  const queryWorkers =
    forked + remote.length > 0 ? startQueryWorkers(config.queryWorkers, location) : undefined;
  const exports = createExportService({
    repository: createExportsRepository(db, clock),
    files: createExportFiles(location),
    renderer: options.exportRenderer ?? chromiumRenderer(config),
    content: repositories.content,
    access: contentAccess,
    embedTokens,
    clock,
    settings: config.exports,
    publicUrl: config.publicUrl,
  });
  return {
    config,
    clock,
    db,
    ...repositories,
    accessTokenKey,
    embedTokenKey,
    datasetSchemas,
    catalog: createCatalogService(repositories),
    workspaceAccess,
    contentAccess,
    embedTokens,
    authoring: createAuthoringService({
      content: repositories.content,
      access: contentAccess,
      datasetSchemas,
    }),
    reportWrites: createReportWritesService({
      content: repositories.content,
      access: contentAccess,
    }),
    queries: createQueryService(datasetSchemas, clock, {
      results: createResultCache(config.resultCacheBytes),
      readAhead: config.earlyQueries,
      ...(queryWorkers && { runPage: queryWorkers.runPage }),
    }),
    queryWorkers,
    pushDatasets: createPushDatasetService({
      repository: ownedRows,
      registry: owned,
      dataDir: location,
    }),
    imports: createImportService({
      repository: ownedRows,
      imports: createImportsRepository(db, clock),
      registry: owned,
      dataDir: location,
      limits: config.imports,
    }),
    postgresSources: createPostgresSourceService({
      repository: ownedRows,
      refreshes: createRefreshesRepository(db, clock),
      registry: owned,
      dataDir: location,
      secretKey: loadOrCreateKey(location, 'source-secrets').secret,
      access: createSourceAccess(config.sourceAccess, {
        resolve: options.sourceResolver,
        log: options.sourceLog,
      }),
      clock,
    }),
    directory: createDirectoryService(repositories.principals, options.mfaRequiredUsernames ?? []),
    authFailures: createFailureLimiter({
      windowMs: authFailureWindowMs,
      clock,
    }),
    exports,
    close: async () => {
      await exports.close();
      await queryWorkers?.close();
      owned.close();
      await db.destroy();
    },
  };
}
