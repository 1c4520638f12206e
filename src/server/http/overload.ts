import underPressure from '@fastify/under-pressure';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Seconds an overloaded process asks clients to wait (Retry-After): the check samples every second. */
export const OVERLOAD_RETRY_AFTER_S = 2;
/** At most one overload warning in the log this often, however many requests are refused. */
const WARN_EVERY_MS = 10_000;

export interface OverloadOptions {
  /** Routes that always answer (the metrics scrape: the lag is what an operator wants to see). */
  exempt: readonly string[];
  /** The health check's route: refused in its own shape, `{ status: 'unavailable' }`, so load balancers take the process out. */
  healthRoute: string;
  /** How often the event-loop delay is sampled (ms; tests shorten it). */
  sampleIntervalMs?: number;
}

/**
 * Overload: when the event loop lags (mean delay over the last sample above
 * MAX_EVENT_LOOP_DELAY_MS), every request is answered 503 with Retry-After at once, before it
 * queues behind the backlog and times out; a load balancer polling the health check moves traffic
 * to the other processes meanwhile. @fastify/under-pressure measures; its pressure handler
 * answers here, translated. Register after the translator hook (request.t), before the routes.
 */
export const overloadPlugin = fp(
  async (app: FastifyInstance, options: OverloadOptions) => {
    const maxEventLoopDelay = app.config.maxEventLoopDelayMs;
    const sampleIntervalMs = options.sampleIntervalMs ?? 1000;
    let lastWarning = 0;
    // Start-up (migrations, the embedded database's start) blocks the loop for seconds before the
    // process serves: that is not overload. Refusals begin once two samples follow the ready app.
    let warm = false;
    app.addHook('onReady', async () => {
      setTimeout(() => (warm = true), 2 * sampleIntervalMs).unref();
    });
    await app.register(underPressure, {
      // 0 turns the check off (the plugin then adds no hook).
      maxEventLoopDelay,
      sampleInterval: sampleIntervalMs,
      pressureHandler: (request, reply, type, value) => {
        const route = request.routeOptions.url;
        // Nothing returned and nothing sent: the request is served as usual.
        if (!warm || (route && options.exempt.includes(route))) return;
        app.metrics.overloadRefusals.inc();
        if (Date.now() - lastWarning >= WARN_EVERY_MS) {
          lastWarning = Date.now();
          request.log.warn(
            { type, value: typeof value === 'number' ? Math.round(value) : value, maxEventLoopDelay },
            'overloaded: answering 503 with Retry-After until the event loop catches up',
          );
        }
        reply.status(503).header('Retry-After', String(OVERLOAD_RETRY_AFTER_S)).header('Cache-Control', 'no-store');
        // Sent here and nothing returned: the request goes no further (a returned value would be sent again).
        if (route === options.healthRoute) void reply.send({ status: 'unavailable' });
        else void reply.send({ message: request.t('errors.overloaded') });
      },
    });
  },
  { name: 'overload', decorators: { fastify: ['config', 'metrics'] } },
);
