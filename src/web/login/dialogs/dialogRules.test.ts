import { describe, expect, it } from 'vitest';
import {
  FORGOT_PASSWORD_STEPS,
  answerFieldName,
  answersFormSchema,
  answersFromForm,
  cancelAction,
  cancelButtonKey,
  forgotPasswordErrorKey,
  forgotPasswordSuccessKey,
  forgotUsernameConflict,
  submitButtonKey,
} from './dialogRules.js';

describe('forgot-password stepper', () => {
  it('has three steps in each variant', () => {
    expect(FORGOT_PASSWORD_STEPS.dealer).toHaveLength(3);
    expect(FORGOT_PASSWORD_STEPS.customer).toHaveLength(3);
  });
  it('reads Next before the last step and Done on it', () => {
    expect(submitButtonKey(0, 3)).toBe('dialogs.actions.next');
    expect(submitButtonKey(1, 3)).toBe('dialogs.actions.next');
    expect(submitButtonKey(2, 3)).toBe('dialogs.actions.done');
  });
  it('reads Cancel on the first step, else Back', () => {
    expect(cancelButtonKey(0)).toBe('dialogs.actions.cancel');
    expect(cancelButtonKey(1)).toBe('dialogs.actions.back');
    expect(cancelButtonKey(2)).toBe('dialogs.actions.back');
  });
  it('closes on the first step and goes one back otherwise', () => {
    expect(cancelAction(0)).toEqual({ type: 'close' });
    expect(cancelAction(2)).toEqual({ type: 'back', step: 1 });
  });
  it('has a success notice per variant', () => {
    expect(forgotPasswordSuccessKey('dealer')).toBe('dialogs.forgotPassword.success.dealer');
    expect(forgotPasswordSuccessKey('customer')).toBe('dialogs.forgotPassword.success.customer');
  });
  it('has the §8 default per step', () => {
    expect(forgotPasswordErrorKey('dealer', 0)).toBe('dialogs.errors.verifyAccount');
    expect(forgotPasswordErrorKey('dealer', 1)).toBe('dialogs.errors.validateAnswers');
    expect(forgotPasswordErrorKey('dealer', 2)).toBe('dialogs.errors.resetPassword');
    expect(forgotPasswordErrorKey('customer', 0)).toBe('dialogs.errors.sendCode');
    expect(forgotPasswordErrorKey('customer', 1)).toBe('dialogs.errors.verifyCode');
  });
});

describe('forgotUsernameConflict (§8 409)', () => {
  it('asks for the dealer number when the message mentions provide', () => {
    expect(forgotUsernameConflict('More than one account uses this contact. Please provide your dealer number.')).toEqual({
      titleKey: 'dialogs.forgotUsername.dealerNumberRequired',
      askDealerNumber: true,
    });
  });
  it('matches provide in any case', () => {
    expect(forgotUsernameConflict('PROVIDE it').askDealerNumber).toBe(true);
  });
  it('says Contact Dealer Support otherwise', () => {
    expect(forgotUsernameConflict('We could not identify a single account. Please contact dealer support.')).toEqual({
      titleKey: 'dialogs.forgotUsername.contactDealerSupport',
      askDealerNumber: false,
    });
    expect(forgotUsernameConflict(undefined).askDealerNumber).toBe(false);
  });
  it('follows the server reason when the message is translated', () => {
    expect(forgotUsernameConflict('Indique su número de distribuidor.', 'dealerNumberRequired').askDealerNumber).toBe(true);
    expect(forgotUsernameConflict('Please provide nothing', 'contactDealerSupport').askDealerNumber).toBe(false);
  });
});

describe('security-question answers', () => {
  const questions = ['First pet?', 'City?'];
  it('maps the form fields to the questions in order', () => {
    expect(answersFromForm(questions, { [answerFieldName(1)]: 'Duluth', [answerFieldName(0)]: 'Biscuit' })).toEqual([
      { question: 'First pet?', answer: 'Biscuit' },
      { question: 'City?', answer: 'Duluth' },
    ]);
  });
  it('sends an empty answer for a missing field', () => {
    expect(answersFromForm(questions, {})[0].answer).toBe('');
  });
  it('requires every answer', () => {
    const schema = answersFormSchema(2, 256);
    expect(schema.required).toEqual(['answer0', 'answer1']);
    expect(schema.properties.answer1).toEqual({ type: 'string', minLength: 1, maxLength: 256 });
  });
});
