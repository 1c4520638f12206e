import { describe, expect, it } from 'vitest';
import { errorMessageOf, fieldErrorsOf } from './submissionErrors.js';

describe('failed saves (SPEC §8: the server text when present, else the default)', () => {
  it('reads the per-field texts of a 400', () => {
    const error = { status: 400, body: { message: 'The form is not valid. Please check for errors', errors: { title: 'Required' } } };
    expect(fieldErrorsOf(error)).toEqual({ title: 'Required' });
    expect(errorMessageOf(error, 'news.messages.saveError')).toBe('The form is not valid. Please check for errors');
  });
  it('falls back to the default message', () => {
    expect(fieldErrorsOf(new Error('boom'))).toBeUndefined();
    expect(errorMessageOf(new TypeError('Failed to fetch'), 'news.messages.saveError')).toBe('news.messages.saveError');
    expect(errorMessageOf({ status: 500, body: {}, message: '' }, 'banner.errors.update')).toBe('banner.errors.update');
  });
  it('takes the message of an error that carries the server text', () => {
    expect(errorMessageOf({ status: 403, message: 'You do not have permission to do this.' }, 'x')).toBe(
      'You do not have permission to do this.',
    );
  });
});
