import { systemClock, type Clock } from './clock.ts';
import type { BiConfig } from './config.ts';
import { createFailureLimiter, type FailureLimiter } from './auth/failure-limiter.ts';
import { createAuthoringService, type AuthoringService } from './catalog/authoring.service.ts';
import {
  createReportWritesService,
  type ReportWritesService,
} from './catalog/report-writes.service.ts';
import { createCatalogService, type CatalogService } from './catalog/catalog.service.ts';
import { createContentService, type ContentService } from './catalog/content.service.ts';
import { createDatasetService, type DatasetService } from './query/dataset.service.ts';
import { createResultCache } from './query/result-cache.ts';
import {
  createPushDatasetService,
  layeredSource,
  type PushDatasetService,
} from './datasets/push-dataset.service.ts';
import type { DatasetDefinition } from './datasets/model.ts';
import { DatasetRegistry, type DatasetSource } from './datasets/registry.ts';
import { createImportService, type ImportService } from './datasets/file-import.ts';
import { createImportsRepository } from './storage/imports.repository.ts';
import {
  createPostgresSourceService,
  type PostgresSourceService,
} from './datasets/postgres-source.service.ts';
import { createSourceAccess } from './datasets/source-access/access-config.ts';
import type { SourceLog } from './datasets/source-access/source-errors.ts';
import type { Resolver } from './datasets/source-access/source-policy.ts';
import { createRefreshesRepository } from './storage/refreshes.repository.ts';
import { openDatabase, type BiDb } from './storage/database.ts';
import { createOwnedDatasetsRepository } from './storage/owned-datasets.repository.ts';
import { createContentRepository, type ContentRepository } from './storage/content.repository.ts';
import {
  createPrincipalsRepository,
  type PrincipalsRepository,
} from './storage/principals.repository.ts';
import {
  createWorkspacesRepository,
  type WorkspacesRepository,
} from './storage/workspaces.repository.ts';
import { createEmbedTokenService, type EmbedTokenService } from './catalog/embed-token.service.ts';
import { loadOrCreateKey, type SigningKey } from './tokens/signing-key.ts';

export type { DatasetSource } from './datasets/registry.ts';

const noDatasets: DatasetSource = { schema: () => undefined };

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
  contentAccess: ContentService;
  embedTokens: EmbedTokenService;
  /** Save as and create from the frame (embed tokens). */
  authoring: AuthoringService;
  /** Clone, Delete and UpdateReportContent (Power BI REST). */
  reportWrites: ReportWritesService;
  datasets: DatasetService;
  /** Datasets filled at run time: push API (and their version, which every write changes). */
  pushDatasets: PushDatasetService;
  /** File imports (CSV, XLSX, Parquet) into datasets, within limits; cancelled as the app closes. */
  imports: ImportService;
  /** Datasets copied in from PostgreSQL: refreshes, history, schedule. */
  postgresSources: PostgresSourceService;
  /** Failed client secrets and passwords at the token endpoint, per client id and address. */
  authFailures: FailureLimiter;
  /** Closes the metadata database. */
  close(): Promise<void>;
}

export interface CreateServicesOptions {
  /** Keep the database and keys in memory (tests that need no files). */
  inMemory?: boolean;
  datasetSchemas?: DatasetSource;
  clock?: Clock;
  /** How PostgreSQL source hosts resolve (default `dns.lookup`); tests make names up. */
  sourceResolver?: Resolver;
  /** Where source failures are logged in full (default: a JSON line on stderr). */
  sourceLog?: SourceLog;
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
  const contentAccess = createContentService(repositories, datasetSchemas);
  const embedTokens = createEmbedTokenService({
    key: embedTokenKey,
    clock,
    content: repositories.content,
    access: contentAccess,
    maxLifetimeSeconds: config.embedTokenLifetimeSeconds,
  });
  return {
    config,
    clock,
    db,
    ...repositories,
    accessTokenKey,
    embedTokenKey,
    datasetSchemas,
    catalog: createCatalogService(db, clock),
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
    datasets: createDatasetService(datasetSchemas, clock, {
      results: createResultCache(config.resultCacheBytes),
      readAhead: config.earlyQueries,
    }),
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
    authFailures: createFailureLimiter({
      windowMs: authFailureWindowMs,
      clock,
    }),
    close: async () => {
      owned.close();
      await db.destroy();
    },
  };
}
