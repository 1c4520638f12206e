import { describe, expect, it } from 'vitest';
import { ConfigError, demoModeWarning, loadConfig, redact } from './config.js';

const problemsOf = (env: Record<string, string>) => {
  try {
    loadConfig(env);
  } catch (e) {
    return (e as ConfigError).problems;
  }
  return [];
};

describe('configuration', () => {
  it('defaults to port 8080, ./data and demo data on the embedded database', () => {
    const config = loadConfig({});
    expect(config.port).toBe(8080);
    expect(config.dataDir.endsWith('/data')).toBe(true);
    expect(config.demo).toBe(true);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:8080');
    expect(config.trustProxy).toBe(false);
    // No staging portal unless one is named: the help menu's item is hidden (it reopened this portal).
    expect(config.stagingPortalUrl).toBeUndefined();
    expect(loadConfig({ STAGING_PORTAL_URL: 'https://staging.example.com/' }).stagingPortalUrl).toBe('https://staging.example.com/');
    expect(problemsOf({ STAGING_PORTAL_URL: 'staging.example.com' })[0]).toMatch(/^STAGING_PORTAL_URL/);
  });

  it('turns demo data off by default on PostgreSQL, and DEMO overrides', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/portal' }).demo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://localhost/portal', DEMO: 'on' }).demo).toBe(true);
    expect(loadConfig({ DEMO: 'false' }).demo).toBe(false);
  });

  it('names each bad variable with what it expected', () => {
    expect(problemsOf({ PORT: 'eighty' })).toEqual(['PORT must be a whole number from 1 to 65535 (got "eighty")']);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })[0]).toMatch(/^DATABASE_URL must be a URL starting with postgres:\/\//);
    expect(problemsOf({ REDIS_URL: 'localhost:6379' })[0]).toMatch(/^REDIS_URL/);
    expect(problemsOf({ SMTP_URL: 'http://mail' })[0]).toMatch(/^SMTP_URL/);
    expect(problemsOf({ PUBLIC_URL: 'ftp://x' })[0]).toMatch(/^PUBLIC_URL/);
    expect(problemsOf({ SMS_URL: 'sms://x' })[0]).toMatch(/^SMS_URL/);
    expect(problemsOf({ MAIL_FROM: 'nobody' })[0]).toMatch(/^MAIL_FROM must be an address/);
    expect(problemsOf({ MAIL_FROM: 'Portal <alerts@example.com>' })).toEqual([]);
    expect(problemsOf({ DEMO: 'maybe' })).toEqual(['DEMO must be true or false (got "maybe")']);
    expect(problemsOf({ TRUST_PROXY: 'sometimes' })).toEqual(['TRUST_PROXY must be true or false (got "sometimes")']);
    expect(problemsOf({ SESSION_SECRET: 'short' })[0]).toMatch(/^SESSION_SECRET must be at least 32/);
    expect(problemsOf({ PORT: '0', DEMO: 'x' })).toHaveLength(2);
    expect(problemsOf({ JOB_POLL_SECONDS: '0.1' })[0]).toMatch(/^JOB_POLL_SECONDS must be a number of seconds from 0.5 to 60/);
    expect(loadConfig({ JOB_POLL_SECONDS: '0.5' }).jobPollSeconds).toBe(0.5);
    expect(loadConfig({}).jobPollSeconds).toBe(2);
    expect(problemsOf({ WEBHOOKS_DB_CONNECTIONS: '0' })).toEqual(['WEBHOOKS_DB_CONNECTIONS must be a whole number from 1 to 16 (got "0")']);
    expect(loadConfig({}).webhooksDbConnections).toBe(2);
  });

  it('turns prepared statements off when DATABASE_PREPARED_STATEMENTS says so (a pooler in transaction mode)', () => {
    expect(loadConfig({}).databasePreparedStatements).toBe(true);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'false' }).databasePreparedStatements).toBe(false);
    expect(loadConfig({ DATABASE_PREPARED_STATEMENTS: 'on' }).databasePreparedStatements).toBe(true);
    expect(problemsOf({ DATABASE_PREPARED_STATEMENTS: 'pgbouncer' })).toEqual([
      'DATABASE_PREPARED_STATEMENTS must be true or false (got "pgbouncer")',
    ]);
  });

  it('reads the operations settings: metrics token, overload threshold, log format', () => {
    const defaults = loadConfig({});
    expect(defaults.metricsToken).toBeUndefined();
    expect(defaults.maxEventLoopDelayMs).toBe(1000);
    expect(defaults.logFormat).toBe('auto');
    const set = loadConfig({ METRICS_TOKEN: 'prometheus-scrape-token', MAX_EVENT_LOOP_DELAY_MS: '0', LOG_FORMAT: 'json' });
    expect(set.metricsToken).toBe('prometheus-scrape-token');
    expect(set.maxEventLoopDelayMs).toBe(0);
    expect(set.logFormat).toBe('json');
    expect(problemsOf({ METRICS_TOKEN: 'short' })[0]).toMatch(/^METRICS_TOKEN must be at least 16 characters/);
    expect(problemsOf({ METRICS_TOKEN: 'has a space in the token' })[0]).toMatch(/^METRICS_TOKEN/);
    expect(problemsOf({ MAX_EVENT_LOOP_DELAY_MS: '1.5' })[0]).toMatch(/^MAX_EVENT_LOOP_DELAY_MS must be a whole number/);
    expect(problemsOf({ MAX_EVENT_LOOP_DELAY_MS: '-1' })[0]).toMatch(/^MAX_EVENT_LOOP_DELAY_MS/);
    expect(problemsOf({ LOG_FORMAT: 'xml' })).toEqual(['LOG_FORMAT must be one of auto, json, pretty (got "xml")']);
  });

  it('keeps passwords in URLs out of its messages', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://admin:hunter2@db/x' })[0]).not.toContain('hunter2');
    expect(redact('postgres://u:secret@host/db')).toBe('postgres://***@host/db');
  });
});

describe('demo exposure', () => {
  it('keeps the demo features to loopback clients when demo mode is on only by default', () => {
    const config = loadConfig({});
    expect(config.demoLoopbackOnly).toBe(true);
    expect(config.localIdpLoopbackOnly).toBe(true);
    expect(config.demoKeys.sort()).toEqual(['demo-classic-key', 'demo-integration-key']);
    expect(demoModeWarning(config)).toMatch(/DEMO MODE IS ON.*this machine only/);
  });

  it('serves them to every client with DEMO=true set explicitly, and not at all with demo mode off', () => {
    const explicit = loadConfig({ DEMO: 'true' });
    expect(explicit.demo).toBe(true);
    expect(explicit.demoLoopbackOnly).toBe(false);
    expect(explicit.localIdpLoopbackOnly).toBe(false);
    expect(demoModeWarning(explicit)).toMatch(/DEMO MODE IS ON.*DEMO=true is set/);
    expect(loadConfig({ DEMO: 'false' }).demoLoopbackOnly).toBe(false);
    expect(demoModeWarning(loadConfig({ DATABASE_URL: 'postgres://localhost/portal' }))).toBeUndefined();
  });

  it('treats keys and the identity provider set explicitly as meant for every client', () => {
    const config = loadConfig({ INTEGRATION_API_KEY: 'a-real-integration-key', LOCAL_IDP: 'true' });
    expect(config.demoKeys).toEqual(['demo-classic-key']);
    expect(config.localIdpLoopbackOnly).toBe(false);
  });
});
