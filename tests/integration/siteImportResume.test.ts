import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { json, signedInClient } from './client.js';
import { listen, openTestDatabase, TEST_DATABASES } from './harness.js';

/**
 * An import survives its server: a batch whose worker died (its heartbeat stale, a row's
 * transaction never committed) is taken over by the next process on the same database, which
 * goes on from the first row without an account; no row is created twice and none is lost.
 */
describe.each(TEST_DATABASES)('account import resume on $name', (database) => {
  it('goes on after a crash without creating a row twice', async () => {
    const base = await openTestDatabase(database, { DEMO: 'true' }, { fromSnapshot: true });
    const first = await buildApp(base.config, { database: base.handle, logger: false });
    const origin = await listen({ app: first, db: base.handle.db, close: async () => undefined });
    const beta = await signedInClient(origin, 'dealer.beta');
    const header = 'siteName,country,addressLine1,city,state,postalCode,device1TransmitterCode,contact1Name,contact1Phone';
    const stamp = Date.now().toString(36).toUpperCase().slice(-4);
    const lines = Array.from(
      { length: 30 },
      (_, i) => `Resume ${i},US,1 Main St,Evanston,IL,60201,RS${stamp}${String(i).padStart(3, '0')},Ada,312-555-0143`,
    );
    const uploaded = await json(
      await beta.requestForm('POST', '/api/siteImports', {}, [{ name: 'a.csv', content: Buffer.from([header, ...lines].join('\n')) }]),
    );
    const id = uploaded.body.id;
    await beta.request('PUT', `/api/siteImports/${id}/mapping`, { mapping: uploaded.body.mapping });
    // The batch as a killed worker leaves it: running, held by a worker that stopped beating an hour ago.
    await first.close();
    const db = base.handle.db;
    const again = await buildApp(base.config, { database: base.handle, logger: false });
    await db
      .updateTable('site_imports')
      .set({ status: 'running', started_at: new Date(), worker_id: 'dead-worker', heartbeat_at: new Date(Date.now() - 3_600_000) })
      .where('import_id', '=', id)
      .execute();
    await again.ready();
    try {
      let status = '';
      for (let i = 0; i < 600 && status !== 'done'; i++) {
        status = (await db.selectFrom('site_imports').select('status').where('import_id', '=', id).executeTakeFirstOrThrow()).status;
        if (status !== 'done') await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(status).toBe('done');
      const rows = await db.selectFrom('site_import_rows').select(['status', 'site_num']).where('import_id', '=', id).execute();
      expect(rows.filter((r) => r.status === 'created' && r.site_num !== null)).toHaveLength(30);
      const devices = await db
        .selectFrom('devices')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('transmitter_code', 'like', `RS${stamp}%`)
        .executeTakeFirstOrThrow();
      expect(Number(devices.n)).toBe(30);
      const sites = await db
        .selectFrom('sites')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('site_name', 'like', 'Resume %')
        .executeTakeFirstOrThrow();
      expect(Number(sites.n)).toBe(30);
    } finally {
      await again.close();
      await base.close();
    }
  });
});
