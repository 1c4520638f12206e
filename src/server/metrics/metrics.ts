import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/**
 * The portal's Prometheus metrics (GET /metrics). One registry per app, never
 * prom-client's global one: tests build several apps in one process, and two
 * registrations of one name in one registry throw.
 */
export type Metrics = ReturnType<typeof createMetrics>;

/** Latency buckets (seconds) of HTTP calls and ingest batches: 5 ms to 10 s. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The counters and histograms the code updates as things happen. */
export function createMetrics() {
  const registry = new Registry();
  const registers = [registry];
  // Node's own: CPU, memory, heap, event-loop lag, garbage collection, open handles.
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequests: new Counter({
      name: 'portal_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      registers,
    }),
    httpDuration: new Histogram({
      name: 'portal_http_request_duration_seconds',
      help: 'Time from receiving a request to the end of its answer, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    hubPublished: new Counter({
      name: 'portal_hub_messages_published_total',
      help: 'Hub messages this process published (to its own clients, and through Redis to the other processes)',
      labelNames: ['hub'] as const,
      registers,
    }),
    hubLocalOnly: new Counter({
      name: 'portal_hub_messages_local_only_total',
      help: "Hub messages published while Redis was away: they reached this process's own clients only",
      registers,
    }),
    hubDelivered: new Counter({
      name: 'portal_hub_messages_delivered_total',
      help: "Messages written to this process's hub connections (one per receiving connection)",
      labelNames: ['hub'] as const,
      registers,
    }),
    alarmsIngested: new Counter({
      name: 'portal_alarms_ingested_total',
      help: 'Alarm events stored by POST /api/integrations/alarms',
      registers,
    }),
    ingestDuration: new Histogram({
      name: 'portal_alarm_ingest_duration_seconds',
      help: 'Time to store an ingest batch and push its alarms to the live hubs',
      buckets: LATENCY_BUCKETS,
      registers,
    }),
    jobFailures: new Counter({
      name: 'portal_job_failures_total',
      help: 'Durable job attempts that failed in this process (pg-boss retries them), by queue',
      labelNames: ['queue'] as const,
      registers,
    }),
    overloadRefusals: new Counter({
      name: 'portal_overload_refusals_total',
      help: 'Requests refused with 503 because the event loop lagged (MAX_EVENT_LOOP_DELAY_MS)',
      registers,
    }),
  };
}

/** The numbers read when Prometheus scrapes: each source is asked then, never polled. */
export interface MetricSources {
  hubConnections(hub: 'alarms' | 'reports'): number;
  backplaneConnected(): boolean;
  /** Jobs waiting (created or retrying) and running, per queue. */
  jobQueues(): Promise<{ queue: string; waiting: number; active: number }[]>;
  /** PostgreSQL's connection pool (pg.Pool); undefined on the embedded database (one connection). */
  pool?: { readonly totalCount: number; readonly idleCount: number; readonly waitingCount: number };
  /** The mean event-loop delay the overload check judges (ms). */
  eventLoopDelayMs?(): number;
  onError(error: unknown, what: string): void;
}

/** Gauges filled from `sources` at each scrape. */
export function addScrapeGauges({ registry }: Metrics, sources: MetricSources): void {
  const registers = [registry];
  new Gauge({
    name: 'portal_hub_connections',
    help: 'Open hub connections in this process, by hub',
    labelNames: ['hub'] as const,
    registers,
    collect() {
      for (const hub of ['alarms', 'reports'] as const) this.set({ hub }, sources.hubConnections(hub));
    },
  });
  new Gauge({
    name: 'portal_backplane_connected',
    help: 'Whether hub messages cross to the other processes now (1), or Redis is away (0); always 1 without Redis',
    registers,
    collect() {
      this.set(sources.backplaneConnected() ? 1 : 0);
    },
  });
  // One read of the queues serves both gauges of a scrape (the registry starts every collect at once).
  let queues: Promise<{ queue: string; waiting: number; active: number }[]> | undefined;
  const readQueues = () =>
    (queues ??= sources
      .jobQueues()
      .catch((error) => {
        sources.onError(error, 'job queue sizes');
        return [];
      })
      .finally(() => (queues = undefined)));
  new Gauge({
    name: 'portal_job_queue_depth',
    help: 'Durable jobs waiting to run (created or retrying), by queue',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      for (const { queue, waiting } of await readQueues()) this.set({ queue }, waiting);
    },
  });
  new Gauge({
    name: 'portal_job_queue_active',
    help: 'Durable jobs running now (in any process), by queue',
    labelNames: ['queue'] as const,
    registers,
    async collect() {
      this.reset();
      for (const { queue, active } of await readQueues()) this.set({ queue }, active);
    },
  });
  const pool = sources.pool;
  if (pool) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: "Connections of this process's PostgreSQL pool, by state (in use or idle)",
      labelNames: ['state'] as const,
      registers,
      collect() {
        this.set({ state: 'idle' }, pool.idleCount);
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      },
    });
    new Gauge({
      name: 'portal_db_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL connection in this process',
      registers,
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }
  const eventLoopDelay = sources.eventLoopDelayMs;
  if (eventLoopDelay) {
    new Gauge({
      name: 'portal_event_loop_delay_milliseconds',
      help: 'Mean event-loop delay over the last second, as the overload check (MAX_EVENT_LOOP_DELAY_MS) judges it',
      registers,
      collect() {
        this.set(eventLoopDelay());
      },
    });
  }
}
