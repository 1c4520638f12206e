import { describe, expect, it } from 'vitest';
import { forgotUsernameSchema } from '../../../../schemas/recovery.js';
import { createMsaAccountSchema } from '../../../../schemas/registration.js';
import { applyFieldErrors, failureView, formSchema, passwordRuleStates, questionTexts } from './formSupport.js';

describe('formSchema', () => {
  it('keeps the named fields and their required flags, without the $id', () => {
    const schema = formSchema(createMsaAccountSchema, ['email', 'password']);
    expect(Object.keys(schema.properties)).toEqual(['email', 'password']);
    expect(schema.required).toEqual(['email', 'password']);
    expect('$id' in schema).toBe(false);
  });
  it('keeps every field without a list', () => {
    expect(Object.keys(formSchema(forgotUsernameSchema).properties)).toContain('dealerNumber');
  });
  it('adds required fields (the dealer number once the server asks for it)', () => {
    expect(formSchema(forgotUsernameSchema, undefined, ['dealerNumber']).required).toContain('dealerNumber');
    expect(formSchema(forgotUsernameSchema).required).not.toContain('dealerNumber');
  });
  it('does not touch the request schema', () => {
    formSchema(forgotUsernameSchema, ['contact']);
    expect(forgotUsernameSchema.$id).toBe('ForgotUsername');
    expect(Object.keys(forgotUsernameSchema.properties)).toContain('captcha');
  });
});

describe('failureView', () => {
  it('shows the server message when present', () => {
    expect(failureView({ status: 401, body: { message: 'Wrong answers' } }, 'default').message).toBe('Wrong answers');
  });
  it('falls back to the §8 default', () => {
    expect(failureView({ status: 500, body: '' }, 'default')).toEqual({ message: 'default', fieldErrors: {}, status: 500 });
    expect(failureView(new Error('network'), 'default').status).toBe(0);
  });
  it('keeps the field messages of a 400', () => {
    const view = failureView(
      { status: 400, body: { message: 'The form is not valid', errors: { email: 'Must be a valid email', x: 1 } } },
      'd',
    );
    expect(view.fieldErrors).toEqual({ email: 'Must be a valid email' });
  });
});

describe('passwordRuleStates', () => {
  const limits = { min: 12, max: 32 };
  it('checks the length', () => {
    expect(passwordRuleStates('short', undefined, limits).length).toBe(false);
    expect(passwordRuleStates('a'.repeat(12), undefined, limits).length).toBe(true);
    expect(passwordRuleStates('a'.repeat(33), undefined, limits).length).toBe(false);
  });
  it('checks the confirmation when there is one', () => {
    expect(passwordRuleStates('abc', undefined, limits).match).toBeUndefined();
    expect(passwordRuleStates('abc', 'abd', limits).match).toBe(false);
    expect(passwordRuleStates('abc', 'abc', limits).match).toBe(true);
    expect(passwordRuleStates('', '', limits).match).toBe(false);
  });
});

describe('questionTexts', () => {
  it('reads texts and {question} objects', () => {
    expect(questionTexts(['A?', { question: 'B?' }, { nope: 1 }, 3])).toEqual(['A?', 'B?']);
    expect(questionTexts(undefined)).toEqual([]);
  });
});

describe('applyFieldErrors', () => {
  it('sets the server messages of the listed fields only', () => {
    const calls: [string, unknown][] = [];
    const setError = (name: string, error: unknown) => void calls.push([name, error]);
    applyFieldErrors<{ password: string; captcha: string }>(setError, { password: 'Too short', captcha: 'Captcha required', other: 'x' }, [
      'password',
    ]);
    expect(calls).toEqual([['password', { type: 'server', message: 'Too short' }]]);
  });
});
