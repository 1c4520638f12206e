import { describe, expect, it } from 'vitest';
import { HttpError } from '../http/errors.js';
import { decodeCursor, encodeCursor, parseEventPage } from './eventQuery.js';

const b64 = (text: string) => Buffer.from(text).toString('base64url');

describe('event cursors', () => {
  it('round-trip the exact date and the alarm number, opaque and URL-safe', () => {
    const cursor = { date: '2026-03-08T07:00:00.123456Z', alarmNum: 9_007_199_254_740_991 };
    const text = encodeCursor(cursor);
    expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text)).toEqual(cursor);
  });

  it('refuse anything this server did not make', () => {
    for (const text of [
      '',
      'not base64!',
      b64('garbage'),
      b64('2026-03-08T07:00:00.123Z|5'),
      b64('2026-02-30T07:00:00.000000Z|5'),
      b64('2026-03-08T24:00:00.000000Z|5'),
      b64('2026-03-08T07:00:00.000000Z|0'),
      b64('2026-03-08T07:00:00.000000Z|05'),
      b64('2026-03-08T07:00:00.000000Z|99999999999999999'),
      b64('2026-03-08T07:00:00.000000Z|5|6'),
    ]) {
      expect(decodeCursor(text), text).toBeUndefined();
    }
  });
});

describe('parseEventPage', () => {
  it('gives a page of 50 by default and the size of range otherwise, at most 500', () => {
    expect(parseEventPage({})).toEqual({ start: 0, limit: 50, after: undefined });
    expect(parseEventPage({ range: '[100,149]' })).toEqual({ start: 100, limit: 50, after: undefined });
    expect(parseEventPage({ range: '[0,499]' }).limit).toBe(500);
    expect(() => parseEventPage({ range: '[0,500]' })).toThrow(HttpError);
    expect(() => parseEventPage({ range: '[5,1]' })).toThrow(HttpError);
  });

  it('reads the cursor, and refuses a malformed one with 400 naming it', () => {
    const after = { date: '2026-03-08T07:00:00.000000Z', alarmNum: 7 };
    expect(parseEventPage({ cursor: encodeCursor(after) }).after).toEqual(after);
    try {
      parseEventPage({ cursor: 'x!' });
      expect.unreachable();
    } catch (error) {
      expect(error).toMatchObject({ statusCode: 400, messageKey: 'errors.badQuery', args: { parameter: 'cursor' } });
    }
  });
});
