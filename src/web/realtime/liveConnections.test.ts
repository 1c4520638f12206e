import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A stand-in for @microsoft/signalr's HubConnection: records starts and stops, fails on demand. */
const created: FakeConnection[] = [];
let failStarts = false;
class FakeConnection {
  state = 'Disconnected';
  starts = 0;
  handlers = new Map<string, (arg: unknown) => void>();
  reconnected: (() => void) | undefined;
  reconnecting: (() => void) | undefined;
  closed: (() => void) | undefined;
  constructor(readonly url: string) {}
  onreconnected(callback: () => void) {
    this.reconnected = callback;
  }
  onreconnecting(callback: () => void) {
    this.reconnecting = callback;
  }
  onclose(callback: () => void) {
    this.closed = callback;
  }
  on(name: string, handler: (arg: unknown) => void) {
    this.handlers.set(name, handler);
  }
  async start() {
    this.starts += 1;
    if (failStarts) throw new Error('refused');
    this.state = 'Connected';
  }
  async stop() {
    const was = this.state;
    this.state = 'Disconnected';
    if (was !== 'Disconnected') this.closed?.();
  }
}

vi.mock('@microsoft/signalr', () => {
  class HubConnectionBuilder {
    private url = '';
    withUrl(url: string) {
      this.url = url;
      return this;
    }
    withAutomaticReconnect() {
      return this;
    }
    configureLogging() {
      return this;
    }
    build() {
      const connection = new FakeConnection(this.url);
      created.push(connection);
      return connection;
    }
  }
  return {
    HubConnectionBuilder,
    HubConnectionState: { Disconnected: 'Disconnected', Connected: 'Connected' },
    HttpTransportType: { WebSockets: 1 },
    LogLevel: { None: 6 },
  };
});

const { LiveConnections } = await import('./liveConnections.js');
const { resetSession, updateSession } = await import('../providers/session.js');

describe('live connections (SPEC §4)', () => {
  beforeEach(() => {
    created.length = 0;
    failStarts = false;
    resetSession();
  });

  it('the alarm hub only for account group 9993; the reports hub always', async () => {
    updateSession({ siteGroupNum: 9993 });
    const live = new LiveConnections({ alarm: () => undefined, reportComplete: () => undefined });
    await live.start();
    expect(created.map((c) => c.url)).toEqual(['/hubs/alarms', '/hubs/reports']);
    updateSession({ siteGroupNum: 4120 });
    await live.start();
    expect(created.find((c) => c.url === '/hubs/alarms')!.state).toBe('Disconnected');
    expect(live.wanted()).toEqual(['reports']);
  });

  it('pushes alarm and reportComplete to the handlers', async () => {
    updateSession({ siteGroupNum: 9993 });
    const alarm = vi.fn();
    const reportComplete = vi.fn();
    await new LiveConnections({ alarm, reportComplete }).start();
    created[0].handlers.get('alarm')!({ alarmNum: 1 });
    created[1].handlers.get('reportComplete')!({ reportName: 'r', success: true });
    expect(alarm).toHaveBeenCalledWith({ alarmNum: 1 });
    expect(reportComplete).toHaveBeenCalledWith({ reportName: 'r', success: true });
  });

  it("pushes the reports hub's reportProgress to its handler, and returns nothing to the hub", async () => {
    updateSession({ siteGroupNum: 4120 });
    const reportProgress = vi.fn(() => 'ignored');
    await new LiveConnections({ alarm: () => undefined, reportComplete: () => undefined, reportProgress }).start();
    const reports = created.find((c) => c.url === '/hubs/reports')!;
    const returned = reports.handlers.get('reportProgress')!({ runId: 7, status: 'running', progress: 40 });
    expect(reportProgress).toHaveBeenCalledWith({ runId: 7, status: 'running', progress: 40 });
    expect(returned).toBeUndefined();
  });

  it('tells the shell each time the alarm hub is connected: after a start and after an automatic reconnect', async () => {
    updateSession({ siteGroupNum: 9993 });
    const alarmsConnected = vi.fn();
    const alarmsInterrupted = vi.fn();
    const live = new LiveConnections({ alarm: () => undefined, reportComplete: () => undefined, alarmsConnected, alarmsInterrupted });
    await live.start();
    expect(alarmsConnected).toHaveBeenCalledTimes(1);
    // Started again while connected (a group change): no new connection, no call.
    await live.start();
    expect(alarmsConnected).toHaveBeenCalledTimes(1);
    // The process holding the connection went away and the client reconnected to another.
    const alarms = created.find((c) => c.url === '/hubs/alarms')!;
    alarms.reconnecting!();
    expect(alarmsInterrupted).toHaveBeenCalledTimes(1);
    alarms.reconnected!();
    expect(alarmsConnected).toHaveBeenCalledTimes(2);
    // The reports hub's breaks are not the alarm hub's.
    const reports = created.find((c) => c.url === '/hubs/reports')!;
    expect([reports.reconnected, reports.reconnecting, reports.closed]).toEqual([undefined, undefined, undefined]);
    // Idle (the connection closes), then back: a new connection, a new call.
    await live.stop();
    expect(alarmsInterrupted).toHaveBeenCalledTimes(2);
    await live.reconnect();
    expect(alarmsConnected).toHaveBeenCalledTimes(3);
  });

  it('does not call it when the start failed', async () => {
    updateSession({ siteGroupNum: 9993 });
    const alarmsConnected = vi.fn();
    failStarts = true;
    await new LiveConnections({ alarm: () => undefined, reportComplete: () => undefined, alarmsConnected }).start();
    expect(alarmsConnected).not.toHaveBeenCalled();
  });

  it('stop closes both; reconnect tries at most 4 times in a row, a success resets the count', async () => {
    updateSession({ siteGroupNum: 9993 });
    const live = new LiveConnections({ alarm: () => undefined, reportComplete: () => undefined });
    await live.start();
    await live.stop();
    expect(created.every((c) => c.state === 'Disconnected')).toBe(true);
    failStarts = true;
    const results = [];
    for (let i = 0; i < 6; i += 1) results.push(await live.reconnect());
    expect(results).toEqual([false, false, false, false, false, false]);
    // Four attempts reached the hubs, the fifth and sixth did not.
    const attempts = created.filter((c) => c.url === '/hubs/reports').reduce((n, c) => n + c.starts, 0);
    expect(attempts).toBe(1 + 4);
  });

  it('a successful reconnect resets the attempts', async () => {
    updateSession({ siteGroupNum: 4120 });
    const live = new LiveConnections({ alarm: () => undefined, reportComplete: () => undefined });
    failStarts = true;
    expect(await live.reconnect()).toBe(false);
    expect(await live.reconnect()).toBe(false);
    expect(await live.reconnect()).toBe(false);
    failStarts = false;
    expect(await live.reconnect()).toBe(true);
    // Idle again: four fresh attempts.
    await live.stop();
    failStarts = true;
    for (let i = 0; i < 4; i += 1) expect(await live.reconnect()).toBe(false);
    const before = created.reduce((n, c) => n + c.starts, 0);
    expect(await live.reconnect()).toBe(false);
    expect(created.reduce((n, c) => n + c.starts, 0)).toBe(before);
  });
});

describe('a stop while starting', () => {
  it('leaves no connection open', async () => {
    created.length = 0;
    failStarts = false;
    resetSession();
    updateSession({ siteGroupNum: 9993 });
    const live = new LiveConnections({ alarm: () => undefined, reportComplete: () => undefined });
    const starting = live.start();
    await live.stop();
    await starting;
    expect(created.length).toBeGreaterThan(0);
    expect(created.every((c) => c.state === 'Disconnected')).toBe(true);
  });
});
