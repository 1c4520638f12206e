import type { WebSocket } from 'ws';
import {
  checkHandshake,
  closeFrame,
  completionFrame,
  handshakeResponse,
  parseClientMessage,
  splitRecords,
  type ClientMessage,
} from './protocol.js';
import type { HubConnection, HubRegistry, HubSocket } from './registry.js';

/** A client sending more than this without a record separator is not speaking the protocol. */
const MAX_PENDING_TEXT = 64 * 1024;

/** Hub methods a client may invoke: name (case-insensitive, as ASP.NET matches them) to implementation. */
export type HubMethods = Record<string, (connection: HubConnection, args: unknown[]) => unknown>;

export function socketAdapter(ws: WebSocket): HubSocket {
  return {
    send: (frame) => ws.send(frame),
    get bufferedAmount() {
      return ws.bufferedAmount;
    },
    close(frame) {
      if (frame && ws.readyState === 1) ws.send(frame);
      ws.close(1000);
    },
  };
}

/**
 * Runs one upgraded WebSocket: the handshake first (within the time-out),
 * then the client's records. The connection joins the registry, and so its
 * groups, only once the handshake succeeded.
 */
export function runConnection(
  ws: WebSocket,
  connection: HubConnection,
  registry: HubRegistry,
  options: { handshakeTimeoutMs: number; methods: HubMethods; onClosed?: (connection: HubConnection) => void },
): void {
  let handshaken = false;
  let pending = '';
  const handshakeTimer = setTimeout(() => {
    if (!handshaken) ws.close(1000);
  }, options.handshakeTimeoutMs);
  const methods = new Map(Object.entries(options.methods).map(([name, fn]) => [name.toLowerCase(), fn]));

  const fail = (error: string) => {
    connection.socket.close(closeFrame(error));
  };

  const handle = (message: ClientMessage) => {
    switch (message.type) {
      case 1: {
        const method = methods.get(message.target.toLowerCase());
        if (!method) {
          if (message.invocationId) {
            connection.socket.send(completionFrame(message.invocationId, { error: `Unknown hub method '${message.target}'.` }));
          }
          return;
        }
        let result: unknown;
        try {
          result = method(connection, message.arguments);
        } catch {
          if (message.invocationId) {
            connection.socket.send(
              completionFrame(message.invocationId, { error: `An error occurred invoking '${message.target}' on the server.` }),
            );
          }
          return;
        }
        if (message.invocationId) connection.socket.send(completionFrame(message.invocationId, { result: result ?? null }));
        return;
      }
      case 4:
        connection.socket.send(completionFrame(message.invocationId, { error: 'Streaming is not supported by this hub.' }));
        return;
      case 7:
        ws.close(1000);
        return;
      case 'invalid':
        fail(`Connection closed with an error: invalid message (${message.reason}).`);
        return;
      default:
        // Pings only keep the connection alive (lastReceivedAt); cancels and unknown types are ignored.
        return;
    }
  };

  ws.on('message', (data, isBinary) => {
    connection.lastReceivedAt = Date.now();
    if (isBinary) {
      fail('Connection closed with an error: only the json protocol over text frames is supported.');
      return;
    }
    pending += Array.isArray(data) ? Buffer.concat(data).toString('utf8') : Buffer.from(data as Buffer).toString('utf8');
    if (pending.length > MAX_PENDING_TEXT) {
      fail('Connection closed with an error: message too large.');
      return;
    }
    const { records, rest } = splitRecords(pending);
    pending = rest;
    for (const record of records) {
      if (!handshaken) {
        const outcome = checkHandshake(record);
        connection.socket.send(handshakeResponse(outcome));
        if (!outcome.ok) {
          ws.close(1000);
          return;
        }
        handshaken = true;
        clearTimeout(handshakeTimer);
        registry.add(connection);
        continue;
      }
      handle(parseClientMessage(record));
    }
  });
  ws.on('close', () => {
    clearTimeout(handshakeTimer);
    registry.remove(connection);
    options.onClosed?.(connection);
  });
  ws.on('error', () => ws.terminate());
}
