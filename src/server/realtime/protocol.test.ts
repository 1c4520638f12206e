import { describe, expect, it } from 'vitest';
import {
  checkHandshake,
  closeFrame,
  completionFrame,
  handshakeResponse,
  invocationFrame,
  negotiateResponse,
  parseClientMessage,
  PING_FRAME,
  readConnectionToken,
  RECORD_SEPARATOR,
  signConnectionToken,
  splitRecords,
  sweepAction,
} from './protocol.js';

const RS = '\u001e';

describe('SignalR JSON hub protocol', () => {
  it('ends every record with the 0x1E record separator', () => {
    expect(RECORD_SEPARATOR).toBe(RS);
    expect(PING_FRAME).toBe(`{"type":6}${RS}`);
  });

  it('splits a frame into records and keeps an unfinished one for the next frame', () => {
    expect(splitRecords(`{"type":6}${RS}{"type":1,"tar`)).toEqual({ records: ['{"type":6}'], rest: '{"type":1,"tar' });
    expect(splitRecords(`a${RS}b${RS}`)).toEqual({ records: ['a', 'b'], rest: '' });
  });

  it('accepts the json protocol version 1 handshake and answers an empty object', () => {
    const outcome = checkHandshake('{"protocol":"json","version":1}');
    expect(outcome).toEqual({ ok: true });
    expect(handshakeResponse(outcome)).toBe(`{}${RS}`);
  });

  it('refuses messagepack, other versions and garbage with an error', () => {
    expect(checkHandshake('{"protocol":"messagepack","version":1}')).toMatchObject({ ok: false });
    expect(checkHandshake('{"protocol":"json","version":2}')).toMatchObject({ ok: false });
    expect(checkHandshake('nope')).toMatchObject({ ok: false });
    expect(JSON.parse(handshakeResponse({ ok: false, error: 'x' }).slice(0, -1))).toEqual({ error: 'x' });
  });

  it('encodes invocations without an id, completions, and Close with allowReconnect', () => {
    expect(invocationFrame('alarm', [{ alarmNum: 1 }])).toBe(`{"type":1,"target":"alarm","arguments":[{"alarmNum":1}]}${RS}`);
    expect(completionFrame('7', { result: [9993] })).toBe(`{"type":3,"invocationId":"7","result":[9993]}${RS}`);
    expect(completionFrame('7', { error: 'no' })).toBe(`{"type":3,"invocationId":"7","error":"no"}${RS}`);
    expect(closeFrame('Server is shutting down.', true)).toBe(`{"type":7,"error":"Server is shutting down.","allowReconnect":true}${RS}`);
    expect(closeFrame()).toBe(`{"type":7}${RS}`);
  });

  it('reads what clients send', () => {
    expect(parseClientMessage('{"type":1,"invocationId":"0","target":"currentGroups","arguments":[]}')).toEqual({
      type: 1,
      target: 'currentGroups',
      arguments: [],
      invocationId: '0',
    });
    expect(parseClientMessage('{"type":1,"target":"x"}')).toEqual({ type: 1, target: 'x', arguments: [] });
    expect(parseClientMessage('{"type":6}')).toEqual({ type: 6 });
    expect(parseClientMessage('{"type":7,"error":"bye"}')).toEqual({ type: 7, error: 'bye' });
    expect(parseClientMessage('{"type":5,"invocationId":"3"}')).toEqual({ type: 5, invocationId: '3' });
    expect(parseClientMessage('{"type":99}')).toEqual({ type: 'other', messageType: 99 });
    expect(parseClientMessage('{"type":1}')).toMatchObject({ type: 'invalid' });
    expect(parseClientMessage('[1]')).toMatchObject({ type: 'invalid' });
    expect(parseClientMessage('{')).toMatchObject({ type: 'invalid' });
  });

  it('pings after 15 s without sending and drops a client silent for 30 s', () => {
    const timings = { keepAliveMs: 15_000, clientTimeoutMs: 30_000 };
    expect(sweepAction({ lastReceivedAt: 0, lastSentAt: 0 }, 14_999, timings)).toBe('none');
    expect(sweepAction({ lastReceivedAt: 0, lastSentAt: 0 }, 15_000, timings)).toBe('ping');
    expect(sweepAction({ lastReceivedAt: 10_000, lastSentAt: 20_000 }, 30_000, timings)).toBe('none');
    expect(sweepAction({ lastReceivedAt: 0, lastSentAt: 29_000 }, 30_000, timings)).toBe('drop');
  });
});

describe('negotiate', () => {
  const secret = 'a-session-secret-of-at-least-32-characters';
  const ticket = {
    connectionId: 'AbC_d-1',
    hub: 'alarms',
    sessionId: '0b6a3d4e-1f2a-4b5c-8d9e-0f1a2b3c4d5e',
    expires: Date.now() + 60_000,
  };

  it('answers version 1 with a connection token and the WebSockets transport only', () => {
    expect(negotiateResponse('id1', 'tok', 1)).toEqual({
      connectionId: 'id1',
      connectionToken: 'tok',
      negotiateVersion: 1,
      availableTransports: [{ transport: 'WebSockets', transferFormats: ['Text'] }],
    });
    expect(negotiateResponse('id1', 'tok', 0)).toMatchObject({ connectionId: 'tok', negotiateVersion: 0 });
  });

  it('signs URL-safe connection tokens bound to hub and session, and refuses altered or expired ones', () => {
    const token = signConnectionToken(secret, ticket);
    expect(token).toMatch(/^[A-Za-z0-9._-]+$/);
    expect(readConnectionToken(secret, token)).toEqual({ ...ticket, expires: Math.floor(ticket.expires / 1000) * 1000 });
    expect(readConnectionToken(secret, token.replace('alarms', 'reports'))).toBeUndefined();
    expect(readConnectionToken('another-secret-of-at-least-32-characters!', token)).toBeUndefined();
    expect(readConnectionToken(secret, token, ticket.expires + 1000)).toBeUndefined();
    expect(readConnectionToken(secret, 'garbage')).toBeUndefined();
  });
});
