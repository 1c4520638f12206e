import { describe, expect, it } from 'vitest';
import { clientMessage, failureMessage, fieldErrors, serverText } from './errorMessages.js';

/** SPEC §8: 'The server's error text is shown when present, otherwise the default below.' */
describe('a failed call to the message shown (SPEC §8)', () => {
  it("shows the server's text of a 400 and each field's text", () => {
    const error = { status: 400, body: { message: 'The form is not valid. Please check for errors', errors: { title: 'Required' } } };
    expect(clientMessage(error, 'news.messages.saveError')).toEqual({
      message: 'The form is not valid. Please check for errors',
      fieldErrors: { title: 'Required' },
    });
  });

  it('falls back to the default when the server said nothing', () => {
    expect(failureMessage({ status: 500, body: {}, message: 'HTTP 500' }, 'news.messages.deleteError')).toBe('news.messages.deleteError');
    expect(failureMessage({ status: 404, body: { message: '  ' } }, 'news.messages.loadError')).toBe('news.messages.loadError');
    expect(failureMessage({ status: 502, body: '<html>Bad gateway</html>' }, 'banner.errors.update')).toBe('banner.errors.update');
  });

  it('falls back to the default when the server was not reached', () => {
    expect(failureMessage({ status: 0, message: 'Failed to fetch' }, 'news.messages.saveError')).toBe('news.messages.saveError');
    expect(failureMessage(new TypeError('Failed to fetch'), 'news.messages.saveError')).toBe('news.messages.saveError');
  });

  it("never shows a bug's own message, which is no server text", () => {
    expect(failureMessage(new TypeError("Cannot read properties of undefined (reading 'id')"), 'x.default')).toBe('x.default');
    expect(failureMessage(undefined, 'x.default')).toBe('x.default');
    expect(failureMessage('boom', 'x.default')).toBe('x.default');
  });

  it("takes the error's own text of an HTTP failure: the transport's §8 text for an expired login", () => {
    const expired = { status: 401, message: 'Login expired, please log in again.', body: { message: 'Unauthorized' } };
    expect(serverText(expired)).toBe('Login expired, please log in again.');
    expect(serverText({ status: 403, message: 'You do not have permission to do this.' })).toBe('You do not have permission to do this.');
  });

  it('reads a body alone (the sign-in screens pass the body)', () => {
    expect(failureMessage({ body: { message: 'Invalid code' } }, 'login.errors.verify')).toBe('Invalid code');
    expect(failureMessage({ body: { message: 42 } }, 'login.errors.verify')).toBe('login.errors.verify');
  });

  it('keeps only text field errors', () => {
    expect(fieldErrors({ status: 400, body: { errors: { title: 'Required', body: 3, url: '' } } })).toEqual({ title: 'Required' });
    expect(fieldErrors({ status: 400, body: { errors: ['x'] } })).toBeUndefined();
    expect(clientMessage({ status: 409, body: { message: 'Newer version' } }, 'd')).toEqual({ message: 'Newer version' });
  });
});
