import type { DatabaseSync } from 'node:sqlite';
import type { BiConfig } from './config.ts';
import { openDatabase } from './storage/database.ts';
import { createContentRepository, type ContentRepository } from './storage/content.repository.ts';
import {
  createPrincipalsRepository,
  type PrincipalsRepository,
} from './storage/principals.repository.ts';
import {
  createWorkspacesRepository,
  type WorkspacesRepository,
} from './storage/workspaces.repository.ts';
import { loadOrCreateKey, type SigningKey } from './tokens/signing-key.ts';
import { registerEmbedTokenKey } from './tokens/embed-token.ts';

/** Where the embed API gets a dataset's schema (the DuckDB dataset registry). */
export interface DatasetSchemaSource {
  schema(datasetId: string): object | undefined;
}

const noDatasets: DatasetSchemaSource = { schema: () => undefined };

/** Everything the routes use, wired once (the composition root). */
export interface BiServices {
  config: BiConfig;
  db: DatabaseSync;
  principals: PrincipalsRepository;
  workspaces: WorkspacesRepository;
  content: ContentRepository;
  /** Signs access tokens (OAuth). */
  accessTokenKey: SigningKey;
  /** Signs embed tokens. */
  embedTokenKey: SigningKey;
  datasetSchemas: DatasetSchemaSource;
}

export interface CreateServicesOptions {
  /** Keep the database and keys in memory (tests that need no files). */
  inMemory?: boolean;
  datasetSchemas?: DatasetSchemaSource;
}

/** Opens the metadata database and keys under `config.dataDir` (or in memory). */
export function createServices(config: BiConfig, options: CreateServicesOptions = {}): BiServices {
  const location = options.inMemory ? ':memory:' : config.dataDir;
  const db = openDatabase(location);
  const embedTokenKey = loadOrCreateKey(location, 'embed-token');
  registerEmbedTokenKey(embedTokenKey);
  return {
    config,
    db,
    principals: createPrincipalsRepository(db),
    workspaces: createWorkspacesRepository(db),
    content: createContentRepository(db),
    accessTokenKey: loadOrCreateKey(location, 'access-token'),
    embedTokenKey,
    datasetSchemas: options.datasetSchemas ?? noDatasets,
  };
}
