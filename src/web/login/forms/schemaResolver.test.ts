import { describe, expect, it } from 'vitest';
import { newUsernameSchema } from '../../../../schemas/recovery.js';
import { schemaResolver, toHookFormErrors } from './schemaResolver.js';

const options = { fields: {}, shouldUseNativeValidation: false };

describe('schemaResolver', () => {
  it('passes valid values through', async () => {
    const result = await schemaResolver(newUsernameSchema)({ username: 'dealer.new' }, undefined, options);
    expect(result.errors).toEqual({});
    expect(result.values).toEqual({ username: 'dealer.new' });
  });
  it('reports the schema rule per field (untranslated keys fall back to the key)', async () => {
    const result = await schemaResolver(newUsernameSchema)({ username: '12345' }, undefined, options);
    expect(result.errors).toEqual({ username: { type: 'schema', message: 'validation.letterRequired' } });
  });
  it('nests array fields the way react-hook-form reads them', () => {
    const errors = toHookFormErrors({ 'questions.1.answer': { message: 'validation.required' } }, (key) => key);
    expect(errors).toEqual({ questions: { 1: { answer: { type: 'schema', message: 'validation.required' } } } });
  });
});

describe('toHookFormErrors', () => {
  it('translates with the arguments', () => {
    const tree = toHookFormErrors({ a: { message: 'k', args: { max: 5 } } }, (key, args) => `${key}:${String(args?.max)}`);
    expect(tree).toEqual({ a: { type: 'schema', message: 'k:5' } });
  });
});
