import { beforeAll, describe, expect, it } from 'vitest';
import type { AlarmEvent } from '../../schemas/dealer.js';
import { json } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';
import { alarmFor, ingest, signIn, transmitterIn } from './realtimeHelpers.js';

/**
 * GET /api/alarms/recent: the recent-alarms list the web app reads when its alarm connection
 * starts, and with `after` when it comes back after a break (a killed process), so alarms
 * ingested during the break are shown.
 */
describe.each(TEST_DATABASES)('recent alarms on $name', (database) => {
  const { t } = demoSuite(database);
  let xmit9993: string;
  let xmit4120: string;

  beforeAll(async () => {
    xmit9993 = await transmitterIn(t.db, 9993);
    xmit4120 = await transmitterIn(t.db, 4120);
  });

  it('lists the live group’s alarms newest first; after= gives only the later ones', async () => {
    const beta = await signIn(t.origin, 'dealer.beta');
    const tag = Date.now().toString(36);
    expect((await ingest(t.origin, [alarmFor(xmit9993, `first ${tag}`)])).status).toBe(202);
    expect((await ingest(t.origin, [alarmFor(xmit9993, `second ${tag}`), alarmFor(xmit9993, `third ${tag}`)])).status).toBe(202);
    // Another group's alarm is not in 9993's list.
    expect((await ingest(t.origin, [alarmFor(xmit4120, `other ${tag}`)])).status).toBe(202);

    const all = await json(await beta.request('GET', '/api/alarms/recent'));
    expect(all.status).toBe(200);
    const list = all.body as AlarmEvent[];
    expect(list.length).toBeLessThanOrEqual(20);
    const ours = list.filter((a) => a.eventCodeDescription.endsWith(tag));
    expect(ours.map((a) => a.eventCodeDescription)).toEqual([`third ${tag}`, `second ${tag}`, `first ${tag}`]);
    expect(ours[0]).toMatchObject({ transmitterCode: xmit9993, siteName: expect.any(String), siteNum: expect.any(Number) });
    expect(new Date(ours[0].alarmDate).toISOString()).toBe(ours[0].alarmDate);
    expect(list.map((a) => a.alarmNum)).toEqual([...list.map((a) => a.alarmNum)].sort((a, b) => b - a));

    const first = ours[2].alarmNum;
    const later = await json(await beta.request('GET', `/api/alarms/recent?after=${first}`));
    expect(later.status).toBe(200);
    expect((later.body as AlarmEvent[]).map((a) => a.eventCodeDescription)).toEqual([`third ${tag}`, `second ${tag}`]);
    expect(await json(await beta.request('GET', `/api/alarms/recent?after=${ours[0].alarmNum}`))).toMatchObject({ status: 200, body: [] });
  });

  it('leaves out alarms a test covered and account changes, as the hub does', async () => {
    const beta = await signIn(t.origin, 'dealer.beta');
    const newest = ((await json(await beta.request('GET', '/api/alarms/recent'))).body as AlarmEvent[])[0]?.alarmNum ?? 0;
    const device = await t.db
      .selectFrom('devices')
      .innerJoin('sites', 'sites.site_num', 'devices.site_num')
      .select(['devices.dev_num', 'devices.site_num'])
      .where('devices.transmitter_code', '=', xmit9993)
      .executeTakeFirstOrThrow();
    const row = {
      site_num: device.site_num,
      dev_num: device.dev_num,
      site_group_num: 9993,
      transmitter_code: xmit9993,
      alarm_date: new Date(),
    };
    await t.db
      .insertInto('alarm_events')
      .values([
        { ...row, event_code: 'E130', event_code_description: 'Burglary on test', on_test: true },
        { ...row, event_code: 'CHANGE', event_code_description: 'Call list changed' },
      ])
      .execute();
    expect(await json(await beta.request('GET', `/api/alarms/recent?after=${newest}`))).toMatchObject({ status: 200, body: [] });
  });

  it('is empty for a group without live alarms; refused to customers and without a session; after= must be a number', async () => {
    const beta = await signIn(t.origin, 'dealer.beta');
    expect((await beta.request('PUT', '/api/user/accountGroup', { siteGroupNum: 4120 })).status).toBe(200);
    expect(await json(await beta.request('GET', '/api/alarms/recent'))).toMatchObject({ status: 200, body: [] });
    expect((await beta.request('PUT', '/api/user/accountGroup', { siteGroupNum: 9993 })).status).toBe(200);
    expect((await beta.request('GET', '/api/alarms/recent?after=abc')).status).toBe(400);

    const customer = await new (await import('./client.js')).TestClient(t.origin).init();
    await customer.loginMsa('customer@example.com');
    expect((await customer.request('GET', '/api/alarms/recent')).status).toBe(403);
    expect((await fetch(`${t.origin}/api/alarms/recent`)).status).toBe(401);
  });
});
