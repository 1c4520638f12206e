import { Sender, type WebSocket } from 'ws';
import {
  checkHandshake,
  closeFrame,
  completionFrame,
  handshakeResponse,
  parseClientMessage,
  splitRecords,
  type ClientMessage,
} from './protocol.js';
import type { HubConnection, HubRegistry, HubSocket, PreparedFrame } from './registry.js';

/** A client sending more than this without a record separator is not speaking the protocol. */
const MAX_PENDING_TEXT = 64 * 1024;

/** Hub methods a client may invoke: name (case-insensitive, as ASP.NET matches them) to implementation. */
export type HubMethods = Record<string, (connection: HubConnection, args: unknown[]) => unknown>;

/**
 * A hub frame encoded once for all its receivers: the UTF-8 text behind the header of an
 * unmasked, final text frame (RFC 6455 §5.2; what ws's own Sender writes for `ws.send(text)` on a
 * server without permessage-deflate, the hubs' configuration).
 */
export function prepareFrame(text: string): PreparedFrame {
  const payload = Buffer.from(text);
  const parts = Sender.frame(payload, { fin: true, rsv1: false, opcode: 1, mask: false, readOnly: false });
  return { text, wire: parts.length === 1 ? parts[0] : Buffer.concat(parts) };
}

/**
 * A `ws` socket as the registry sees it. A prepared frame is written to the connection's TCP
 * socket in one write, the same bytes to every receiver: a broadcast then costs one write per
 * client rather than an encoding, a header and a corked pair of writes each (the delivery goal at
 * 5,000 clients). This goes past ws's Sender, which the hubs leave idle: no compression, and text sends
 * only, so it never holds a frame back in its queue that a direct write could overtake; while the
 * socket is not open, or ws has no TCP socket at hand, the frame goes through ws.send.
 */
export function socketAdapter(ws: WebSocket): HubSocket {
  return {
    send: (frame) => ws.send(frame),
    sendPrepared(frame) {
      const tcp = ws._socket;
      if (ws.readyState === 1 && tcp?.writable) tcp.write(frame.wire);
      else ws.send(frame.text);
    },
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
