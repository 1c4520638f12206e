import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket, WebSocketServer } from 'ws';
import { prepareFrame, socketAdapter } from './hubConnection.js';

/** A prepared frame is the bytes ws writes for ws.send(text): a client reads the same text. */
describe('prepareFrame', () => {
  it('encodes an unmasked final text frame with the length in 7, 16 or 64 bits', () => {
    const short = prepareFrame('é'.repeat(10));
    expect([...short.wire.subarray(0, 2)]).toEqual([0x81, 20]);
    expect(short.wire.subarray(2).toString()).toBe('é'.repeat(10));

    const medium = prepareFrame('a'.repeat(300));
    expect([...medium.wire.subarray(0, 4)]).toEqual([0x81, 126, 1, 44]);
    expect(medium.wire.length).toBe(304);

    const long = prepareFrame('b'.repeat(70_000));
    expect([...long.wire.subarray(0, 2)]).toEqual([0x81, 127]);
    expect(long.wire.readBigUInt64BE(2)).toBe(70_000n);
    expect(long.wire.length).toBe(70_010);
  });

  let server: WebSocketServer;
  let port: number;
  beforeAll(async () => {
    server = new WebSocketServer({ port: 0, host: '127.0.0.1', perMessageDeflate: false });
    await new Promise((resolve) => server.on('listening', () => resolve(null)));
    port = (server.address() as { port: number }).port;
  });
  afterAll(() => new Promise((resolve) => server.close(() => resolve(null))));

  it('reaches a client as the text, in order with frames ws sends itself', async () => {
    const accepted = new Promise<WebSocket>((resolve) => server.once('connection', (socket: WebSocket) => resolve(socket)));
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    const received: string[] = [];
    const all = new Promise<void>((resolve) =>
      client.on('message', (data) => {
        received.push(String(data));
        if (received.length === 4) resolve();
      }),
    );
    await new Promise((resolve) => client.once('open', () => resolve(null)));
    const socket = socketAdapter(await accepted);
    socket.send('first');
    socket.sendPrepared(prepareFrame('second ✓'));
    socket.sendPrepared(prepareFrame('c'.repeat(70_000)));
    socket.send('last');
    await all;
    expect(received.map((text) => text.slice(0, 10))).toEqual(['first', 'second ✓', 'c'.repeat(10), 'last']);
    expect(received[2]).toHaveLength(70_000);
    client.terminate();
  });

  it('goes through ws.send once the socket is closing (ws then reports it, nothing is written)', async () => {
    const accepted = new Promise<WebSocket>((resolve) => server.once('connection', (socket: WebSocket) => resolve(socket)));
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    await new Promise((resolve) => client.once('open', () => resolve(null)));
    const ws = await accepted;
    ws.close(1000);
    const sent: string[] = [];
    const original = ws.send.bind(ws);
    ws.send = ((text: string) => {
      sent.push(text);
      original(text);
    }) as typeof ws.send;
    socketAdapter(ws).sendPrepared(prepareFrame('late'));
    expect(sent).toEqual(['late']);
    client.terminate();
  });
});
