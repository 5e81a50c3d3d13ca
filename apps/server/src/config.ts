import { isAbsolute, join, resolve } from 'node:path';
import { passwordField } from '@vitrina/contracts';
import {
  defaultListenHost,
  demoModeOf,
  portalEnvShape,
  portalUrlOf,
  runModeEnvShape,
  trustProxyField,
} from '@vitrina/env';
import { z } from 'zod';
import { checkOidcEnv, oidcConfigOf, oidcEnvShape } from './config-oidc.ts';
import { auditRetentionField } from './lib/audit-retention-config.ts';

/** Repository root, used to resolve the default data and SPA directories. */
const repoRoot = resolve(import.meta.dirname, '../../..');

const positiveInt = z.coerce.number().int().positive();
const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === '' ? undefined : value));

/** Raw environment: names and defaults. Everything else in the server reads `Config`. */
const envSchema = z
  .object({
    ...runModeEnvShape,
    /** Unset: 127.0.0.1 behind a proxy (TRUST_PROXY), every interface otherwise. */
    HOST: optionalText,
    ...portalEnvShape,
    DATA_DIR: z.string().default('data'),
    DATABASE_URL: optionalText,
    REDIS_URL: optionalText.pipe(z.url().optional()),
    BI_URL: z.url().default('http://localhost:8081'),
    BI_PUBLIC_URL: optionalText.pipe(z.url().optional()),
    BI_API_URL: optionalText.pipe(z.url().optional()),
    BI_TLS_PORT: positiveInt.max(65_535).default(8444),
    BI_AUTHORITY_URL: optionalText.pipe(z.url().optional()),
    BI_TLS_CA_FILE: optionalText,
    SYNC_INTERVAL_MINUTES: z.coerce.number().nonnegative().default(15),
    SUBSCRIPTION_CHECK_SECONDS: z.coerce.number().nonnegative().default(15),
    SUBSCRIPTION_RETRY_SECONDS: positiveInt.default(30),
    USAGE_RETENTION_DAYS: positiveInt.default(400),
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalText.pipe(z.url().optional()),
    AUDIT_RETENTION_DAYS: auditRetentionField,
    ACCOUNT_SECRET_KEY: optionalText,
    JWT_SECRET: optionalText,
    ACCESS_TOKEN_TTL_SECONDS: positiveInt.default(900),
    REFRESH_TOKEN_TTL_DAYS: positiveInt.default(14),
    LOGIN_MAX_FAILURES: positiveInt.default(5),
    LOGIN_LOCKOUT_MINUTES: positiveInt.default(15),
    LOGIN_RATE_LIMIT_PER_MINUTE: positiveInt.default(20),
    LOGIN_REQUEST_LIMIT_PER_MINUTE: positiveInt.default(300),
    ARGON2_MEMORY_KIB: positiveInt.min(1024).default(19_456),
    ARGON2_TIME_COST: positiveInt.default(2),
    /** Must satisfy the portal's password rule: it is a portal password like any other. */
    VITRINA_ADMIN_PASSWORD: optionalText.pipe(passwordField.optional()),
    SMTP_URL: optionalText,
    MAIL_FROM: z.string().default('Vitrina <no-reply@vitrina.local>'),
    ABOUT_INSTANCE: z.string().default('Vitrina'),
    ABOUT_SITE: optionalText,
    BRAND_TITLE: z.string().default('Vitrina - Portal de informes'),
    BRAND_PRODUCT_NAME: z.string().default('Vitrina'),
    BRAND_PROVIDER_NAME: z.string().default('Vitrina'),
    BRAND_PROVIDER_SITE: z.string().default('https://vitrina.example'),
    BRAND_LOGO_URL: z.string().default('/logo.svg'),
    BRAND_PRIMARY_COLOR: z.string().default('#1d4e89'),
    WEB_DIST_DIR: optionalText,
    TRUST_PROXY: trustProxyField,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
    ...oidcEnvShape,
  })
  .superRefine(checkOidcEnv);

export type Environment = Record<string, string | undefined>;

function buildConfig(env: z.infer<typeof envSchema>) {
  const dataDir = isAbsolute(env.DATA_DIR) ? env.DATA_DIR : resolve(env.DATA_DIR);
  const portalUrl = portalUrlOf(env);
  const biPublicUrl = env.BI_PUBLIC_URL ?? env.BI_URL;
  return {
    /** Production unless NODE_ENV says development or test (`@vitrina/env`). */
    runMode: env.NODE_ENV,
    host: env.HOST ?? defaultListenHost(env.TRUST_PROXY),
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? `sqlite://${join(dataDir, 'vitrina.db')}`,
    /** Shared invalidations and login limits across instances (src/cluster/cluster.ts). */
    redisUrl: env.REDIS_URL,
    portalUrl,
    logLevel: env.LOG_LEVEL,
    /** The proxies whose X-Forwarded-For gives `request.ip`; false: the peer's own address. */
    trustProxy: env.TRUST_PROXY,
    webDistDir: env.WEB_DIST_DIR ?? join(repoRoot, 'apps/web/dist'),
    /** Demo accounts; on by default outside production only (decision 0220). */
    demo: demoModeOf(env),
    adminPassword: env.VITRINA_ADMIN_PASSWORD,
    bi: {
      /** Where the portal server calls the BI service's REST API. */
      apiUrl: env.BI_API_URL ?? env.BI_URL,
      /** The BI service as the browser reaches it (embed pages): `frame-src`, `embedOrigin`. */
      publicUrl: biPublicUrl,
      embedOrigin: new URL(biPublicUrl).origin,
      authorityUrl: env.BI_AUTHORITY_URL ?? `https://localhost:${env.BI_TLS_PORT}/vitrina`,
      tlsCaFile: env.BI_TLS_CA_FILE ?? join(dataDir, 'bi/tls/cert.pem'),
      syncIntervalMinutes: env.SYNC_INTERVAL_MINUTES,
    },
    secrets: {
      /** Optional fixed keys; when absent, key files are created under DATA_DIR/keys. */
      accountKey: env.ACCOUNT_SECRET_KEY,
      jwtSecret: env.JWT_SECRET,
    },
    auth: {
      accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
      refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
      /** Live sessions cached per process; see modules/auth/active-sessions.ts. */
      sessionCache: { maxEntries: 10_000, ttlMs: 60_000 },
      maxFailures: env.LOGIN_MAX_FAILURES,
      lockoutMinutes: env.LOGIN_LOCKOUT_MINUTES,
      /** Failed logins allowed per client address per minute. */
      loginFailuresPerIpPerMinute: env.LOGIN_RATE_LIMIT_PER_MINUTE,
      /** All login requests (successful ones too) per client address per minute. */
      loginRequestsPerIpPerMinute: env.LOGIN_REQUEST_LIMIT_PER_MINUTE,
      secureCookies: portalUrl.startsWith('https:'),
      argon2: { memoryCost: env.ARGON2_MEMORY_KIB, timeCost: env.ARGON2_TIME_COST },
    },
    subscriptions: {
      /** How often each instance looks for due subscriptions; 0 turns the look off (tests). */
      checkSeconds: env.SUBSCRIPTION_CHECK_SECONDS,
      /** A failed run's first retry waits this long, doubling each time after. */
      retrySeconds: env.SUBSCRIPTION_RETRY_SECONDS,
    },
    usage: {
      /** Opens older than this many days are pruned (hourly and at start-up). */
      retentionDays: env.USAGE_RETENTION_DAYS,
      /** OTLP/HTTP collector for the usage metrics; unset: no exporter (the default). */
      otlpEndpoint: env.OTEL_EXPORTER_OTLP_ENDPOINT,
    },
    /** How long audit entries are kept, per category; pruned hourly by the sync leader. */
    auditRetention: env.AUDIT_RETENTION_DAYS,
    /** Sign-in through the company's OpenID provider; undefined when not configured. */
    oidc: oidcConfigOf(env, portalUrl),
    /** `admins`: local passwords only for administrators (a break-glass path beside OIDC). */
    localLogin: env.LOCAL_LOGIN,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, outboxDir: join(dataDir, 'outbox') },
    about: { instance: env.ABOUT_INSTANCE, site: env.ABOUT_SITE ?? portalUrl },
    brand: {
      title: env.BRAND_TITLE,
      productName: env.BRAND_PRODUCT_NAME,
      providerName: env.BRAND_PROVIDER_NAME,
      providerSite: env.BRAND_PROVIDER_SITE,
      logoUrl: env.BRAND_LOGO_URL,
      primaryColor: env.BRAND_PRIMARY_COLOR,
    },
  };
}

/** The server's validated, read-only configuration. */
export type Config = Readonly<ReturnType<typeof buildConfig>>;

function deepFreeze<T extends object>(value: T): T {
  for (const child of Object.values(value)) {
    if (child && typeof child === 'object') deepFreeze(child);
  }
  return Object.freeze(value);
}

/**
 * Reads and validates the environment (the only place that touches `process.env`).
 * Throws an Error listing every invalid variable.
 */
export function loadConfig(env: Environment = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration:\n${problems.join('\n')}`);
  }
  return deepFreeze(buildConfig(parsed.data));
}
