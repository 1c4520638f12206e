import { Redis } from 'ioredis';
import { redact } from '../config.js';

/**
 * How hub messages reach every server process. Every message a process sends
 * goes through the backplane, and every process delivers what the backplane
 * hands it to its own connections only: so with N processes each subscriber
 * gets each message exactly once, whichever process it is connected to.
 * In-process: delivered at once, locally. Redis: one pub/sub channel (the
 * design of ASP.NET SignalR's Redis backplane).
 */
export interface Backplane {
  readonly kind: 'in-process' | 'redis';
  publish(message: BackplaneMessage): Promise<void>;
  onMessage(handler: (message: BackplaneMessage) => void): void;
  close(): Promise<void>;
  /**
   * Whether messages published now reach every process and this process hears theirs (Redis:
   * both connections ready). Caches that rely on invalidations stop serving while it is false.
   */
  isConnected(): boolean;
  /** Called whenever the connection state may have changed (lost, or back: messages may have been missed meanwhile). */
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
  | { kind: 'authChanged' };

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

export interface RedisBackplaneOptions {
  url: string;
  /** Channel name; processes of one portal share it, other portals on the same Redis use their own. */
  channel: string;
  /** How long to wait for Redis at start-up. */
  connectTimeoutMs?: number;
  onError?: (error: Error) => void;
}

/** Two connections (a subscribed one cannot publish); connected before it answers. */
export async function redisBackplane(options: RedisBackplaneOptions): Promise<Backplane> {
  const connect = () =>
    new Redis(options.url, {
      lazyConnect: true,
      connectTimeout: options.connectTimeoutMs ?? 5000,
      maxRetriesPerRequest: 2,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
    });
  const publisher = connect();
  const subscriber = connect();
  const report = options.onError ?? (() => undefined);
  publisher.on('error', report);
  subscriber.on('error', report);
  const handlers: ((message: BackplaneMessage) => void)[] = [];
  try {
    await Promise.all([publisher.connect(), subscriber.connect()]);
    await subscriber.subscribe(options.channel);
  } catch (error) {
    publisher.disconnect();
    subscriber.disconnect();
    throw new Error(`REDIS_URL: could not connect to ${redact(options.url)} (${(error as Error).message})`, { cause: error });
  }
  const statusHandlers: ((connected: boolean) => void)[] = [];
  const isConnected = () => publisher.status === 'ready' && subscriber.status === 'ready';
  const status = () => {
    for (const handler of statusHandlers) handler(isConnected());
  };
  for (const connection of [publisher, subscriber])
    for (const event of ['ready', 'close', 'end', 'reconnecting']) connection.on(event, status);
  subscriber.on('message', (channel: string, text: string) => {
    if (channel !== options.channel) return;
    let message: BackplaneMessage;
    try {
      message = JSON.parse(text);
    } catch {
      return;
    }
    for (const handler of handlers) handler(message);
  });
  return {
    kind: 'redis',
    async publish(message) {
      await publisher.publish(options.channel, JSON.stringify(message));
    },
    onMessage(handler) {
      handlers.push(handler);
    },
    async close() {
      handlers.length = 0;
      statusHandlers.length = 0;
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
    isConnected,
    onStatus(handler) {
      statusHandlers.push(handler);
    },
  };
}
