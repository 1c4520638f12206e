import { describe, expect, it } from 'vitest';
import { clientErrorKey } from './errors.js';

describe('errors the client caused (answered 400, not 500)', () => {
  it('maps PostgreSQL data exceptions (class 22) to a bad input', () => {
    expect(clientErrorKey({ code: '22003', message: 'value "99999999999" is out of range for type integer' }, false)).toBe(
      'errors.badInput',
    );
    expect(clientErrorKey({ code: '22021', message: 'invalid byte sequence for encoding "UTF8": 0x00' }, false)).toBe('errors.badInput');
  });
  it('maps a truncated multipart body to a bad upload, on multipart requests only', () => {
    const error = { message: 'Part terminated early due to unexpected end of multipart data' };
    expect(clientErrorKey(error, true)).toBe('errors.badMultipart');
    expect(clientErrorKey(error, false)).toBeUndefined();
  });
  it('leaves other errors to the 5xx branch', () => {
    expect(clientErrorKey({ code: '23505', message: 'duplicate key' }, false)).toBeUndefined();
    expect(clientErrorKey({ code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' }, false)).toBeUndefined();
    expect(clientErrorKey(new TypeError('x is undefined'), true)).toBeUndefined();
  });
  it('leaves errors that carry their own status alone', () => {
    expect(clientErrorKey({ statusCode: 413, code: '22001', message: 'multipart' }, true)).toBeUndefined();
  });
});
