import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { ENVIRONMENTS, LIVE_ALARM_ACCOUNT_GROUP, type Environment } from '../common/constants.js';

/**
 * Configuration from environment variables, validated at start-up. Each bad
 * variable is named in the error, with what was expected and what was given.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * PostgreSQL: statements with parameters run as named prepared statements (db/preparedStatements.ts)
   * (DATABASE_PREPARED_STATEMENTS; default on). Off behind a pooler in transaction mode (PgBouncer),
   * where consecutive statements of a session may reach different server connections.
   */
  databasePreparedStatements: boolean;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Sender of outgoing mail. */
  mailFrom: string;
  /** HTTP endpoint of the text-message provider; unset: texts go to the outbox only. */
  smsUrl: string | undefined;
  publicUrl: string;
  sessionSecret: string | undefined;
  demo: boolean;
  /**
   * Demo mode is on only by default (embedded database, DEMO unset): the dev
   * outbox, the demo keys and the demo identity provider then answer loopback
   * clients only. DEMO=true set explicitly serves them to every client.
   */
  demoLoopbackOnly: boolean;
  /** The demo default keys in use (CLASSIC_API_KEY, INTEGRATION_API_KEY unset); accepted from loopback only when demoLoopbackOnly. */
  demoKeys: string[];
  logLevel: string;
  /** Trust X-Forwarded-For from a load balancer; off, a client could claim any address. */
  trustProxy: boolean;
  /** Serve the SPA through Vite's dev middleware (npm run dev). */
  devServer: boolean;
  /** Host names that serve the customer (My Security Account) variant; any other host is the dealer portal. */
  msaHosts: string[];
  /** The dealer portal's name, shown in page titles ('Login | {name}'). */
  portalName: string;
  /** Where dealers who are not beta users go with a one-time key; demo: the built-in page at /classic. */
  classicPortalUrl: string | undefined;
  /** The help centre the Knowledge Base page frames (HELP_CENTER_URL); default: the help pages the web app ships at /help/. */
  helpCenterUrl?: string;
  /** The staging dealer portal the help menu's 'Staging Dealer Portal' opens (STAGING_PORTAL_URL); unset, the item is hidden. */
  stagingPortalUrl?: string;
  /** Bearer key the classic portal presents to redeem one-time keys (POST /api/rw3k/redeem); unset: redeeming is off. */
  classicApiKey: string | undefined;
  /** Serve the built-in OpenID Connect provider at PUBLIC_URL/idp (single sign-on demo); on in demo mode. */
  localIdp: boolean;
  /** The local identity provider is on only through the default demo mode: loopback clients only. */
  localIdpLoopbackOnly: boolean;
  /** SPEC §7 `env` parameter: prod, staging or dev. */
  environment: Environment;
  /** Redis pub/sub channel of the live hubs; several portals on one Redis each use their own. */
  redisChannel: string;
  /** Account groups whose alarms are pushed live (SPEC §4: 9993). */
  liveAlarmGroups: number[];
  /** Key the monitoring platform sends as `Authorization: Bearer …` to POST /api/integrations/alarms; demo: 'demo-integration-key'. */
  integrationApiKey: string | undefined;
  /** Ingest a plausible alarm for the first live group every 20 to 60 s (default: on in demo mode). */
  alarmSimulator: boolean;
  /** How often the durable job workers look for due jobs (JOB_POLL_SECONDS, 0.5 to 60). */
  jobPollSeconds: number;
  /**
   * Webhook targets on this machine (127.0.0.1, ::1, localhost; http allowed to them) are accepted
   * (WEBHOOKS_ALLOW_LOOPBACK; default: on in demo mode only). For demos and tests, never production:
   * private, link-local and metadata addresses stay refused whatever it says.
   */
  webhooksAllowLoopback: boolean;
  /**
   * PostgreSQL: connections of the webhook senders' own pool (WEBHOOKS_DB_CONNECTIONS, 1 to 16;
   * default 2), beside the requests' 10, so a sender never takes a request's connection.
   */
  webhooksDbConnections: number;
  /** Report runs one process works on at once (REPORT_WORKERS, 1 to 16; default 2). */
  reportWorkers: number;
  /** Report runs one account group may have going at once across all processes (REPORT_GROUP_CONCURRENCY, 1 to 16; default 2). */
  reportGroupConcurrency: number;
  /** Days ended sessions, spent codes and links, and outbox messages are kept (RETENTION_DAYS, 1 to 3650; default 30). */
  retentionDays: number;
  /** Bearer token Prometheus sends to GET /metrics (METRICS_TOKEN); unset outside demo mode: /metrics refuses every call. */
  metricsToken: string | undefined;
  /** Mean event-loop delay (ms) above which requests are refused with 503 and Retry-After (MAX_EVENT_LOOP_DELAY_MS; 0: never). */
  maxEventLoopDelayMs: number;
  /**
   * Per-address limits of the anonymous routes, and the per-key limit of dealer API keys (http/rateLimit.ts):
   * RATE_LIMITS_FORMS_PER_MINUTE, RATE_LIMITS_INGEST_PER_MINUTE, RATE_LIMITS_API_KEY_PER_MINUTE.
   */
  rateLimits: { formsPerMinute: number; ingestPerMinute: number; apiKeyPerMinute: number };
  /** Log lines: JSON (`json`), readable (`pretty`, needs pino-pretty), or readable on a terminal only (`auto`). */
  logFormat: LogFormat;
}

export const LOG_FORMATS = ['auto', 'json', 'pretty'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const BOOLEAN_WORDS: Record<string, boolean> = {
  true: true,
  '1': true,
  on: true,
  yes: true,
  false: false,
  '0': false,
  off: false,
  no: false,
};
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function urlWithScheme(name: string, value: string | undefined, schemes: string[], problems: string[]) {
  if (value === undefined || value === '') return undefined;
  try {
    const url = new URL(value);
    if (!schemes.includes(url.protocol.replace(/:$/, ''))) throw new Error('scheme');
    return value;
  } catch {
    problems.push(`${name} must be a URL starting with ${schemes.map((s) => `${s}://`).join(' or ')} (got "${redact(value)}")`);
    return undefined;
  }
}

/** Where `npm run build` puts the web app (vite.config.ts outDir): the SPA plugin serves it, the update check hashes it. */
export const WEB_DIST = path.resolve(import.meta.dirname, '../../dist/web');

/** Where the demo OpenID Connect provider is mounted (LOCAL_IDP). */
export const LOCAL_IDP_PATH = '/idp';

/** Keeps credentials out of error messages and logs. */
export function redact(url: string): string {
  return url.replace(/\/\/([^@/]*)@/, '//***@');
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];

  let port = 8080;
  if (env.PORT !== undefined && env.PORT !== '') {
    port = Number(env.PORT);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      problems.push(`PORT must be a whole number from 1 to 65535 (got "${env.PORT}")`);
    }
  }

  const databaseUrl = urlWithScheme('DATABASE_URL', env.DATABASE_URL, ['postgres', 'postgresql'], problems);
  const redisUrl = urlWithScheme('REDIS_URL', env.REDIS_URL, ['redis', 'rediss'], problems);
  const smtpUrl = urlWithScheme('SMTP_URL', env.SMTP_URL, ['smtp', 'smtps'], problems);
  const smsUrl = urlWithScheme('SMS_URL', env.SMS_URL, ['http', 'https'], problems);
  const mailFrom = env.MAIL_FROM || 'Security Portal <no-reply@localhost>';
  if (!/^[^<>]*<[^\s@<>]+@[^\s@<>]+>$|^[^\s@<>]+@[^\s@<>]+$/.test(mailFrom)) {
    problems.push(`MAIL_FROM must be an address, optionally with a name: "Portal <no-reply@example.com>" (got "${mailFrom}")`);
  }
  const publicUrl = urlWithScheme('PUBLIC_URL', env.PUBLIC_URL, ['http', 'https'], problems) ?? `http://localhost:${port}`;

  let demo = env.DATABASE_URL ? false : true;
  const demoSetting = env.DEMO || undefined;
  const demoExplicit = demoSetting !== undefined;
  if (demoSetting !== undefined) {
    const word = BOOLEAN_WORDS[demoSetting.toLowerCase()];
    if (word === undefined) problems.push(`DEMO must be true or false (got "${env.DEMO}")`);
    else demo = word;
  }

  let trustProxy = false;
  if (env.TRUST_PROXY !== undefined && env.TRUST_PROXY !== '') {
    const word = BOOLEAN_WORDS[env.TRUST_PROXY.toLowerCase()];
    if (word === undefined) problems.push(`TRUST_PROXY must be true or false (got "${env.TRUST_PROXY}")`);
    else trustProxy = word;
  }

  const sessionSecret = env.SESSION_SECRET || undefined;
  if (sessionSecret !== undefined && sessionSecret.length < 32) {
    problems.push('SESSION_SECRET must be at least 32 characters long (leave it unset to have one generated)');
  }

  const logLevel = env.LOG_LEVEL || 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${logLevel}")`);
  }

  const msaHosts = (env.MSA_HOSTS ?? 'msa.localhost')
    .split(',')
    .map((host) => host.trim().toLowerCase())
    .filter(Boolean);
  for (const host of msaHosts) {
    if (!/^[a-z0-9.-]+$/.test(host)) problems.push(`MSA_HOSTS must be host names separated by commas (got "${host}")`);
  }
  const environment = (env.PORTAL_ENV || (demo || env.VITE_DEV_SERVER === 'true' ? 'dev' : 'prod')) as Environment;
  if (!(ENVIRONMENTS as readonly string[]).includes(environment)) {
    problems.push(`PORTAL_ENV must be one of ${ENVIRONMENTS.join(', ')} (got "${environment}")`);
  }
  const portalName = env.PORTAL_NAME || 'Dealer Portal';
  const classicPortalUrl = urlWithScheme('CLASSIC_PORTAL_URL', env.CLASSIC_PORTAL_URL, ['http', 'https'], problems);
  const helpCenterUrl = urlWithScheme('HELP_CENTER_URL', env.HELP_CENTER_URL, ['http', 'https'], problems);
  const stagingPortalUrl = urlWithScheme('STAGING_PORTAL_URL', env.STAGING_PORTAL_URL, ['http', 'https'], problems);
  const classicApiKey = env.CLASSIC_API_KEY || (demo ? 'demo-classic-key' : undefined);
  if (classicApiKey !== undefined && classicApiKey.length < 16) {
    problems.push('CLASSIC_API_KEY must be at least 16 characters long (leave it unset to turn classic key redemption off)');
  }
  let localIdp = demo;
  const localIdpSetting = env.LOCAL_IDP || undefined;
  const localIdpExplicit = localIdpSetting !== undefined;
  if (localIdpSetting !== undefined) {
    const word = BOOLEAN_WORDS[localIdpSetting.toLowerCase()];
    if (word === undefined) problems.push(`LOCAL_IDP must be true or false (got "${env.LOCAL_IDP}")`);
    else localIdp = word;
  }

  const liveAlarmGroups = (env.LIVE_ALARM_GROUPS || String(LIVE_ALARM_ACCOUNT_GROUP))
    .split(',')
    .map((g) => g.trim())
    .filter(Boolean)
    .map(Number);
  if (!liveAlarmGroups.length || liveAlarmGroups.some((g) => !Number.isInteger(g) || g < 1)) {
    problems.push(`LIVE_ALARM_GROUPS must be account group numbers separated by commas (got "${env.LIVE_ALARM_GROUPS}")`);
  }
  const integrationApiKey = env.INTEGRATION_API_KEY || (demo ? 'demo-integration-key' : undefined);
  if (integrationApiKey !== undefined && integrationApiKey.length < 16) {
    problems.push('INTEGRATION_API_KEY must be at least 16 characters long');
  }
  let alarmSimulator = demo;
  if (env.ALARM_SIMULATOR !== undefined && env.ALARM_SIMULATOR !== '') {
    const word = BOOLEAN_WORDS[env.ALARM_SIMULATOR.toLowerCase()];
    if (word === undefined) problems.push(`ALARM_SIMULATOR must be true or false (got "${env.ALARM_SIMULATOR}")`);
    else alarmSimulator = word;
  }
  let databasePreparedStatements = true;
  if (env.DATABASE_PREPARED_STATEMENTS !== undefined && env.DATABASE_PREPARED_STATEMENTS !== '') {
    const word = BOOLEAN_WORDS[env.DATABASE_PREPARED_STATEMENTS.toLowerCase()];
    if (word === undefined) problems.push(`DATABASE_PREPARED_STATEMENTS must be true or false (got "${env.DATABASE_PREPARED_STATEMENTS}")`);
    else databasePreparedStatements = word;
  }
  let webhooksAllowLoopback = demo;
  if (env.WEBHOOKS_ALLOW_LOOPBACK) {
    const word = BOOLEAN_WORDS[env.WEBHOOKS_ALLOW_LOOPBACK.toLowerCase()];
    if (word === undefined) problems.push(`WEBHOOKS_ALLOW_LOOPBACK must be true or false (got "${env.WEBHOOKS_ALLOW_LOOPBACK}")`);
    else webhooksAllowLoopback = word;
  }
  const redisChannel = env.REDIS_CHANNEL || 'portal:hubs';
  let jobPollSeconds = 2;
  if (env.JOB_POLL_SECONDS !== undefined && env.JOB_POLL_SECONDS !== '') {
    jobPollSeconds = Number(env.JOB_POLL_SECONDS);
    if (!Number.isFinite(jobPollSeconds) || jobPollSeconds < 0.5 || jobPollSeconds > 60) {
      problems.push(`JOB_POLL_SECONDS must be a number of seconds from 0.5 to 60 (got "${env.JOB_POLL_SECONDS}")`);
    }
  }

  const smallCount = (name: 'REPORT_WORKERS' | 'REPORT_GROUP_CONCURRENCY' | 'WEBHOOKS_DB_CONNECTIONS', fallback: number) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > 16) problems.push(`${name} must be a whole number from 1 to 16 (got "${raw}")`);
    return value;
  };
  const reportWorkers = smallCount('REPORT_WORKERS', 2);
  const reportGroupConcurrency = smallCount('REPORT_GROUP_CONCURRENCY', 2);
  const webhooksDbConnections = smallCount('WEBHOOKS_DB_CONNECTIONS', 2);
  let retentionDays = 30;
  if (env.RETENTION_DAYS !== undefined && env.RETENTION_DAYS !== '') {
    retentionDays = Number(env.RETENTION_DAYS);
    if (!Number.isInteger(retentionDays) || retentionDays < 1 || retentionDays > 3650) {
      problems.push(`RETENTION_DAYS must be a whole number of days from 1 to 3650 (got "${env.RETENTION_DAYS}")`);
    }
  }

  const metricsToken = env.METRICS_TOKEN || undefined;
  if (metricsToken !== undefined && (metricsToken.length < 16 || /\s/.test(metricsToken))) {
    problems.push('METRICS_TOKEN must be at least 16 characters long, without spaces (leave it unset to keep /metrics closed)');
  }
  let maxEventLoopDelayMs = 1000;
  if (env.MAX_EVENT_LOOP_DELAY_MS !== undefined && env.MAX_EVENT_LOOP_DELAY_MS !== '') {
    maxEventLoopDelayMs = Number(env.MAX_EVENT_LOOP_DELAY_MS);
    if (!Number.isInteger(maxEventLoopDelayMs) || maxEventLoopDelayMs < 0 || maxEventLoopDelayMs > 60_000) {
      problems.push(
        `MAX_EVENT_LOOP_DELAY_MS must be a whole number of milliseconds from 0 (off) to 60000 (got "${env.MAX_EVENT_LOOP_DELAY_MS}")`,
      );
    }
  }
  const perMinute = (
    name: 'RATE_LIMITS_FORMS_PER_MINUTE' | 'RATE_LIMITS_INGEST_PER_MINUTE' | 'RATE_LIMITS_API_KEY_PER_MINUTE',
    fallback: number,
  ) => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 1 || value > 1_000_000) {
      problems.push(`${name} must be a whole number of calls a minute from 1 to 1000000 (got "${raw}")`);
    }
    return value;
  };
  const rateLimits = {
    formsPerMinute: perMinute('RATE_LIMITS_FORMS_PER_MINUTE', 30),
    ingestPerMinute: perMinute('RATE_LIMITS_INGEST_PER_MINUTE', 120_000),
    apiKeyPerMinute: perMinute('RATE_LIMITS_API_KEY_PER_MINUTE', 600),
  };
  const logFormat = (env.LOG_FORMAT || 'auto') as LogFormat;
  if (!LOG_FORMATS.includes(logFormat)) problems.push(`LOG_FORMAT must be one of ${LOG_FORMATS.join(', ')} (got "${env.LOG_FORMAT}")`);

  if (problems.length) throw new ConfigError(problems);
  const demoLoopbackOnly = demo && !demoExplicit;
  const demoKeys = [env.CLASSIC_API_KEY ? undefined : classicApiKey, env.INTEGRATION_API_KEY ? undefined : integrationApiKey].filter(
    (key): key is string => key !== undefined,
  );
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl,
    databasePreparedStatements,
    redisUrl,
    smtpUrl,
    mailFrom,
    smsUrl,
    publicUrl: publicUrl.replace(/\/$/, ''),
    sessionSecret,
    demo,
    demoLoopbackOnly,
    demoKeys,
    logLevel,
    trustProxy,
    devServer: env.VITE_DEV_SERVER === 'true',
    msaHosts,
    portalName,
    environment,
    helpCenterUrl: helpCenterUrl ?? '/help/',
    stagingPortalUrl,
    classicPortalUrl: classicPortalUrl ?? (demo ? `${publicUrl.replace(/\/$/, '')}/classic` : undefined),
    classicApiKey,
    localIdp,
    localIdpLoopbackOnly: localIdp && !localIdpExplicit && demoLoopbackOnly,
    redisChannel,
    liveAlarmGroups,
    integrationApiKey,
    alarmSimulator,
    jobPollSeconds,
    webhooksAllowLoopback,
    webhooksDbConnections,
    reportWorkers,
    reportGroupConcurrency,
    retentionDays,
    metricsToken,
    maxEventLoopDelayMs,
    rateLimits,
    logFormat,
  };
}

/** SESSION_SECRET when set, else one generated once and kept in the data dir. */
export function resolveSessionSecret(config: Config): string {
  if (config.sessionSecret) return config.sessionSecret;
  const file = path.join(config.dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(config.dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

/** The start-up warning of demo mode (main.ts logs it), or undefined when demo mode is off. */
export function demoModeWarning(config: Config): string | undefined {
  if (!config.demo) return undefined;
  const base =
    'DEMO MODE IS ON: demo users with a published password, the dev outbox (/dev/outbox) and demo keys are served. Never use it in production: set DEMO=false.';
  return config.demoLoopbackOnly
    ? `${base} It is on by default (embedded database, DEMO unset), so the outbox, the demo keys and the demo identity provider answer this machine only (loopback clients); set DEMO=true to serve them to other machines.`
    : `${base} DEMO=true is set: the outbox, the demo keys and the demo identity provider answer every client.`;
}
