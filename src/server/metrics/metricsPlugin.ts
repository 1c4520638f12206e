import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isLoopbackAddress } from '../http/loopback.js';
import { addScrapeGauges, createMetrics, type Metrics, type MetricSources } from './metrics.js';
import { mayReadMetrics } from './metricsAccess.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's Prometheus metrics (metrics.ts): features count what they do on them. */
    metrics: Metrics;
  }
}

/** Where Prometheus scrapes. */
export const METRICS_PATH = '/metrics';

/** Label of requests no route matched (404s): one series for all of them, whatever the URL. */
const UNMATCHED = '(unmatched)';

export interface MetricsPluginOptions {
  /** PostgreSQL's pool (the database handle's), for its gauges; none on the embedded database. */
  pool?: MetricSources['pool'];
}

/**
 * app.metrics and GET /metrics (Prometheus text format). Register before the routes: every
 * request is counted and timed by its route pattern (`/api/sites/:siteNum`, never the URL as
 * sent, so the series stay few) and status. Hub, job-queue and pool figures are read at scrape.
 */
export const metricsPlugin = fp(
  async (app: FastifyInstance, options: MetricsPluginOptions) => {
    const metrics = createMetrics();
    app.decorate('metrics', metrics);

    app.addHook('onResponse', (request, reply, done) => {
      const labels = { method: request.method, route: request.routeOptions.url ?? UNMATCHED, status_code: String(reply.statusCode) };
      metrics.httpRequests.inc(labels);
      metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
      done();
    });

    // The live hubs and the job queue are registered after this plugin: their gauges once everything is.
    app.addHook('onReady', async () => {
      addScrapeGauges(metrics, {
        hubConnections: (hub) => app.realtime.connectionCount(hub),
        backplaneConnected: () => app.realtime.backplaneConnected(),
        jobQueues: () => app.jobs.queueSizes(),
        pool: options.pool,
        eventLoopDelayMs: app.hasDecorator('memoryUsage') ? () => app.memoryUsage().eventLoopDelay : undefined,
        onError: (error, what) => app.log.warn({ err: error }, `metrics: ${what} not read`),
      });
    });

    const rule = { demo: app.config.demo, demoLoopbackOnly: app.config.demoLoopbackOnly, token: app.config.metricsToken };
    if (!rule.token && !rule.demo) app.log.info('METRICS_TOKEN is not set: GET /metrics refuses every call');
    app.get(
      METRICS_PATH,
      // Scrapes every few seconds: their lines only when something goes wrong.
      { logLevel: 'warn', schema: { hide: true } },
      async (request, reply) => {
        reply.header('Cache-Control', 'no-store');
        const call = { authorization: request.headers.authorization, loopback: isLoopbackAddress(request.ip) };
        if (!mayReadMetrics(rule, call)) {
          return reply
            .status(401)
            .header('WWW-Authenticate', 'Bearer realm="metrics"')
            .send({ message: request.t('errors.metricsUnauthorized') });
        }
        return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
      },
    );
  },
  { name: 'metrics', decorators: { fastify: ['config'] } },
);
