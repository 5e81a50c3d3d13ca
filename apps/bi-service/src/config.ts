import { resolve } from 'node:path';
import {
  commaList,
  defaultListenHost,
  demoModeOf,
  envFlag,
  portalEnvShape,
  portalUrlOf,
  runModeEnvShape,
  trustProxyField,
  type RunMode,
  type TrustedProxies,
} from '@vitrina/env';
import { z } from 'zod';
import {
  sourceAccessEnvShape,
  sourceAccessOf,
  type SourceAccessConfig,
} from './modules/postgres-sources/source-access/access-config.ts';
import type { ImportLimits } from './engine/import-limits.ts';
import type { QueryWorkerSettings } from './modules/queries/workers/query-workers.ts';

const repoRoot = resolve(import.meta.dirname, '../../..');

const envSchema = z.object({
  BI_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  BI_TLS_PORT: z.coerce.number().int().min(0).max(65535).default(8444),
  /** Unset: 127.0.0.1 behind a proxy (TRUST_PROXY), every interface otherwise. */
  BI_HOST: z.string().min(1).optional(),
  TRUST_PROXY: trustProxyField,
  DATA_DIR: z.string().min(1).default('./data'),
  BI_PUBLIC_URL: z.url().optional(),
  /** Unset: the portal's origin, from the same PORTAL_URL and PORT the portal reads. */
  BI_ALLOWED_ORIGINS: z.string().optional(),
  ...portalEnvShape,
  BI_FRAME_DIST: z.string().min(1).optional(),
  ...runModeEnvShape,
  BI_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  BI_AUTH_FAILURES_PER_WINDOW: z.coerce.number().int().positive().default(20),
  /** Floor 15 s: the portal renews 10 s ahead at the earliest, so a shorter token would lapse first. */
  BI_EMBED_TOKEN_LIFETIME_S: z.coerce.number().int().min(15).max(86_400).optional(),
  /** Start a report's opening page when the frame reads the report (decision 0217). */
  BI_EARLY_QUERIES: envFlag(true),
  /** Memory for kept query results; 0 keeps none (identical reads under way are still joined). */
  BI_RESULT_CACHE_MB: z.coerce.number().min(0).max(65_536).default(32),
  /** Processes answering embed queries (decision 0308); 1 answers them in the service itself. */
  BI_QUERY_WORKERS: z.coerce.number().int().min(1).max(64).default(1),
  /** Worker servers on other machines (`npm run start:bi-worker`), comma-separated URLs. */
  BI_REMOTE_WORKERS: commaList.pipe(z.array(z.url({ protocol: /^https?$/ }))),
  /** What the worker servers expect from the service: they run pages for no one else. */
  BI_WORKER_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  ...sourceAccessEnvShape,
  /**
   * File imports (decision 0223). Unset expansion: 3 times the largest upload (300 MB). Importing
   * 500 MB of sheet text took the process to 630–950 MB, so a 1 GB bound needs the ceiling lower.
   */
  BI_IMPORT_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  /** Excel's own limit is 16,384 columns. */
  BI_IMPORT_MAX_COLUMNS: z.coerce.number().int().min(1).max(16_384).default(1000),
  BI_IMPORT_MAX_XLSX_EXPANDED_BYTES: z.coerce.number().int().positive().optional(),
  BI_IMPORT_TIMEOUT_S: z.coerce.number().positive().default(300),
  BI_IMPORT_MEMORY_MB: z.coerce.number().int().min(64).default(256),
  /** Export To File: jobs rendering at once (about 300 MB of memory each) and jobs waiting. */
  BI_EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  BI_EXPORT_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(20),
  BI_EXPORT_TIMEOUT_S: z.coerce.number().positive().default(300),
  /** The browser exports draw with (the same one the browser tests use); never downloaded. */
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** Export jobs one browser draws before it is started afresh (Chromium grows over long runs). */
  BI_EXPORT_BROWSER_JOBS: z.coerce.number().int().min(1).default(50),
});

/** The BI service's settings, read once from the environment and frozen. */
export interface BiConfig {
  readonly port: number;
  readonly tlsPort: number;
  readonly host: string;
  /** The proxies whose X-Forwarded-For gives `request.ip`; false: the peer's own address. */
  readonly trustProxy: TrustedProxies;
  /** Production unless NODE_ENV says development or test. */
  readonly runMode: RunMode;
  /** DATA_DIR itself, shared with the portal (the demo credentials file lives there). */
  readonly dataRoot: string;
  /** Where the service keeps its own files: DATA_DIR/bi. */
  readonly dataDir: string;
  readonly publicUrl: string;
  /** Origins allowed to frame the embed pages (CSP frame-ancestors). */
  readonly allowedOrigins: readonly string[];
  /** The built report frame (index.html and assets). */
  readonly frameDist: string;
  /** Demo content and identities; on by default outside production only (decision 0220). */
  readonly demo: boolean;
  /** REST and embed API calls allowed per caller per minute before 429. */
  readonly rateLimitPerMinute: number;
  /** Failed secrets or passwords per credential and address in 15 minutes before 429 (decision 0221). */
  readonly authFailuresPerWindow: number;
  /** Longest embed token lifetime in seconds; undefined: up to the caller's access token. */
  readonly embedTokenLifetimeSeconds: number | undefined;
  /** Whether a report's opening page starts when the frame reads the report. */
  readonly earlyQueries: boolean;
  /** Bytes of query results kept in memory (0: none). */
  readonly resultCacheBytes: number;
  /** Read-only query workers: forked here (0: none) and on other machines. */
  readonly queryWorkers: Readonly<QueryWorkerSettings>;
  /** What one file import may take: size, columns, expansion, time and memory. */
  readonly imports: Readonly<ImportLimits>;
  /** What PostgreSQL sources may reach (decision 0222). */
  readonly sourceAccess: SourceAccessConfig;
  /** Export To File: how many jobs run and wait, how long one may take, and the browser. */
  readonly exports: Readonly<ExportSettings>;
}

export interface ExportSettings {
  concurrency: number;
  /** Jobs waiting for a free slot; one more is refused with 429. */
  queueLimit: number;
  timeoutMs: number;
  chromiumPath: string;
  /** Jobs one browser draws before it is started afresh. */
  browserJobs: number;
}

/** Parses `env` (process.env by default); throws one Error listing every invalid variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): BiConfig {
  const parsed = envSchema
    .refine((values) => values.BI_REMOTE_WORKERS.length === 0 || values.BI_WORKER_SECRET, {
      path: ['BI_WORKER_SECRET'],
      message: 'required with BI_REMOTE_WORKERS',
    })
    .safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid BI service configuration:\n  ${problems.join('\n  ')}`);
  }
  const values = parsed.data;
  const publicUrl = (values.BI_PUBLIC_URL ?? `http://localhost:${values.BI_PORT}`).replace(
    /\/+$/,
    '',
  );
  return Object.freeze({
    port: values.BI_PORT,
    tlsPort: values.BI_TLS_PORT,
    host: values.BI_HOST ?? defaultListenHost(values.TRUST_PROXY),
    trustProxy: values.TRUST_PROXY,
    runMode: values.NODE_ENV,
    dataRoot: resolve(values.DATA_DIR),
    dataDir: resolve(values.DATA_DIR, 'bi'),
    publicUrl,
    allowedOrigins: Object.freeze(
      (values.BI_ALLOWED_ORIGINS ?? new URL(portalUrlOf(values)).origin)
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ),
    frameDist: resolve(values.BI_FRAME_DIST ?? resolve(repoRoot, 'apps/report-frame/dist')),
    demo: demoModeOf(values),
    rateLimitPerMinute: values.BI_RATE_LIMIT_PER_MINUTE,
    authFailuresPerWindow: values.BI_AUTH_FAILURES_PER_WINDOW,
    embedTokenLifetimeSeconds: values.BI_EMBED_TOKEN_LIFETIME_S,
    earlyQueries: values.BI_EARLY_QUERIES,
    resultCacheBytes: Math.round(values.BI_RESULT_CACHE_MB * 1024 * 1024),
    queryWorkers: {
      forked: values.BI_QUERY_WORKERS > 1 ? values.BI_QUERY_WORKERS : 0,
      remote: values.BI_REMOTE_WORKERS,
      secret: values.BI_WORKER_SECRET,
    },
    imports: Object.freeze({
      maxBytes: values.BI_IMPORT_MAX_BYTES,
      maxColumns: values.BI_IMPORT_MAX_COLUMNS,
      maxXlsxExpandedBytes:
        values.BI_IMPORT_MAX_XLSX_EXPANDED_BYTES ?? 3 * values.BI_IMPORT_MAX_BYTES,
      timeoutMs: values.BI_IMPORT_TIMEOUT_S * 1000,
      memoryMb: values.BI_IMPORT_MEMORY_MB,
    }),
    sourceAccess: sourceAccessOf(values),
    exports: Object.freeze({
      concurrency: values.BI_EXPORT_CONCURRENCY,
      queueLimit: values.BI_EXPORT_QUEUE_LIMIT,
      timeoutMs: values.BI_EXPORT_TIMEOUT_S * 1000,
      chromiumPath: values.CHROMIUM_PATH,
      browserJobs: values.BI_EXPORT_BROWSER_JOBS,
    }),
  });
}
