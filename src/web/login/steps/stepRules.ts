import { LIMITS } from '../../../common/constants.js';

/** Pure rules of the login steps' forms (SPEC §5), one test each in stepRules.test.ts. */

export interface ChosenQuestion {
  question: string;
  answer: string;
}

/** §5 'Security questions: every answer required'; each slot needs a question, all distinct. Keys are locale keys. */
export function securityQuestionErrors(chosen: readonly ChosenQuestion[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  chosen.forEach((q, i) => {
    if (!q.question) errors[`questions.${i}.question`] = 'validation.required';
    else if (seen.has(q.question)) errors[`questions.${i}.question`] = 'login.securityQuestions.duplicate';
    seen.add(q.question);
    if (!q.answer.trim()) errors[`questions.${i}.answer`] = 'validation.required';
  });
  return errors;
}

export interface PasswordCheck {
  key: string;
  args?: Record<string, number>;
  /** true met, false not met, undefined: only the server can tell (a common password). */
  met: boolean | undefined;
}

/** The password-requirements flyout (§2 passwordReset, §5 12 to 32, must match; common passwords are the server's). */
export function passwordChecks(newPassword: string, confirmPassword: string): PasswordCheck[] {
  return [
    {
      key: 'login.passwordReset.rules.length',
      args: { min: LIMITS.msaPasswordMin, max: LIMITS.msaPasswordMax },
      met: newPassword.length >= LIMITS.msaPasswordMin && newPassword.length <= LIMITS.msaPasswordMax,
    },
    { key: 'login.passwordReset.rules.common', met: undefined },
    { key: 'login.passwordReset.rules.match', met: newPassword.length > 0 && newPassword === confirmPassword },
  ];
}
