import { describe, expect, it } from 'vitest';
import { addScrapeGauges, createMetrics } from './metrics.js';

const sources = (connections: number) => ({
  hubConnections: () => connections,
  backplaneConnected: () => false,
  jobQueues: async () => [{ queue: 'report-run', waiting: 3, active: 1 }],
  onError: () => undefined,
});

describe('metrics of one app', () => {
  it('keeps a registry per app: two apps in one process neither collide nor share counts', async () => {
    const first = createMetrics();
    const second = createMetrics();
    addScrapeGauges(first, sources(4));
    addScrapeGauges(second, sources(0));
    first.alarmsIngested.inc(5);
    const a = await first.registry.metrics();
    const b = await second.registry.metrics();
    expect(a).toMatch(/^portal_alarms_ingested_total 5$/m);
    expect(b).toMatch(/^portal_alarms_ingested_total 0$/m);
    expect(a).toMatch(/^portal_hub_connections\{hub="alarms"\} 4$/m);
    expect(b).toMatch(/^portal_hub_connections\{hub="alarms"\} 0$/m);
  });

  it('reads the job queues once per scrape for both queue gauges, and the pool only when there is one', async () => {
    const metrics = createMetrics();
    let reads = 0;
    addScrapeGauges(metrics, { ...sources(0), jobQueues: async () => (reads++, [{ queue: 'report-run', waiting: 3, active: 1 }]) });
    const text = await metrics.registry.metrics();
    expect(reads).toBe(1);
    expect(text).toMatch(/^portal_job_queue_depth\{queue="report-run"\} 3$/m);
    expect(text).toMatch(/^portal_job_queue_active\{queue="report-run"\} 1$/m);
    expect(text).toMatch(/^portal_backplane_connected 0$/m);
    expect(text).not.toContain('portal_db_pool');
    const withPool = createMetrics();
    addScrapeGauges(withPool, { ...sources(0), pool: { totalCount: 7, idleCount: 5, waitingCount: 2 } });
    const pooled = await withPool.registry.metrics();
    expect(pooled).toMatch(/^portal_db_pool_connections\{state="in_use"\} 2$/m);
    expect(pooled).toMatch(/^portal_db_pool_connections\{state="idle"\} 5$/m);
    expect(pooled).toMatch(/^portal_db_pool_waiting 2$/m);
  });

  it('shows no queue figures, rather than failing the scrape, when the queues cannot be read', async () => {
    const metrics = createMetrics();
    const errors: string[] = [];
    addScrapeGauges(metrics, {
      ...sources(0),
      jobQueues: async () => {
        throw new Error('database away');
      },
      onError: (_e, what) => void errors.push(what),
    });
    const text = await metrics.registry.metrics();
    expect(text).not.toMatch(/^portal_job_queue_depth\{/m);
    expect(errors).toEqual(['job queue sizes']);
  });
});
