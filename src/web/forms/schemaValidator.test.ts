import { describe, expect, it } from 'vitest';
import { newsItemInputSchema } from '../../../schemas/news.js';
import { schemaValidator } from './schemaValidator.js';

const validate = await schemaValidator(newsItemInputSchema);

describe('form validation from the news schema (SPEC §5 news)', () => {
  it('says Required for an empty title and body', () => {
    expect(validate({ title: '', body: null })).toEqual({
      title: { message: 'validation.required', args: {} },
      body: { message: 'validation.required', args: {} },
    });
  });

  it('limits the title to 128 characters', () => {
    expect(validate({ title: 'x'.repeat(128), body: 'b' })).toEqual({});
    expect(validate({ title: 'x'.repeat(129), body: 'b' })).toEqual({ title: { message: 'validation.maxLength', args: { max: 128 } } });
  });

  it("says 'Start date cannot be after end date'", () => {
    const errors = validate({ title: 't', body: 'b', effectiveDate: new Date('2026-03-02'), expirationDate: new Date('2026-03-01') });
    expect(errors.effectiveDate.message).toBe('news.validation.startAfterEnd');
  });

  it('accepts cleared optional fields', () => {
    expect(validate({ title: 't', body: 'b', order: null, icon: null, url: null, effectiveDate: null })).toEqual({});
  });

  it("leaves out the form's own fields, such as a chosen file", () => {
    expect(validate({ title: 't', body: 'b', documentFile: { name: 'a.pdf' } })).toEqual({});
  });
});
