import { APPLICATION } from '../../common/constants.js';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WebSocketServer } from 'ws';
import type { AlarmEvent, ReportEvent } from '../../../schemas/dealer.js';
import type { ReportProgress } from '../../../schemas/reports.js';
import type { SiteImportProgress } from '../../../schemas/siteImport.js';
import { errorSchema } from '../../../schemas/shared.js';
import { inProcessBackplane, type Backplane, type BackplaneMessage, type HubName } from './backplane.js';
import { authorizeHub, hubToken, isLiveGroup } from './hubAuth.js';
import { prepareFrame, runConnection, socketAdapter, type HubMethods } from './hubConnection.js';
import {
  closeFrame,
  HUB_TIMINGS,
  invocationFrame,
  negotiateResponse,
  newConnectionId,
  PING_FRAME,
  readConnectionToken,
  signConnectionToken,
  sweepAction,
  type HubTimings,
} from './protocol.js';
import { realtimeRepository } from './realtimeRepository.js';
import { accountGroupKey, HubRegistry, sendFrame, userKey, type HubConnection } from './registry.js';

const HUB_NAMES: readonly HubName[] = ['alarms', 'reports'];
const HUB_PATH_PREFIX = '/hubs/';

export interface RealtimeTuning extends HubTimings {
  /** How often open connections' sessions are checked (a logged-out session's connections close). */
  sessionCheckMs: number;
}

/** The live hubs as the rest of the server uses them (app.realtime). */
export interface Realtime {
  readonly backplane: Backplane['kind'];
  readonly liveAlarmGroups: readonly number[];
  /** Timings; tests shorten them. */
  readonly tuning: RealtimeTuning;
  /** `alarm` (SPEC §3 alarm event) to the alarm hub's subscribers of an account group, on every process. */
  publishAlarm(siteGroupNum: number, event: AlarmEvent): Promise<void>;
  /** `reportComplete` (SPEC §3 report event) to one user's or one account group's reports connections. */
  reportComplete(target: { userId: number } | { siteGroupNum: number }, event: ReportEvent): Promise<void>;
  /** `reportProgress` (a run's status and progress) to its owner's reports connections. */
  reportProgress(userId: number, progress: ReportProgress): Promise<void>;
  /** `importProgress` (an account import's status and counts) to its owner's reports connections. */
  importProgress(userId: number, progress: SiteImportProgress): Promise<void>;
  /** A user switched account group: their live connections follow. */
  setAccountGroup(userId: number, siteGroupNum: number | null): Promise<void>;
  /** A session ended: its live connections close. */
  endSession(sessionId: string): Promise<void>;
  /** Open connections in this process. */
  connectionCount(hub?: HubName): number;
  /** Whether messages cross to the other processes now: false while Redis is away (always true without Redis). */
  backplaneConnected(): boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    realtime: Realtime;
  }
}

const hubOfPath = (pathname: string): HubName | undefined => {
  const name = pathname.startsWith(HUB_PATH_PREFIX) ? pathname.slice(HUB_PATH_PREFIX.length) : '';
  return (HUB_NAMES as readonly string[]).includes(name) ? (name as HubName) : undefined;
};

function refuseUpgrade(socket: Duplex, status: number, text: string) {
  const body = JSON.stringify({ message: text });
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/**
 * The live hubs at /hubs/alarms and /hubs/reports: SignalR's negotiate and
 * WebSocket transport (protocol.ts), one registry of connections per hub,
 * keep-alive, and the backplane that carries every message to every process.
 */
export const realtimePlugin = fp(async (app: FastifyInstance) => {
  const config = app.config;
  const liveGroups = config.liveAlarmGroups;
  const tuning: RealtimeTuning = { ...HUB_TIMINGS, sessionCheckMs: 60_000 };
  const registries: Record<HubName, HubRegistry> = { alarms: new HubRegistry(), reports: new HubRegistry() };
  // Redis (REDIS_URL): this process's clients first, then the other processes; see backplane.ts.
  const backplane = app.redisBus ? await app.redisBus.channel(config.redisChannel) : inProcessBackplane();
  app.log.info(`live hubs: ${backplane.kind} backplane; live alarm account groups ${liveGroups.join(', ')}`);
  let closing = false;

  const groupsFor = (hub: HubName, userId: number, siteGroupNum: number | null): string[] => {
    const groups = [userKey(userId)];
    if (hub === 'alarms' ? isLiveGroup(siteGroupNum, liveGroups) : siteGroupNum !== null) groups.push(accountGroupKey(siteGroupNum!));
    return groups;
  };

  // What the backplane hands this process goes to this process's connections only.
  backplane.onMessage((message: BackplaneMessage) => {
    if (message.kind === 'send') {
      const delivered = registries[message.hub]?.sendToGroup(message.group, message.frame, prepareFrame);
      if (delivered) app.metrics.hubDelivered.inc({ hub: message.hub }, delivered);
    } else if (message.kind === 'accountGroup') {
      for (const hub of HUB_NAMES) {
        const registry = registries[hub];
        for (const connection of registry.ofUser(message.userId)) {
          for (const group of [...connection.groups]) if (group.startsWith('group:')) registry.leave(connection, group);
          for (const group of groupsFor(hub, message.userId, message.siteGroupNum)) registry.join(connection, group);
        }
      }
    } else if (message.kind === 'endSession') {
      for (const hub of HUB_NAMES) {
        for (const connection of registries[hub].ofSession(message.sessionId)) connection.socket.close(closeFrame('Session ended.'));
      }
    }
  });

  // Back after losing Redis: alarms ingested at other processes meanwhile passed this process's
  // clients by (they are not replayed late); each is told to read the recent list again (`catchUp`).
  backplane.onStatus((connected) => {
    if (!connected) return;
    const told = registries.alarms.sendToAll(invocationFrame('catchUp', []), prepareFrame);
    if (told) app.log.info(`live hubs: ${told} alarm connections asked to read the recent alarms again`);
  });

  const publish = async (message: BackplaneMessage) => {
    if (message.kind === 'send') app.metrics.hubPublished.inc({ hub: message.hub });
    if (!backplane.isConnected()) app.metrics.hubLocalOnly.inc();
    try {
      await backplane.publish(message);
    } catch (error) {
      app.log.error({ err: error }, 'live message not published');
    }
  };

  const methods: HubMethods = {
    /** The account groups this connection receives (for clients and tests). */
    currentGroups: (connection) =>
      [...connection.groups].filter((g) => g.startsWith('group:')).map((g) => Number(g.slice('group:'.length))),
  };

  const realtime: Realtime = {
    backplane: backplane.kind,
    liveAlarmGroups: liveGroups,
    tuning,
    async publishAlarm(siteGroupNum, event) {
      if (!isLiveGroup(siteGroupNum, liveGroups)) return;
      await publish({ kind: 'send', hub: 'alarms', group: accountGroupKey(siteGroupNum), frame: invocationFrame('alarm', [event]) });
    },
    async reportComplete(target, event) {
      const group = 'userId' in target ? userKey(target.userId) : accountGroupKey(target.siteGroupNum);
      await publish({ kind: 'send', hub: 'reports', group, frame: invocationFrame('reportComplete', [event]) });
    },
    async reportProgress(userId, progress) {
      await publish({ kind: 'send', hub: 'reports', group: userKey(userId), frame: invocationFrame('reportProgress', [progress]) });
    },
    async importProgress(userId, progress) {
      await publish({ kind: 'send', hub: 'reports', group: userKey(userId), frame: invocationFrame('importProgress', [progress]) });
    },
    async setAccountGroup(userId, siteGroupNum) {
      await publish({ kind: 'accountGroup', userId, siteGroupNum });
    },
    async endSession(sessionId) {
      await publish({ kind: 'endSession', sessionId });
    },
    connectionCount: (hub) => (hub ? registries[hub].size : registries.alarms.size + registries.reports.size),
    backplaneConnected: () => backplane.isConnected(),
  };
  app.decorate('realtime', realtime);

  // Negotiate (POST /hubs/{hub}/negotiate?negotiateVersion=1): the bearer token in the Authorization header.
  for (const hub of HUB_NAMES) {
    app.post(
      `${HUB_PATH_PREFIX}${hub}/negotiate`,
      {
        schema: {
          hide: true,
          querystring: { type: 'object', properties: { negotiateVersion: { type: 'integer', minimum: 0 } } },
          response: { 401: errorSchema, 403: errorSchema },
        },
      },
      async (request, reply) => {
        const query = new URLSearchParams(request.url.split('?')[1] ?? '');
        const access = await authorizeHub(
          app,
          hub,
          hubToken(new URLSearchParams(), request.headers.authorization) ?? query.get('access_token') ?? undefined,
          liveGroups,
        );
        if (!access.ok) return reply.status(access.status).send({ message: request.t(access.messageKey) });
        const connectionId = newConnectionId();
        const token = signConnectionToken(app.secrets.sessionSecret, {
          connectionId,
          hub,
          sessionId: access.session.session_id,
          expires: Date.now() + HUB_TIMINGS.connectionTokenMs,
        });
        const version = (request.query as { negotiateVersion?: number }).negotiateVersion ?? 0;
        return reply.header('Cache-Control', 'no-store').send(negotiateResponse(connectionId, token, version));
      },
    );
  }

  // The WebSocket upgrade: the token again (access_token query or Authorization header), and the connection token.
  const wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024, perMessageDeflate: false, clientTracking: true });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const hub = hubOfPath(url.pathname);
    if (!hub) {
      if (url.pathname.startsWith(HUB_PATH_PREFIX) || app.server.listenerCount('upgrade') === 1) refuseUpgrade(socket, 404, 'Not Found');
      return;
    }
    socket.on('error', () => socket.destroy());
    if (closing) return refuseUpgrade(socket, 503, 'Service Unavailable');
    void (async () => {
      const access = await authorizeHub(app, hub, hubToken(url.searchParams, request.headers.authorization), liveGroups);
      if (!access.ok) return refuseUpgrade(socket, access.status, access.status === 401 ? 'Unauthorized' : 'Forbidden');
      let connectionId = newConnectionId();
      const id = url.searchParams.get('id');
      if (id) {
        const ticket = readConnectionToken(app.secrets.sessionSecret, id);
        if (!ticket || ticket.hub !== hub || ticket.sessionId !== access.session.session_id) {
          return refuseUpgrade(socket, 404, 'Not Found');
        }
        connectionId = ticket.connectionId;
      }
      if (closing) return refuseUpgrade(socket, 503, 'Service Unavailable');
      wss.handleUpgrade(request, socket, head, (ws) => {
        const now = Date.now();
        const connection: HubConnection = {
          id: connectionId,
          userId: access.user.user_id,
          sessionId: access.session.session_id,
          socket: socketAdapter(ws),
          // A customer's current group is their active account's dealer: never a group to hear.
          groups: new Set(
            groupsFor(
              hub,
              access.user.user_id,
              access.user.application_num === APPLICATION.customer ? null : access.user.current_site_group_num,
            ),
          ),
          lastReceivedAt: now,
          lastSentAt: now,
        };
        runConnection(ws, connection, registries[hub], { handshakeTimeoutMs: tuning.handshakeTimeoutMs, methods });
      });
    })().catch((error) => {
      app.log.error({ err: error }, 'hub upgrade failed');
      refuseUpgrade(socket, 500, 'Internal Server Error');
    });
  };
  app.server.on('upgrade', onUpgrade);

  // Keep-alive: a ping when nothing was sent for 15 s; a client silent for 30 s is dropped.
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const hub of HUB_NAMES) {
      for (const connection of registries[hub].all()) {
        const action = sweepAction(connection, now, tuning);
        if (action === 'drop') connection.socket.close(closeFrame('Server timeout elapsed without receiving a message from the client.'));
        else if (action === 'ping') sendFrame(connection, PING_FRAME, now);
      }
    }
  }, 1000);
  sweep.unref();

  // Sessions that ended (logout, expiry, refresh reuse) lose their live connections.
  let lastSessionCheck = Date.now();
  const sessionCheck = setInterval(() => {
    if (Date.now() - lastSessionCheck < tuning.sessionCheckMs) return;
    lastSessionCheck = Date.now();
    void closeEndedSessions().catch((error) => app.log.warn({ err: error }, 'hub session check failed'));
  }, 1000);
  sessionCheck.unref();
  async function closeEndedSessions() {
    const connections = HUB_NAMES.flatMap((hub) => [...registries[hub].all()]);
    const open = await realtimeRepository(app.db).openSessionIds(connections.map((c) => c.sessionId));
    for (const connection of connections) if (!open.has(connection.sessionId)) connection.socket.close(closeFrame('Session ended.'));
  }

  // Graceful shutdown: before the server stops, every client is told to reconnect (to another process, or later).
  app.addHook('preClose', async () => {
    closing = true;
    clearInterval(sweep);
    clearInterval(sessionCheck);
    app.server.off('upgrade', onUpgrade);
    for (const hub of HUB_NAMES) {
      for (const connection of registries[hub].all()) connection.socket.close(closeFrame('Server is shutting down.', true));
    }
    for (const ws of wss.clients) ws.close(1000);
    // The clients answer the close at once; whoever does not is cut off after a second.
    const deadline = Date.now() + 1000;
    while (wss.clients.size && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    for (const ws of wss.clients) ws.terminate();
  });
  app.addHook('onClose', async () => {
    wss.close();
    await backplane.close();
  });
});
