import { readFileSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import cors from '@fastify/cors';
import type { TFunction } from 'i18next';
import { ALL_SCHEMAS } from '../../schemas/catalog.js';
import { TRANSPORT_PARAMS } from '../common/transportLists.js';
import { redact, type Config } from './config.js';
import { migrateToLatest, openDatabase, preparedStatementsSetting, type DatabaseHandle, type Db } from './db/database.js';
import { isEmpty, seedDemo } from './db/seed/demoSeed.js';
import { authPlugin } from './auth/authPlugin.js';
import { platformPlugin } from './platform/platformPlugin.js';
import { accessGuard } from './auth/accessGuard.js';
import { assetsRoutes } from './assets/assetsRoutes.js';
import { loginRoutes } from './auth/loginRoutes.js';
import { mfaRoutes } from './auth/mfaRoutes.js';
import { stepRoutes } from './auth/stepRoutes.js';
import { bannerRoutes } from './banner/bannerRoutes.js';
import { classicPagePlugin } from './classic/classicPage.js';
import { classicRoutes } from './classic/classicRoutes.js';
import { privacyRoutes } from './privacy/privacyRoutes.js';
import { recoveryRoutes } from './recovery/recoveryRoutes.js';
import { registrationRoutes } from './recovery/registrationRoutes.js';
import { localIdpPlugin } from './sso/localIdp.js';
import { ssoRoutes } from './sso/ssoRoutes.js';
import { captchaPlugin } from './captcha/captchaPlugin.js';
import { outboxPlugin } from './mail/outboxPlugin.js';
import { healthRoutes } from './health/healthRoutes.js';
import { errorsPlugin } from './http/errors.js';
import { demoExposurePlugin } from './http/loopback.js';
import { rateLimitPlugin } from './http/rateLimit.js';
import { securityHeadersPlugin } from './http/securityHeaders.js';
import { buildSerializer } from './http/serializers.js';
import { requestSerializer } from './http/logging.js';
import { createServerI18n, type ServerI18n } from './i18n.js';
import { apiKeysRoutes } from './apiKeys/apiKeysRoutes.js';
import { apiKeyStore } from './apiKeys/apiKeyStore.js';
import { webhooksRoutes } from './webhooks/webhooksRoutes.js';
import { webhooksJobsPlugin, type WebhookTuning } from './webhooks/webhooksJobs.js';
import { newsRoutes } from './news/newsRoutes.js';
import { sitesRoutes } from './sites/sitesRoutes.js';
import { openapiPlugin } from './openapi/openapiPlugin.js';
import { spaPlugin } from './spa/spaPlugin.js';
import { realtimePlugin } from './realtime/realtimePlugin.js';
import { recentAlarmsRoutes } from './realtime/recentAlarmsRoutes.js';
import { integrationsRoutes } from './integrations/integrationsRoutes.js';
import { ansIngestRoutes } from './ansService/ansIngestRoutes.js';
import { siteRoutes } from './shell/siteRoutes.js';
import { accountRoutes } from './shell/accountRoutes.js';
import { brandingRoutes } from './shell/brandingRoutes.js';
import { siteDetailRoutes } from './sites/siteDetailRoutes.js';
import { eventsRoutes } from './events/eventsRoutes.js';
import { dashboardRoutes } from './dashboard/dashboardRoutes.js';
import { jobsPlugin } from './jobs/jobsPlugin.js';
import { testsRoutes } from './tests/testsRoutes.js';
import type { Audience } from './http/audience.js';
import { msaRoutes } from './msa/msaRoutes.js';
import { msaUserRoutes } from './auth/msaUserRoutes.js';
import { accountLinksRepository } from './shell/accountLinksRepository.js';
import { accountEditsRoutes } from './accountEdits/accountEditsRoutes.js';
import { siteCreateRoutes } from './siteCreate/siteCreateRoutes.js';
import { siteCreateRepository } from './siteCreate/siteCreateRepository.js';
import { siteImportRoutes } from './siteImport/siteImportRoutes.js';
import { reportJobsPlugin, type ReportEngine, type ReportRunnerTuning } from './reports/reportJobs.js';
import { retentionPlugin } from './ops/retention.js';
import { embeddedUpkeep } from './db/upkeep.js';
import { backupRoutes } from './ops/backupRoutes.js';
import { reportEngine } from './reports/reportEngine.js';
import { reportRunsRoutes } from './reports/reportRunsRoutes.js';
import { reportLinkRoutes } from './reports/reportLinkRoutes.js';
import { reportSchedulesPlugin } from './reports/reportSchedulesJobs.js';
import { reportSchedulesRoutes } from './reports/reportSchedulesRoutes.js';
import { invoicesRoutes } from './billing/invoicesRoutes.js';
import { accountGroupRoutes } from './accountGroup/accountGroupRoutes.js';
import { brandingLogoRoutes } from './accountGroup/brandingLogoRoutes.js';
import { dealerInvoicesRoutes } from './billing/dealerInvoicesRoutes.js';
import { userAccountRoutes } from './auth/userAccountRoutes.js';
import { totpRoutes } from './auth/totpRoutes.js';
import { passkeysRoutes } from './auth/passkeysRoutes.js';
import { staffRoutes } from './users/staffRoutes.js';
import { supportRoutes } from './users/supportRoutes.js';
import { ansServiceRoutes } from './ansService/ansServiceRoutes.js';
import { documentsPlugin } from './documents/documentsPlugin.js';
import { METRICS_PATH, metricsPlugin } from './metrics/metricsPlugin.js';
import { overloadPlugin } from './http/overload.js';
import { requestIdGenerator } from './http/requestId.js';
import { REQUEST_ID_HEADER } from '../common/requestId.js';
import { logFormatOptions } from './http/logFormat.js';
import { auditLogRoutes } from './audit/auditLogRoutes.js';
import { dealerChangeRequestsRoutes } from './msa/dealerChangeRequestsRoutes.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    /** Translators by language, for what is not an answer to the request (a mail in its reader's language). */
    i18n: ServerI18n;
  }
  interface FastifyRequest {
    /** Translator for the language the request prefers (Accept-Language). */
    t: TFunction;
  }
}

/** How often PGlite's tables are looked at for a vacuum or analyze (db/upkeep.ts). */
const UPKEEP_INTERVAL_MS = 60_000;

const APP_VERSION: string = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../package.json'), 'utf8')).version;

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: DatabaseHandle;
  /** Pino logger options; false for none. */
  logger?: boolean | object;
  /** Where the default logger writes (tests capture the log with it); stdout otherwise. */
  logStream?: { write(line: string): void };
  /** Report runner: another engine (tests of the runner use a controllable one) and shorter timings. */
  reports?: { engine?: ReportEngine; tuning?: Partial<ReportRunnerTuning> };
  /** Webhook delivery: an injected clock, randomness, name resolver or linger (tests). */
  webhooks?: WebhookTuning;
}

/** Never log credentials, session cookies or tokens. */
const LOG_REDACTIONS = ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-xsrf-token"]', 'res.headers["set-cookie"]'];

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  // LOG_FORMAT: readable lines on a terminal (pino-pretty), JSON lines elsewhere.
  const logFormat = options.logStream ? {} : logFormatOptions(config.logFormat, Boolean(process.stdout.isTTY));
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      redact: LOG_REDACTIONS,
      serializers: { req: requestSerializer },
      ...(options.logStream && { stream: options.logStream }),
      ...(logFormat.transport && { transport: logFormat.transport }),
    },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    schemaController: { compilersFactory: { buildSerializer } },
    // Every log line of a request carries its id (reqId); the answer returns it (X-Request-Id).
    genReqId: requestIdGenerator(config.trustProxy),
  });
  if (logFormat.fallback) app.log.info(logFormat.fallback);
  // First of all hooks, so every answer has it: errors, refusals, 404s (the web app's error page shows it).
  app.addHook('onRequest', (request, reply, done) => {
    reply.header(REQUEST_ID_HEADER, request.id);
    done();
  });

  const database =
    options.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      preparedStatements: preparedStatementsSetting(config),
      onError: (err, context) => app.log.warn({ err }, `database: ${context}`),
    }));
  app.decorate('db', database.db);
  app.decorate('config', config);
  // app.audit, app.throttle, app.secrets: the shared services, for every feature.
  await app.register(platformPlugin);
  app.addHook('onClose', async () => {
    if (!options.database) await database.close();
  });
  app.log.info(
    { database: database.kind === 'postgres' ? redact(config.databaseUrl ?? '') : path.join(config.dataDir, 'pglite') },
    `database: ${database.kind}`,
  );

  const applied = await migrateToLatest(database.db, database.schema);
  if (applied.length) app.log.info({ applied }, 'migrations applied');
  if (config.demo && (await isEmpty(database.db))) {
    const started = Date.now();
    await seedDemo(database.db, { log: (msg) => app.log.info(msg), publicUrl: config.publicUrl });
    app.log.info(`demo data seeded in ${Date.now() - started} ms`);
  }
  // app.jobs: durable jobs (pg-boss) in the same database, stopped before it closes.
  await app.register(jobsPlugin, { database });

  const i18n = await createServerI18n({ pseudo: config.demo });
  app.decorate('i18n', i18n);
  // request.t, only when a request asks for it (most answers carry no text): the translator by
  // Accept-Language, a look-up (browsers send a handful of values).
  const translators = new Map<string | undefined, TFunction>();
  app.decorateRequest('t', {
    getter(this: FastifyRequest) {
      const header = this.headers['accept-language'];
      let t = translators.get(header);
      if (!t) {
        t = i18n.forRequest(header);
        if (translators.size < 256) translators.set(header, t);
      }
      return t;
    },
  });
  // app.metrics and GET /metrics: every route below is counted and timed.
  await app.register(metricsPlugin, { pool: database.pool });
  // Overload: 503 with Retry-After while the event loop lags (MAX_EVENT_LOOP_DELAY_MS); the scrape still answers.
  await app.register(overloadPlugin, { exempt: [METRICS_PATH], healthRoute: '/api/health' });
  // SPEC §7: every browser call carries app, v, os, env (and siteGroupNum); a route whose
  // querystring schema does not name them must not refuse the call for them. Which ones a
  // route does not name is worked out once per route.
  const TRANSPORT_NAMES = Object.values(TRANSPORT_PARAMS);
  const undeclared = new WeakMap<object, string[]>();
  app.addHook('preValidation', (request, _reply, done) => {
    const query = request.query as Record<string, unknown> | undefined;
    // A call that carries none of them (an API client's, a script's) looks nothing up.
    if (query && typeof query === 'object' && TRANSPORT_NAMES.some((name) => name in query)) {
      const schema = request.routeOptions.schema?.querystring as { properties?: Record<string, unknown> } | undefined;
      let names = schema ? undeclared.get(schema) : TRANSPORT_NAMES;
      if (!names) undeclared.set(schema!, (names = TRANSPORT_NAMES.filter((name) => !(name in (schema!.properties ?? {})))));
      for (const name of names) if (name in query) delete query[name];
    }
    done();
  });

  for (const schema of ALL_SCHEMAS) app.addSchema(schema);
  await app.register(errorsPlugin);
  // Demo mode on only by default: the outbox, the demo keys and the demo identity provider answer loopback clients only.
  await app.register(demoExposurePlugin);
  await app.register(securityHeadersPlugin, {
    publicUrl: config.publicUrl,
    helpCenterUrl: config.helpCenterUrl,
    devServer: config.devServer,
  });
  // Before the routes: those that name a limit in config.rateLimit are counted per address.
  await app.register(rateLimitPlugin);
  // Before any route is added: every route under /api declares config.access, which it enforces.
  await app.register(accessGuard);
  await app.register(cors, {
    origin: config.publicUrl,
    credentials: true,
    exposedHeaders: ['Content-Range', 'Content-Disposition', 'X-Next-Cursor', 'X-Total-Count'],
  });
  await app.register(openapiPlugin, { version: APP_VERSION, publicUrl: config.publicUrl });
  // Dealer API keys authenticate calls too (Authorization: Bearer pak_…); their rows are the keys feature's.
  await app.register(authPlugin, { apiKeys: apiKeyStore(app.db) });
  await app.register(captchaPlugin, { secret: app.secrets.sessionSecret });
  await app.register(outboxPlugin);
  // The live hubs at /hubs/alarms and /hubs/reports (outside /api).
  await app.register(realtimePlugin);
  // app.reports: report runs as durable jobs.
  await app.register(reportJobsPlugin, {
    engine: options.reports?.engine ?? reportEngine,
    tuning: options.reports?.tuning,
    readAhead: database.kind === 'postgres',
  });
  await app.register(retentionPlugin);
  // PGlite has no autovacuum (db/upkeep.ts): its work once a minute, and after each heartbeat of an import.
  const embedded = database.kind === 'pglite' ? embeddedUpkeep(app.db, { whenQuiet: database.whenQuiet }) : undefined;
  const upkeep = async () => {
    const done = await embedded?.run().catch((err: unknown) => {
      app.log.warn({ err }, 'database upkeep failed');
      return [];
    });
    if (done?.length) app.log.debug({ tables: done }, 'database upkeep');
  };
  if (embedded) {
    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => void upkeep(), UPKEEP_INTERVAL_MS).unref();
    });
    app.addHook('onClose', async () => clearInterval(timer));
  }
  // Outbound webhooks: each subscription's deliveries, in order, on the durable job queue.
  await app.register(webhooksJobsPlugin, { ...options.webhooks, database });
  await app.register(backupRoutes, { database });
  // Scheduled reports: a due pass each minute queues their runs; each run emails its recipients a link.
  await app.register(reportSchedulesPlugin);
  // Demo only (or LOCAL_IDP=true): the OpenID Connect provider at /idp (loopback clients only when demo mode is
  // on only by default: http/loopback.ts), and the classic portal's stand-in at /classic.
  if (config.localIdp) await app.register(localIdpPlugin);
  if (config.demo) await app.register(classicPagePlugin);

  await app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) => reply.status(404).send({ message: request.t('errors.notFound') }));
      await api.register(healthRoutes);
      await api.register(assetsRoutes, { version: APP_VERSION });
      await api.register(loginRoutes);
      await api.register(mfaRoutes);
      await api.register(stepRoutes);
      await api.register(userAccountRoutes);
      await api.register(totpRoutes);
      await api.register(passkeysRoutes);
      await api.register(staffRoutes);
      await api.register(supportRoutes);
      await api.register(recoveryRoutes);
      await api.register(registrationRoutes);
      await api.register(ssoRoutes);
      await api.register(classicRoutes);
      await api.register(newsRoutes);
      await api.register(apiKeysRoutes);
      await api.register(webhooksRoutes);
      await api.register(bannerRoutes);
      await api.register(privacyRoutes);
      await api.register(integrationsRoutes);
      await api.register(recentAlarmsRoutes);
      await api.register(ansIngestRoutes);
      await api.register(siteRoutes);
      await api.register(sitesRoutes);
      await api.register(accountRoutes, { version: APP_VERSION });
      await api.register(brandingRoutes);
      await api.register(accountGroupRoutes);
      await api.register(brandingLogoRoutes);
      await api.register(siteDetailRoutes);
      // On PostgreSQL a long export reads its next time slice on a second connection (db/slices.ts).
      await api.register(eventsRoutes, { readAhead: database.kind === 'postgres' });
      await api.register(dashboardRoutes);
      await api.register(testsRoutes);
      await api.register(accountEditsRoutes);
      await api.register(siteCreateRoutes);
      // Importing accounts from a file: each through the wizard's account creation.
      // PGlite has one connection: a chunk's transaction holds every other request's statements, so its
      // chunks are kept short (about 15 ms) and each goes once the connection has been free for 3 ms
      // (at most 30 ms after the last); its search rows apart and the search indexes merged once a
      // second, and while others keep asking, one account at a time (giveWay). Progress and the
      // database's upkeep once a second (the tables it fills get their statistics as they grow); and
      // one process: a batch left running at start-up is a stopped process's.
      const { whenQuiet } = database;
      await api.register(siteImportRoutes, {
        sites: siteCreateRepository(app.db),
        tuning: whenQuiet
          ? { chunk: 25, chunkMs: 15, between: () => whenQuiet(3, 30), progressMs: 1000, upkeep, giveWay: true, exclusive: true }
          : {},
      });
      await api.register(reportRunsRoutes);
      await api.register(reportLinkRoutes);
      await api.register(reportSchedulesRoutes);
      // The customer's screens: the site-detail plugins again under /api/msa, for the linked accounts.
      const links = accountLinksRepository(app.db);
      const msa: Audience = { msa: true, defaultSiteNum: (user) => links.activeSite(user.user_id) };
      await api.register(
        async (scope) => {
          await scope.register(siteDetailRoutes, { audience: msa });
          await scope.register(testsRoutes, { audience: msa });
          await scope.register(accountEditsRoutes, { audience: msa });
          await scope.register(msaRoutes, { audience: msa });
        },
        { prefix: '/msa' },
      );
      await api.register(msaUserRoutes);
      await api.register(invoicesRoutes, { audience: msa });
      await api.register(dealerInvoicesRoutes);
      await api.register(ansServiceRoutes);
      // Document libraries, product roadmap, contact us.
      await api.register(documentsPlugin);
      // The audit log viewer (read-only).
      await api.register(auditLogRoutes);
      // The dealer's side of the customers' change requests.
      await api.register(dealerChangeRequestsRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(spaPlugin, { devServer: config.devServer });
  return app;
}
