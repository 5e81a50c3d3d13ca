import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifySchema, type FastifyServerOptions } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { connectSessions } from './cluster/connect-sessions.ts';
import { createCluster, type Cluster } from './cluster/cluster.ts';
import type { Config } from './config.ts';
import type { ApiApp, ApiModule, AppContext } from './context.ts';
import { openDatabase, type DatabaseHandle } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createAuditLog } from './lib/audit.ts';
import { systemClock, type Clock } from './lib/clock.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { createPasswordHasher } from './lib/passwords.ts';
import { loadKey } from './lib/secrets.ts';
import { accountsModule } from './modules/accounts/accounts.routes.ts';
import { administrationModule } from './modules/administration/administration.routes.ts';
import { createActiveSessions } from './modules/auth/active-sessions.ts';
import { authModule } from './modules/auth/auth.routes.ts';
import { auditModule } from './modules/audit/audit.routes.ts';
import { authoringModule } from './modules/authoring/authoring.routes.ts';
import { datasetsModule } from './modules/datasets/datasets.routes.ts';
import { favoritesModule } from './modules/favorites/favorites.routes.ts';
import { groupPermissionsModule } from './modules/permissions/group-permissions.routes.ts';
import { oidcModule } from './modules/oidc/oidc.routes.ts';
import { permissionsModule } from './modules/permissions/permissions.routes.ts';
import { publicModule } from './modules/public/public.routes.ts';
import { readinessModule } from './modules/public/readiness.routes.ts';
import { subscriptionsModule } from './modules/subscriptions/subscriptions.routes.ts';
import { syncModule } from './modules/sync/sync.module.ts';
import { usageModule } from './modules/usage/usage.routes.ts';
import { reviewsModule } from './modules/reviews/reviews.routes.ts';
import { usersModule } from './modules/users/users.routes.ts';
import { reportExportModule } from './modules/viewer/report-export.routes.ts';
import { viewerModule } from './modules/viewer/viewer.routes.ts';
import { identitiesModule } from './modules/identities/identities.routes.ts';
import { connectionTestModule } from './modules/accounts/connection-test.routes.ts';
import { createAccessTokens } from './plugins/access-tokens.ts';
import { installAuth } from './plugins/auth.ts';
import { docsPrefix, installApiDocs } from './plugins/docs.ts';
import { installErrorHandler } from './plugins/error-handler.ts';
import { installSecurityHeaders } from './plugins/security.ts';
import { installSpa } from './plugins/spa.ts';
import { installXsrf } from './plugins/xsrf.ts';
import type { DemoAccountsSeeder } from './modules/sync/demo-accounts-seeder.ts';
import { installRouteGuards } from './route-options.ts';
import { createServices, type Services } from './services.ts';

/*
 * Module pattern. Each resource lives in `modules/<resource>/`:
 *   <resource>.routes.ts      exports `<resource>Module`, an `ApiModule` (or a function of the
 *                             services it calls returning one); HTTP only: schemas from
 *                             @vitrina/contracts (request AND response), the guard and
 *                             OpenAPI tag from `app.admin` or `app.signedIn` (the module's
 *                             `tag`, route-options.ts), call the service, set status.
 *   <resource>.service.ts     rules, policy checks, transactions (`db.transaction()`), audit.
 *   <resource>.repository.ts  Kysely queries only; returns rows.
 *   <resource>.policy.ts      small predicates (`canSeeReport(user, …)`).
 *   <resource>.presenter.ts   row → response DTO.
 * Services throw `AppError` (errors.ts). Services and caches are built once, in `createServices`
 * (services.ts); no module builds another module's service. To plug a module in, add it to
 * `apiModules` below and add its routes to test/authorization-matrix.test.ts (the test fails for
 * any route without an entry). Route paths are relative to /api (e.g. `url: '/favorite'`).
 */
function apiModules(
  context: AppContext,
  services: Services,
  cluster: Cluster,
  seedDemoAccounts: DemoAccountsSeeder | undefined,
): ApiModule[] {
  return [
    publicModule(context.config),
    readinessModule({ ...cluster.readiness, bi: services.biReachable }),
    authModule,
    usersModule,
    accountsModule(services.accounts),
    permissionsModule(services.permissions, services.grantReminders),
    groupPermissionsModule(services.groupPermissions),
    ...(context.config.oidc
      ? [oidcModule(context.config.oidc, { userChanged: services.providerUserChanged })]
      : []),
    administrationModule(services.accounts, services.reportUsers),
    favoritesModule(services.favorites),
    viewerModule(services.viewer),
    reportExportModule(services.reportExports),
    subscriptionsModule(services.subscriptions, services.subscriptionSending),
    usageModule(services.usage, services.usageUpkeep),
    reviewsModule(services.reviews, services.reviewsUpkeep),
    identitiesModule(services.identities),
    connectionTestModule(services.testConnection),
    authoringModule(services.authoring),
    datasetsModule(services.datasets),
    auditModule({
      audit: services.auditLog,
      retention: services.auditRetention,
      isLeading: cluster.leader.isLeading,
    }),
    syncModule({
      sync: services.sync,
      intervalMinutes: context.config.bi.syncIntervalMinutes,
      ...(seedDemoAccounts
        ? { seedDemoAccounts: () => services.seedDemoAccounts(seedDemoAccounts) }
        : {}),
      isLeader: cluster.leader.isLeader,
    }),
  ];
}

export interface BuildAppOptions {
  config: Config;
  /** An open, migrated database; when absent the app opens `config.databaseUrl` and migrates. */
  database?: DatabaseHandle;
  clock?: Clock;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** The demo plug-in's account seeder; run at start-up only in demo mode (`main.ts` loads it). */
  seedDemoAccounts?: DemoAccountsSeeder;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

/** Builds the portal server (API, docs, SPA) without listening. */
export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const ownsDatabase = !options.database;
  const database = options.database ?? openDatabase(config.databaseUrl);
  if (ownsDatabase) await migrateToLatest(database.db, database.dialect);

  const app = Fastify({
    logger: options.logger ?? { level: config.logLevel },
    trustProxy: config.trustProxy,
    // Ids in paths are matched exactly; `/api/user/` and `/api/user` are the same route.
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();

  const clock = options.clock ?? systemClock;
  const sessions = createActiveSessions(database.db, clock, config.auth.sessionCache);
  const cluster = createCluster({ config, db: database.db, clock, log: app.log });
  const context: AppContext = {
    config,
    ...database,
    clock,
    mailer: options.mailer ?? createMailer(config.mail),
    audit: createAuditLog(clock),
    passwords: createPasswordHasher(config.auth.argon2),
    accessTokens: createAccessTokens(
      loadKey(config.dataDir, 'jwt', config.secrets.jwtSecret),
      config.auth.accessTokenTtlSeconds,
      clock,
    ),
    accountKey: loadKey(config.dataDir, 'accounts', config.secrets.accountKey),
    log: app.log,
    sessions,
    addressFailures: cluster.addressFailures,
  };
  const services = createServices(context, cluster.bus);
  connectSessions(cluster.bus, sessions);
  await cluster.start();
  app.addHook('onClose', () => cluster.close());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandler(app);

  /** Every /api route as `METHOD /api/path`, for the authorization matrix and docs checks. */
  const apiRoutes: string[] = [];
  /** Every route with its schema, for the schema check (test/route-schemas.test.ts). */
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter(
      (method) => method !== 'HEAD',
    );
    for (const method of methods) routes.push({ method, url: route.url, schema: route.schema });
    if (!route.url.startsWith('/api/') || route.url.startsWith(docsPrefix)) return;
    for (const method of methods) apiRoutes.push(`${method} ${route.url}`);
  });
  app.decorate('apiRoutes', apiRoutes);
  app.decorate('registeredRoutes', routes);

  await app.register(cookie);
  await app.register(rateLimit, {
    global: false,
    // Shared by the instances when REDIS_URL is set; a Redis outage lets requests through
    // (the failed-login limits still hold, see cluster.ts).
    ...(cluster.rateLimitRedis
      ? { redis: cluster.rateLimitRedis, nameSpace: 'vitrina:rate-limit:', skipOnError: true }
      : {}),
  });
  installSecurityHeaders(app, {
    biOrigin: config.bi.embedOrigin,
    logoUrl: config.brand.logoUrl,
    https: config.auth.secureCookies,
  });
  await installApiDocs(app);
  installXsrf(app, config.auth.secureCookies);
  installAuth(app, context.accessTokens, sessions);

  await app.register(
    async (api) => {
      for (const module of apiModules(
        context,
        services,
        cluster,
        config.demo ? options.seedDemoAccounts : undefined,
      )) {
        // Each module in its own scope, where `app.admin` and `app.signedIn` carry its tag.
        await api.register(async (scope) => {
          installRouteGuards(scope, api, module.tag);
          await module.register(scope as ApiApp, context);
        });
        const { background } = module;
        if (!background) continue;
        api.addHook('onReady', async () => background.start());
        api.addHook('onClose', () => background.stop());
      }
    },
    { prefix: '/api' },
  );
  await installSpa(app, config.webDistDir);

  if (ownsDatabase) app.addHook('onClose', async () => database.db.destroy());
  return Object.assign(app, { context, services, sessions, cluster });
}

/** A route as registered, with the schema it was given (if any). */
export interface RegisteredRoute {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** `METHOD /api/path` of every registered API route (documentation routes excluded). */
    apiRoutes: readonly string[];
    /** Every route of the app (API, docs, SPA), HEAD left out. */
    registeredRoutes: readonly RegisteredRoute[];
  }
}
