import { HttpTransportType, HubConnectionBuilder, HubConnectionState, LogLevel, type HubConnection } from '@microsoft/signalr';
import type { AlarmEvent, ReportEvent } from '../../../schemas/dealer.js';
import type { ReportProgress } from '../../../schemas/reports.js';
import type { SiteImportProgress } from '../../../schemas/siteImport.js';
import { getSession } from '../providers/session.js';
import { refreshToken } from '../providers/transport.js';
import { automaticReconnectDelay, mayReconnect, wantsAlarmHub } from './liveRules.js';

/**
 * The live connections of the shell (SPEC §4 'Shell and live behaviour'): the alarm hub only
 * while the user's current account group is a live one (9993), the reports hub always; both
 * stop when the user is idle and start again on the next movement, at most 4 manual attempts
 * (a successful start resets the count).
 */
export interface LiveHandlers {
  alarm: (event: AlarmEvent) => void;
  reportComplete: (event: ReportEvent) => void;
  /** A run's status and progress, to its owner; optional for callers that do not show runs. */
  reportProgress?: (progress: ReportProgress) => void;
  /** An account import's status and counts, to its owner (the import page). */
  importProgress?: (progress: SiteImportProgress) => void;
  /**
   * The alarm hub is connected: after a start, and after an automatic reconnect (the process
   * holding the connection went away); the shell reads the alarms it may have missed.
   */
  alarmsConnected?: () => void;
  /** The alarm hub's connection broke (an automatic reconnect begins, or it gave up) or was stopped. */
  alarmsInterrupted?: () => void;
  /**
   * The server says alarms may have passed this connection by (its process lost Redis for a while,
   * so alarms ingested at other processes did not reach it): the shell reads the recent list again.
   */
  alarmsResync?: () => void;
}

export type HubName = 'alarms' | 'reports';

/** The bearer for negotiate and the upgrade; refreshed first when it has expired (§7). */
async function bearer(): Promise<string> {
  const token = getSession().token;
  if (token && Date.parse(token.expires) > Date.now() + 5000) return token.token;
  const fresh = await refreshToken();
  return fresh?.token ?? '';
}

function build(hub: HubName): HubConnection {
  return new HubConnectionBuilder()
    .withUrl(`/hubs/${hub}`, { accessTokenFactory: bearer, transport: HttpTransportType.WebSockets })
    .withAutomaticReconnect({ nextRetryDelayInMilliseconds: (context) => automaticReconnectDelay(context.previousRetryCount) })
    .configureLogging(LogLevel.None)
    .build();
}

export class LiveConnections {
  private connections = new Map<HubName, HubConnection>();
  private attempts = 0;
  private stopped = true;
  private liveGroups: readonly number[] | undefined;

  constructor(private readonly handlers: LiveHandlers) {}

  /** The hubs the user should have now. */
  wanted(): HubName[] {
    const hubs: HubName[] = [];
    if (wantsAlarmHub(getSession().siteGroupNum, this.liveGroups)) hubs.push('alarms');
    hubs.push('reports');
    return hubs;
  }

  setLiveGroups(groups: readonly number[] | undefined): void {
    this.liveGroups = groups;
  }

  get running(): boolean {
    return !this.stopped;
  }

  /** Starts (or re-syncs) the wanted hubs; false when a start failed. */
  async start(): Promise<boolean> {
    this.stopped = false;
    const wanted = this.wanted();
    for (const [hub, connection] of this.connections) {
      if (!wanted.includes(hub)) {
        this.connections.delete(hub);
        await connection.stop().catch(() => undefined);
      }
    }
    let ok = true;
    for (const hub of wanted) {
      if (this.stopped) break;
      let connection = this.connections.get(hub);
      if (!connection) {
        connection = build(hub);
        if (hub === 'alarms') {
          connection.on('alarm', (event: AlarmEvent) => {
            this.handlers.alarm(event);
          });
          connection.on('catchUp', () => this.handlers.alarmsResync?.());
          connection.onreconnecting(() => this.handlers.alarmsInterrupted?.());
          connection.onreconnected(() => this.handlers.alarmsConnected?.());
          connection.onclose(() => this.handlers.alarmsInterrupted?.());
        } else {
          connection.on('reportComplete', (event: ReportEvent) => {
            this.handlers.reportComplete(event);
          });
          connection.on('reportProgress', (progress: ReportProgress) => {
            this.handlers.reportProgress?.(progress);
          });
          connection.on('importProgress', (progress: SiteImportProgress) => {
            this.handlers.importProgress?.(progress);
          });
        }
        this.connections.set(hub, connection);
      }
      if (connection.state !== HubConnectionState.Disconnected) continue;
      try {
        await connection.start();
        // Stopped (idle, unmounted) or replaced while it was starting: do not leave it open.
        if (this.stopped || this.connections.get(hub) !== connection) await connection.stop();
        else if (hub === 'alarms') this.handlers.alarmsConnected?.();
      } catch {
        ok = false;
      }
    }
    if (ok) this.attempts = 0;
    return ok;
  }

  /** Idle: both hubs stop. */
  async stop(): Promise<void> {
    this.stopped = true;
    const all = [...this.connections.values()];
    this.connections.clear();
    await Promise.all(all.map((c) => c.stop().catch(() => undefined)));
  }

  /** The user moved after being idle (or after a failed start): one manual attempt, at most 4 in a row. */
  async reconnect(): Promise<boolean> {
    if (!mayReconnect(this.attempts)) return false;
    this.attempts += 1;
    return this.start();
  }
}
