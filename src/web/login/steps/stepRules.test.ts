import { describe, expect, it } from 'vitest';
import { passwordChecks, securityQuestionErrors } from './stepRules.js';

describe('securityQuestionErrors (§5 every answer required)', () => {
  it('accepts distinct answered questions', () => {
    expect(
      securityQuestionErrors([
        { question: 'a', answer: 'x' },
        { question: 'b', answer: 'y' },
      ]),
    ).toEqual({});
  });
  it('requires a question and an answer in every slot', () => {
    expect(securityQuestionErrors([{ question: '', answer: ' ' }])).toEqual({
      'questions.0.question': 'validation.required',
      'questions.0.answer': 'validation.required',
    });
  });
  it('refuses the same question twice', () => {
    expect(
      securityQuestionErrors([
        { question: 'a', answer: 'x' },
        { question: 'a', answer: 'y' },
      ]),
    ).toEqual({
      'questions.1.question': 'login.securityQuestions.duplicate',
    });
  });
});

describe('passwordChecks (§2 requirements flyout)', () => {
  it('checks 12 to 32 characters', () => {
    expect(passwordChecks('x'.repeat(11), '')[0].met).toBe(false);
    expect(passwordChecks('x'.repeat(12), '')[0].met).toBe(true);
    expect(passwordChecks('x'.repeat(32), '')[0].met).toBe(true);
    expect(passwordChecks('x'.repeat(33), '')[0].met).toBe(false);
  });
  it('leaves the common-password rule to the server', () => {
    expect(passwordChecks('abc', 'abc')[1].met).toBeUndefined();
  });
  it('wants the confirmation to match', () => {
    expect(passwordChecks('secret-secret', 'secret-secret')[2].met).toBe(true);
    expect(passwordChecks('secret-secret', 'secret-secreT')[2].met).toBe(false);
    expect(passwordChecks('', '')[2].met).toBe(false);
  });
});
