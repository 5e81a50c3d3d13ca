import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8081,
      tlsPort: 8444,
      publicUrl: 'http://localhost:8081',
      allowedOrigins: ['http://localhost:8080'],
      runMode: 'production',
      demo: false,
      rateLimitPerMinute: 600,
      earlyQueries: true,
      resultCacheBytes: 32 * 1024 * 1024,
    });
    expect(config.dataDir).toBe(resolve('data', 'bi'));
    expect(config.dataRoot).toBe(resolve('data'));
    expect(config.frameDist.endsWith(resolve('/apps/report-frame/dist'))).toBe(true);
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('turns the demo on by default outside production only (decision 0220)', () => {
    expect(loadConfig({ NODE_ENV: 'development' })).toMatchObject({
      runMode: 'development',
      demo: true,
    });
    expect(loadConfig({ NODE_ENV: 'Production' }).demo).toBe(false);
    expect(loadConfig({ NODE_ENV: 'prod', VITRINA_DEMO: 'true' })).toMatchObject({
      runMode: 'production',
      demo: true,
    });
    expect(loadConfig({ NODE_ENV: 'test', VITRINA_DEMO: '0' }).demo).toBe(false);
  });

  it('reads the query workers: forked ones only above 1, remote ones only with a long enough secret', () => {
    expect(loadConfig({}).queryWorkers).toEqual({ forked: 0, remote: [], secret: undefined });
    expect(loadConfig({ BI_QUERY_WORKERS: '1' }).queryWorkers.forked).toBe(0);
    const secret = 'x'.repeat(32);
    expect(
      loadConfig({
        BI_QUERY_WORKERS: '3',
        BI_REMOTE_WORKERS: ' http://10.0.0.2:8091 , https://w3.interna:8091/ ',
        BI_WORKER_SECRET: secret,
      }).queryWorkers,
    ).toEqual({
      forked: 3,
      remote: ['http://10.0.0.2:8091', 'https://w3.interna:8091/'],
      secret,
    });
    expect(() => loadConfig({ BI_REMOTE_WORKERS: 'http://10.0.0.2:8091' })).toThrow(
      /BI_WORKER_SECRET: required with BI_REMOTE_WORKERS/,
    );
    expect(() =>
      loadConfig({ BI_REMOTE_WORKERS: 'http://10.0.0.2:8091', BI_WORKER_SECRET: 'short' }),
    ).toThrow(/BI_WORKER_SECRET: at least 32 characters/);
    expect(() =>
      loadConfig({ BI_REMOTE_WORKERS: 'ftp://10.0.0.2', BI_WORKER_SECRET: secret }),
    ).toThrow(/BI_REMOTE_WORKERS/);
    expect(() => loadConfig({ BI_QUERY_WORKERS: '0' })).toThrow(/BI_QUERY_WORKERS/);
  });

  it('reads the early start switch and the result cache size, refusing a negative size', () => {
    const config = loadConfig({ BI_EARLY_QUERIES: '0', BI_RESULT_CACHE_MB: '0.5' });
    expect([config.earlyQueries, config.resultCacheBytes]).toEqual([false, 512 * 1024]);
    expect(() => loadConfig({ BI_RESULT_CACHE_MB: '-1' })).toThrow(/BI_RESULT_CACHE_MB/);
  });

  it('reads the import limits: 100 MB, 1000 columns, 3 times the bytes inflated, 300 s, 256 MB', () => {
    const MB = 1024 * 1024;
    expect(loadConfig({}).imports).toEqual({
      maxBytes: 100 * MB,
      maxColumns: 1000,
      maxXlsxExpandedBytes: 300 * MB,
      timeoutMs: 300_000,
      memoryMb: 256,
    });
    const set = loadConfig({
      BI_IMPORT_MAX_BYTES: String(10 * MB),
      BI_IMPORT_MAX_COLUMNS: '50',
      BI_IMPORT_TIMEOUT_S: '2.5',
      BI_IMPORT_MEMORY_MB: '512',
    }).imports;
    expect(set).toEqual({
      maxBytes: 10 * MB,
      maxColumns: 50,
      maxXlsxExpandedBytes: 30 * MB,
      timeoutMs: 2500,
      memoryMb: 512,
    });
    expect(
      loadConfig({ BI_IMPORT_MAX_XLSX_EXPANDED_BYTES: '5' }).imports.maxXlsxExpandedBytes,
    ).toBe(5);
    expect(() => loadConfig({ BI_IMPORT_MAX_COLUMNS: '20000' })).toThrow(/BI_IMPORT_MAX_COLUMNS/);
  });

  it('reads the export settings: 2 at once, 20 waiting, 300 s, Debian chromium, 50 jobs a browser; refusing 0 at once', () => {
    expect(loadConfig({}).exports).toEqual({
      concurrency: 2,
      queueLimit: 20,
      timeoutMs: 300_000,
      chromiumPath: '/usr/bin/chromium',
      browserJobs: 50,
    });
    const config = loadConfig({
      BI_EXPORT_CONCURRENCY: '3',
      BI_EXPORT_QUEUE_LIMIT: '0',
      BI_EXPORT_TIMEOUT_S: '1.5',
      CHROMIUM_PATH: '/opt/chromium',
      BI_EXPORT_BROWSER_JOBS: '10',
    });
    expect(config.exports).toEqual({
      concurrency: 3,
      queueLimit: 0,
      timeoutMs: 1500,
      chromiumPath: '/opt/chromium',
      browserJobs: 10,
    });
    expect(() => loadConfig({ BI_EXPORT_CONCURRENCY: '0' })).toThrow('BI_EXPORT_CONCURRENCY');
  });

  it('derives the public URL from BI_PORT and splits the allowed origins', () => {
    const config = loadConfig({
      BI_PORT: '9001',
      BI_ALLOWED_ORIGINS: ' https://a.example , https://b.example,, ',
      VITRINA_DEMO: 'FALSE',
    });
    expect(config.publicUrl).toBe('http://localhost:9001');
    expect(config.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.demo).toBe(false);
    expect(loadConfig({ BI_PUBLIC_URL: 'https://bi.example/' }).publicUrl).toBe(
      'https://bi.example',
    );
  });

  it('reads the embed token lifetime, unset by default, refusing one shorter than 15 s', () => {
    expect(loadConfig({}).embedTokenLifetimeSeconds).toBeUndefined();
    expect(loadConfig({ BI_EMBED_TOKEN_LIFETIME_S: '20' }).embedTokenLifetimeSeconds).toBe(20);
    expect(() => loadConfig({ BI_EMBED_TOKEN_LIFETIME_S: '5' })).toThrow(
      /BI_EMBED_TOKEN_LIFETIME_S/,
    );
  });

  it('lets PostgreSQL sources reach loopback only in development and test (decision 0222)', () => {
    for (const nodeEnv of [undefined, 'production', 'prod', 'staging'])
      expect(loadConfig({ NODE_ENV: nodeEnv }).sourceAccess).toEqual({
        allowLoopback: false,
        allowedHosts: [],
        portalDatabase: undefined,
        statementTimeoutMs: 600_000,
      });
    for (const nodeEnv of ['development', ' Test '])
      expect(loadConfig({ NODE_ENV: nodeEnv }).sourceAccess.allowLoopback).toBe(true);
  });

  it("reads the sources' allow-list, statement time-out and the portal's database", () => {
    const { sourceAccess } = loadConfig({
      BI_SOURCE_ALLOWED_HOSTS: ' db.interna , 10.20.0.0/16,,::1 ',
      BI_SOURCE_STATEMENT_TIMEOUT_S: '30',
      DATABASE_URL: 'postgres://vitrina:x@127.0.0.1:5432/vitrina?sslmode=require',
    });
    expect(sourceAccess).toMatchObject({
      allowedHosts: ['db.interna', '10.20.0.0/16', '::1'],
      portalDatabase: { hosts: ['127.0.0.1'], database: 'vitrina' },
      statementTimeoutMs: 30_000,
    });
    expect(loadConfig({ DATABASE_URL: 'sqlite://./data/vitrina.db' }).sourceAccess).toMatchObject({
      portalDatabase: undefined,
    });
    expect(() => loadConfig({ BI_SOURCE_ALLOWED_HOSTS: 'db.interna,10.0.0.0/40' })).toThrow(
      /BI_SOURCE_ALLOWED_HOSTS: "10.0.0.0\/40" is not a CIDR range/,
    );
    expect(() => loadConfig({ DATABASE_URL: 'postgres://u@db:99999/x' })).toThrow(/DATABASE_URL/);
  });

  it('names every invalid variable', () => {
    expect(() => loadConfig({ BI_PORT: 'abc', BI_PUBLIC_URL: 'not a url' })).toThrow(
      /BI_PORT[\s\S]*BI_PUBLIC_URL/,
    );
  });
});
