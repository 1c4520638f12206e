import { HubConnectionState } from '@microsoft/signalr';
import { beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { ReportEvent } from '../../schemas/dealer.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';
import { alarmFor, alarmListener, hubClient, ingest, signIn, sleep, transmitterIn, waitFor } from './realtimeHelpers.js';

const RS = '\u001e';

/** A raw WebSocket upgrade: the status the server answered, or 101. */
function upgradeStatus(url: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, undefined, { headers });
    ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
    ws.on('open', () => {
      ws.close();
      resolve(101);
    });
    ws.on('error', (error) => reject(error));
  });
}

describe.each(TEST_DATABASES)('live hubs (SignalR protocol) on $name', (database) => {
  const { t } = demoSuite(database, {}, { LIVE_ALARM_GROUPS: '9993,4120' });
  let xmit9993: string;
  let xmit4120: string;

  beforeAll(async () => {
    // 4120 is live too here, so that a dealer of another live group can listen.
    xmit9993 = await transmitterIn(t.db, 9993);
    xmit4120 = await transmitterIn(t.db, 4120);
  });

  it('connects the official client with a token and joins the current account group', async () => {
    const beta = await signIn(t.origin, 'dealer.beta');
    const { connection } = await alarmListener(t.origin, beta.bearer!);
    expect(connection.state).toBe(HubConnectionState.Connected);
    expect(connection.connectionId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(await connection.invoke('currentGroups')).toEqual([9993]);
    await expect(connection.invoke('noSuchMethod')).rejects.toThrow(/Unknown hub method/);
    await connection.stop();
  });

  it('refuses without a token (negotiate 401), with a forged one, and at an upgrade without one', async () => {
    const negotiate = await fetch(`${t.origin}/hubs/alarms/negotiate?negotiateVersion=1`, { method: 'POST' });
    expect(negotiate.status).toBe(401);
    const forged = await fetch(`${t.origin}/hubs/alarms/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: 'Bearer abc.def.ghi' },
    });
    expect(forged.status).toBe(401);
    await expect(hubClient(t.origin, 'alarms', () => '').start()).rejects.toThrow(/401/);

    const beta = await signIn(t.origin, 'dealer.beta');
    const answer = await fetch(`${t.origin}/hubs/alarms/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${beta.bearer}` },
    });
    const body = await answer.json();
    expect(body).toMatchObject({ negotiateVersion: 1, availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }] });
    const ws = t.origin.replace(/^http/, 'ws');
    // The token is checked again at the upgrade: the connection token alone is not enough.
    expect(await upgradeStatus(`${ws}/hubs/alarms?id=${body.connectionToken}`)).toBe(401);
    expect(await upgradeStatus(`${ws}/hubs/alarms?id=${body.connectionToken}&access_token=${encodeURIComponent(beta.bearer!)}`)).toBe(101);
    // Another session's connection token, or a token for the other hub, is refused.
    const other = await signIn(t.origin, 'dealer.beta');
    expect(await upgradeStatus(`${ws}/hubs/alarms?id=${body.connectionToken}&access_token=${encodeURIComponent(other.bearer!)}`)).toBe(404);
    expect(await upgradeStatus(`${ws}/hubs/reports?id=${body.connectionToken}&access_token=${encodeURIComponent(beta.bearer!)}`)).toBe(404);
    // A session that ended cannot connect.
    await beta.request('POST', '/api/logout');
    expect(await upgradeStatus(`${ws}/hubs/alarms?access_token=${encodeURIComponent(beta.bearer!)}`)).toBe(401);
  });

  it('serves the alarm hub only to live account groups; the reports hub to every signed-in user', async () => {
    const customer = await new (await import('./client.js')).TestClient(t.origin).init();
    await customer.loginMsa('customer@example.com');
    const alarms = await fetch(`${t.origin}/hubs/alarms/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${customer.bearer}` },
    });
    expect(alarms.status).toBe(403);
    // Switching to an account makes its dealer (9993, a live group) the customer's current group:
    // still no live alarms for a customer, they are the dealer's staff's.
    expect((await customer.request('PUT', '/api/msa/accountLinks/active', { siteNum: 100001 })).status).toBe(200);
    const afterSwitch = await fetch(`${t.origin}/hubs/alarms/negotiate?negotiateVersion=1`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${customer.bearer}` },
    });
    expect(afterSwitch.status).toBe(403);
    const reports = hubClient(t.origin, 'reports', () => customer.bearer!);
    await reports.start();
    await reports.stop();
  });

  it('pushes an ingested alarm to its account group and to no other', async () => {
    const beta = await alarmListener(t.origin, (await signIn(t.origin, 'dealer.beta')).bearer!);
    const classic = await alarmListener(t.origin, (await signIn(t.origin, 'dealer.classic')).bearer!);
    const response = await ingest(t.origin, [alarmFor(xmit9993.toLowerCase(), 'Fire Alarm')]);
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ accepted: 1 });
    await waitFor(() => beta.alarms.length === 1, 5000, 'the alarm');
    const stored = await t.db.selectFrom('alarm_events').selectAll().orderBy('alarm_num', 'desc').executeTakeFirstOrThrow();
    expect(beta.alarms[0]).toEqual({
      alarmNum: stored.alarm_num,
      siteNum: stored.site_num,
      devNum: stored.dev_num,
      siteName: expect.any(String),
      transmitterCode: xmit9993,
      alarmDate: stored.alarm_date.toISOString(),
      eventCodeDescription: 'Fire Alarm',
    });
    expect(beta.alarms[0].alarmDate).toMatch(/Z$/);
    await ingest(t.origin, [alarmFor(xmit4120)]);
    await waitFor(() => classic.alarms.length === 1, 5000, 'the 4120 alarm');
    await sleep(200);
    expect(classic.alarms.map((a) => a.transmitterCode)).toEqual([xmit4120]);
    expect(beta.alarms).toHaveLength(1);
    await Promise.all([beta.connection.stop(), classic.connection.stop()]);
  });

  it('refuses ingest without the key or with a bad batch, storing nothing', async () => {
    const before = await t.db
      .selectFrom('alarm_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect((await ingest(t.origin, [alarmFor(xmit9993)], 'wrong-key-wrong-key')).status).toBe(401);
    const noKey = await fetch(`${t.origin}/api/integrations/alarms`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"alarms":[]}',
    });
    expect(noKey.status).toBe(401);
    // A user's bearer token is not the integration key.
    const beta = await signIn(t.origin, 'dealer.beta');
    expect((await ingest(t.origin, [alarmFor(xmit9993)], beta.bearer!)).status).toBe(401);
    const invalid = await ingest(t.origin, [{ transmitterCode: xmit9993 }]);
    expect(invalid.status).toBe(400);
    expect((await invalid.json()).errors).toHaveProperty(['alarms.0.eventCode']);
    const unknown = await ingest(t.origin, [alarmFor(xmit9993), alarmFor('ZZ99999')]);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({
      message: 'The form is not valid. Please check for errors',
      errors: { 'alarms.1.transmitterCode': 'No account has this transmitter code' },
    });
    const after = await t.db
      .selectFrom('alarm_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('moves the live connection with an account-group switch', async () => {
    const client = await signIn(t.origin, 'dealer.beta');
    const beta = await alarmListener(t.origin, client.bearer!);
    expect((await client.request('PUT', '/api/user/accountGroup', { siteGroupNum: 4120 })).status).toBe(200);
    await waitFor(() => true);
    expect(await beta.connection.invoke('currentGroups')).toEqual([4120]);
    await ingest(t.origin, [alarmFor(xmit9993)]);
    await ingest(t.origin, [alarmFor(xmit4120)]);
    await waitFor(() => beta.alarms.length >= 1, 5000, 'the 4120 alarm');
    await sleep(200);
    expect(beta.alarms.map((a) => a.transmitterCode)).toEqual([xmit4120]);
    expect((await client.request('PUT', '/api/user/accountGroup', { siteGroupNum: 9993 })).status).toBe(200);
    expect(await beta.connection.invoke('currentGroups')).toEqual([9993]);
    await beta.connection.stop();
  });

  it('pushes reportComplete to a user on the reports hub', async () => {
    const client = await signIn(t.origin, 'dealer.beta');
    const reports = hubClient(t.origin, 'reports', () => client.bearer!);
    const received: ReportEvent[] = [];
    reports.on('reportComplete', (event: ReportEvent) => {
      received.push(event);
    });
    await reports.start();
    const me = await (await client.request('GET', '/api/me')).json();
    await t.app.realtime.reportComplete({ userId: me.appUserNum }, { reportName: 'Alarm History', success: true });
    await t.app.realtime.reportComplete({ siteGroupNum: 4120 }, { reportName: 'Not mine', success: false });
    await waitFor(() => received.length === 1, 5000, 'the report event');
    await sleep(200);
    expect(received).toEqual([{ reportName: 'Alarm History', success: true }]);
    await reports.stop();
  });

  it('pings silent clients and drops those that stay silent; closes the connections of an ended session', async () => {
    const tuning = t.app.realtime.tuning as { keepAliveMs: number; clientTimeoutMs: number; sessionCheckMs: number };
    const saved = { ...tuning };
    Object.assign(tuning, { keepAliveMs: 300, clientTimeoutMs: 1500, sessionCheckMs: 300 });
    try {
      const client = await signIn(t.origin, 'dealer.beta');
      const ws = new WebSocket(`${t.origin.replace(/^http/, 'ws')}/hubs/alarms?access_token=${encodeURIComponent(client.bearer!)}`);
      const frames: string[] = [];
      ws.on('message', (data) => frames.push(String(data)));
      const closed = new Promise<number>((resolve) => ws.on('close', () => resolve(Date.now())));
      await new Promise((resolve) => ws.on('open', () => resolve(null)));
      const opened = Date.now();
      ws.send(`{"protocol":"json","version":1}${RS}`);
      const closedAt = await closed;
      expect(frames[0]).toBe(`{}${RS}`);
      expect(frames).toContain(`{"type":6}${RS}`);
      expect(frames.at(-1)).toMatch(/"type":7/);
      expect(closedAt - opened).toBeGreaterThanOrEqual(1400);

      // Logging out ends the session; its live connection closes (no reconnect).
      const live = await alarmListener(t.origin, client.bearer!);
      let closeError: Error | undefined;
      const gone = new Promise((resolve) => live.connection.onclose((error) => resolve((closeError = error))));
      await client.request('POST', '/api/logout');
      await gone;
      expect(closeError?.message).toMatch(/Session ended/);
    } finally {
      Object.assign(tuning, saved);
    }
  });
});
