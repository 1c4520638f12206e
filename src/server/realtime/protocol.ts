import { randomBytes } from 'node:crypto';
import { hmac, safeEqual } from '../auth/secrets.js';

/**
 * The ASP.NET Core SignalR JSON hub protocol, as pure functions: negotiate
 * (version 1), the handshake, and the messages, each a JSON text ended by the
 * record separator 0x1E. Only what a server needs: it sends invocations
 * (client methods such as `alarm`), completions, pings and Close, and reads
 * the client's handshake, invocations, pings and Close.
 * https://github.com/dotnet/aspnetcore/blob/main/src/SignalR/docs/specs/HubProtocol.md
 */
export const RECORD_SEPARATOR = '\u001e';

const MESSAGE_TYPE = {
  invocation: 1,
  streamItem: 2,
  completion: 3,
  streamInvocation: 4,
  cancelInvocation: 5,
  ping: 6,
  close: 7,
} as const;

/** Keep-alive and time-outs, the defaults of the official client and server. */
export const HUB_TIMINGS = {
  /** A ping when nothing else was sent for this long. */
  keepAliveMs: 15_000,
  /** A client silent for this long (not even its own pings) is dropped. */
  clientTimeoutMs: 30_000,
  /** The handshake must arrive this soon after the upgrade. */
  handshakeTimeoutMs: 15_000,
  /** A connection token from negotiate must be used this soon. */
  connectionTokenMs: 60_000,
} as const;

export type HubTimings = { keepAliveMs: number; clientTimeoutMs: number; handshakeTimeoutMs: number };

/** One text frame may carry several records, and a record may span frames. */
export function splitRecords(buffered: string): { records: string[]; rest: string } {
  const parts = buffered.split(RECORD_SEPARATOR);
  const rest = parts.pop() ?? '';
  return { records: parts, rest };
}

function encodeRecord(message: object): string {
  return JSON.stringify(message) + RECORD_SEPARATOR;
}

export type HandshakeOutcome = { ok: true } | { ok: false; error: string };

/** The client's first record: `{"protocol":"json","version":1}`. */
export function checkHandshake(record: string): HandshakeOutcome {
  let request: unknown;
  try {
    request = JSON.parse(record);
  } catch {
    return { ok: false, error: 'Handshake was not valid JSON.' };
  }
  const { protocol, version } = (request ?? {}) as { protocol?: unknown; version?: unknown };
  if (protocol !== 'json') return { ok: false, error: `The protocol '${String(protocol)}' is not supported.` };
  if (version !== 1) return { ok: false, error: `The server does not support version ${String(version)} of the 'json' protocol.` };
  return { ok: true };
}

/** The handshake answer: an empty object, or an error. */
export function handshakeResponse(outcome: HandshakeOutcome): string {
  return encodeRecord(outcome.ok ? {} : { error: outcome.error });
}

export const PING_FRAME = encodeRecord({ type: MESSAGE_TYPE.ping });

/** A call of a client method that expects no answer (no invocationId). */
export function invocationFrame(target: string, args: readonly unknown[]): string {
  return encodeRecord({ type: MESSAGE_TYPE.invocation, target, arguments: args });
}

export function completionFrame(invocationId: string, outcome: { result: unknown } | { error: string }): string {
  return encodeRecord({ type: MESSAGE_TYPE.completion, invocationId, ...outcome });
}

/** Close: with allowReconnect the official client reconnects (withAutomaticReconnect). */
export function closeFrame(error?: string, allowReconnect?: boolean): string {
  return encodeRecord({
    type: MESSAGE_TYPE.close,
    ...(error ? { error } : {}),
    ...(allowReconnect ? { allowReconnect: true } : {}),
  });
}

export type ClientMessage =
  | { type: 1; target: string; arguments: unknown[]; invocationId?: string }
  | { type: 4; target: string; invocationId: string }
  | { type: 5; invocationId: string }
  | { type: 6 }
  | { type: 7; error?: string }
  | { type: 'invalid'; reason: string }
  | { type: 'other'; messageType: number };

/** A record the client sent after the handshake. */
export function parseClientMessage(record: string): ClientMessage {
  let message: Record<string, unknown>;
  try {
    const parsed = JSON.parse(record);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { type: 'invalid', reason: 'not an object' };
    message = parsed;
  } catch {
    return { type: 'invalid', reason: 'not JSON' };
  }
  const invocationId = typeof message.invocationId === 'string' ? message.invocationId : undefined;
  switch (message.type) {
    case MESSAGE_TYPE.invocation:
      if (typeof message.target !== 'string') return { type: 'invalid', reason: 'invocation without a target' };
      return {
        type: 1,
        target: message.target,
        arguments: Array.isArray(message.arguments) ? message.arguments : [],
        ...(invocationId ? { invocationId } : {}),
      };
    case MESSAGE_TYPE.streamInvocation:
      if (typeof message.target !== 'string' || !invocationId) return { type: 'invalid', reason: 'bad stream invocation' };
      return { type: 4, target: message.target, invocationId };
    case MESSAGE_TYPE.cancelInvocation:
      return invocationId ? { type: 5, invocationId } : { type: 'invalid', reason: 'cancel without an id' };
    case MESSAGE_TYPE.ping:
      return { type: 6 };
    case MESSAGE_TYPE.close:
      return { type: 7, ...(typeof message.error === 'string' ? { error: message.error } : {}) };
    default:
      return typeof message.type === 'number' ? { type: 'other', messageType: message.type } : { type: 'invalid', reason: 'no type' };
  }
}

/** What the keep-alive sweep does with one connection now. */
export function sweepAction(
  connection: { lastReceivedAt: number; lastSentAt: number },
  now: number,
  timings: Pick<HubTimings, 'keepAliveMs' | 'clientTimeoutMs'>,
): 'drop' | 'ping' | 'none' {
  if (now - connection.lastReceivedAt >= timings.clientTimeoutMs) return 'drop';
  if (now - connection.lastSentAt >= timings.keepAliveMs) return 'ping';
  return 'none';
}

/** URL-safe random connection id. */
export function newConnectionId(): string {
  return randomBytes(16).toString('base64url');
}

export interface ConnectionTicket {
  connectionId: string;
  hub: string;
  sessionId: string;
  expires: number;
}

const ticketKey = (secret: string) => hmac(secret, 'hub-connection-token-v1');

/**
 * The negotiate answer's connectionToken: signed, so that any server process
 * can accept the upgrade (no sticky sessions needed), bound to the hub and the
 * session, and short-lived. Only URL-safe characters.
 */
export function signConnectionToken(secret: string, ticket: ConnectionTicket): string {
  const body = `${ticket.connectionId}.${ticket.hub}.${ticket.sessionId}.${Math.floor(ticket.expires / 1000)}`;
  return `${body}.${hmac(ticketKey(secret), body)}`;
}

export function readConnectionToken(secret: string, token: string, now = Date.now()): ConnectionTicket | undefined {
  const parts = token.split('.');
  if (parts.length !== 5) return undefined;
  const [connectionId, hub, sessionId, expiresText, signature] = parts;
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(connectionId) || !/^[a-z]{1,32}$/.test(hub) || !/^\d{1,12}$/.test(expiresText)) return undefined;
  if (!safeEqual(signature, hmac(ticketKey(secret), parts.slice(0, 4).join('.')))) return undefined;
  const expires = Number(expiresText) * 1000;
  if (expires <= now) return undefined;
  return { connectionId, hub, sessionId, expires };
}

/** POST {hub}/negotiate answer; version 0 clients use connectionId as the token. */
export function negotiateResponse(connectionId: string, connectionToken: string, negotiateVersion: number) {
  const transports = [{ transport: 'WebSockets', transferFormats: ['Text'] }];
  return negotiateVersion >= 1
    ? { connectionId, connectionToken, negotiateVersion: 1, availableTransports: transports }
    : { connectionId: connectionToken, negotiateVersion: 0, availableTransports: transports };
}
