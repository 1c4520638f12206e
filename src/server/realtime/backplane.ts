import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { redact } from '../config.js';

/**
 * How hub messages reach every server process. Every message a process sends
 * goes through the backplane, and every process delivers what the backplane
 * hands it to its own connections only: so with N processes each subscriber
 * gets each message exactly once, whichever process it is connected to.
 * In-process: delivered at once, locally. Redis: delivered at once locally
 * too, and through one pub/sub channel to the other processes (the design of
 * ASP.NET SignalR's Redis backplane); see redisBus.
 */
export interface Backplane {
  readonly kind: 'in-process' | 'redis';
  publish(message: BackplaneMessage): Promise<void>;
  onMessage(handler: (message: BackplaneMessage) => void): void;
  close(): Promise<void>;
  /**
   * Whether messages published now reach every process and this process hears theirs (Redis:
   * both connections ready and the channels subscribed). Caches that rely on invalidations stop serving while it is false.
   */
  isConnected(): boolean;
  /** Called when the connection state changes (lost, or back: messages may have been missed meanwhile). */
  onStatus(handler: (connected: boolean) => void): void;
}

export type HubName = 'alarms' | 'reports';

export type BackplaneMessage =
  /** An encoded frame for the members of a group of one hub. */
  | { kind: 'send'; hub: HubName; group: string; frame: string }
  /** A user's account group changed: their connections move to the new group. */
  | { kind: 'accountGroup'; userId: number; siteGroupNum: number | null }
  /** A session ended: its connections are closed. */
  | { kind: 'endSession'; sessionId: string }
  /** Sessions or users changed (sign-out, session end, user or access change): cached sign-ins are dropped (auth/sessionCache.ts). */
  | { kind: 'authChanged' }
  /** A process queued webhook deliveries: the other processes' running senders of these subscriptions read them (webhooksJobs.ts). */
  | { kind: 'webhookDeliveries'; origin: string; subscriptionIds: number[] };

export function inProcessBackplane(): Backplane {
  const handlers: ((message: BackplaneMessage) => void)[] = [];
  return {
    kind: 'in-process',
    async publish(message) {
      for (const handler of handlers) handler(message);
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    async close() {
      handlers.length = 0;
    },
    isConnected: () => true,
    onStatus() {},
  };
}

/** Where the Redis bus reports the one warning of a lost connection and the line of its return. */
export interface BusLog {
  warn(details: object, message: string): void;
  info(message: string): void;
}

export interface RedisBusOptions {
  url: string;
  /** How long to wait for Redis at start-up. */
  connectTimeoutMs?: number;
  /** A publish on a connection that drops meanwhile gives up after this long (the caller never hangs on Redis). */
  publishTimeoutMs?: number;
  log: BusLog;
}

/**
 * One process's Redis connections (a subscribed one cannot publish), shared by every channel of
 * the process (the live hubs', the session cache's), so a Redis outage is one warning per process.
 */
export interface RedisBus {
  /** A backplane on one pub/sub channel; processes of one portal share it, other portals on the same Redis use their own. */
  channel(name: string): Promise<Backplane>;
  isConnected(): boolean;
  /** The connection that publishes, for plain commands too (the rate limiter's counters): it fails at once while Redis is away. */
  commands(): Redis;
  close(): Promise<void>;
}

/** What travels on a channel: the message and the process that sent it (which delivered it already). */
interface Envelope {
  origin: string;
  message: BackplaneMessage;
}

/**
 * Redis pub/sub between processes, never in the way of a process's own clients:
 * - publish() writes the message to Redis for the others, then, in the same turn and whatever
 *   Redis answers, hands it to this process's handlers; a process ignores its own messages coming
 *   back from Redis, so nothing arrives twice.
 * - While Redis is unreachable, messages reach this process's clients only (they are not queued
 *   for later: an alarm replayed minutes late would mislead; clients fetch the recent list when
 *   they reconnect), one warning is logged, and isConnected() says false (the session cache stops
 *   serving from memory).
 * - ioredis reconnects on its own (every 0.2 to 2 s); on each reconnection the channels are
 *   subscribed again here, and the bus counts as connected only once Redis confirmed them.
 * Connected before it answers; at start-up an unreachable Redis is an error.
 */
export async function redisBus(options: RedisBusOptions): Promise<RedisBus> {
  const origin = randomBytes(12).toString('base64url');
  const publishTimeoutMs = options.publishTimeoutMs ?? 1000;
  const connect = (role: string) =>
    new Redis(options.url, {
      lazyConnect: true,
      connectionName: `security-portal-${role}`,
      connectTimeout: options.connectTimeoutMs ?? 5000,
      maxRetriesPerRequest: 1,
      // Nothing waits for Redis: a command while it is away fails at once (and publish() skips it).
      enableOfflineQueue: false,
      // The channels are subscribed again below, and only then is the bus connected.
      autoResubscribe: false,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
  const publisher = connect('publisher');
  const subscriber = connect('subscriber');
  const channels = new Map<string, ((message: BackplaneMessage) => void)[]>();
  const statusHandlers: ((connected: boolean) => void)[] = [];
  let lastError: Error | undefined;
  let subscribed = false;
  let closing = false;
  for (const connection of [publisher, subscriber]) connection.on('error', (error: Error) => void (lastError = error));
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    subscribed = true;
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`REDIS_URL: could not connect to ${redact(options.url)} (${(error as Error).message})`, { cause: error });
  }

  const isConnected = () => subscribed && publisher.status === 'ready' && subscriber.status === 'ready';
  let connected = true;
  /** Reports a change of state: one warning when Redis is lost, one line when it is back. */
  const update = () => {
    const now = isConnected();
    if (now === connected || closing) return;
    connected = now;
    if (now) {
      options.log.info('Redis is back: channels subscribed again; live messages cross between processes again');
    } else {
      options.log.warn(
        { err: lastError },
        "Redis connection lost: live messages reach this process's own clients only, until it is back (reconnecting every 2 s)",
      );
    }
    for (const handler of statusHandlers) handler(now);
  };
  for (const event of ['close', 'end', 'reconnecting']) {
    subscriber.on(event, () => {
      subscribed = false;
      update();
    });
    publisher.on(event, update);
  }
  publisher.on('ready', update);
  subscriber.on('ready', () => {
    const names = [...channels.keys()];
    (names.length ? subscriber.subscribe(...names) : Promise.resolve()).then(
      () => {
        subscribed = subscriber.status === 'ready';
        update();
      },
      (error: Error) => {
        // The connection dropped again before Redis confirmed: the next 'ready' tries again.
        lastError = error;
      },
    );
  });
  subscriber.on('message', (channel: string, text: string) => {
    const handlers = channels.get(channel);
    if (!handlers) return;
    let envelope: Envelope;
    try {
      envelope = JSON.parse(text);
    } catch {
      return;
    }
    if (!envelope || envelope.origin === origin || !envelope.message) return;
    for (const handler of handlers) handler(envelope.message);
  });

  return {
    async channel(name) {
      const handlers: ((message: BackplaneMessage) => void)[] = [];
      channels.set(name, handlers);
      if (isConnected()) await subscriber.subscribe(name);
      return {
        kind: 'redis',
        async publish(message) {
          // The command is written to Redis first (not waited for), so the other processes start
          // their deliveries while this one writes to its own clients; those come next, whatever Redis does.
          const published = isConnected() ? publisher.publish(name, JSON.stringify({ origin, message } satisfies Envelope)) : undefined;
          void published?.catch(() => undefined);
          for (const handler of handlers) handler(message);
          if (!published) return;
          let timer: NodeJS.Timeout | undefined;
          try {
            await Promise.race([
              published,
              new Promise((_, reject) => (timer = setTimeout(() => reject(new Error('Redis publish timed out')), publishTimeoutMs))),
            ]);
          } finally {
            clearTimeout(timer);
          }
        },
        onMessage(handler) {
          handlers.push(handler);
        },
        async close() {
          handlers.length = 0;
        },
        isConnected,
        onStatus(handler) {
          statusHandlers.push(handler);
        },
      };
    },
    isConnected,
    commands: () => publisher,
    async close() {
      closing = true;
      channels.clear();
      statusHandlers.length = 0;
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
