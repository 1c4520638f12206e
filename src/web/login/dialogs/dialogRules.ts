/**
 * Pure rules of the sign-in dialogs: SPEC §2 'Forgot-password dialog',
 * 'Forgot-username dialog', §4 'Forgot password', 'Forgot username', §8 409.
 * The React components only wire these.
 */

export type RecoveryVariant = 'dealer' | 'customer';

/** What the forgot-password dialog hands each variant's steps (here so the variants and the dialog do not import each other). */
export interface RecoveryStepProps {
  step: number;
  stepCount: number;
  /** Cancel/Back (§2): closes on the first step, else goes one back. */
  onCancel(): void;
  onNext(): void;
  /** The flow succeeded: the dialog closes. */
  onDone(): void;
}

/** §2 'Step 0 Verify, Step 1 Security Questions, Step 2 New Password'; the customer's email, code, new password. */
export const FORGOT_PASSWORD_STEPS: Record<RecoveryVariant, readonly string[]> = {
  dealer: [
    'dialogs.forgotPassword.steps.verify',
    'dialogs.forgotPassword.steps.securityQuestions',
    'dialogs.forgotPassword.steps.newPassword',
  ],
  customer: ['dialogs.forgotPassword.steps.email', 'dialogs.forgotPassword.steps.code', 'dialogs.forgotPassword.steps.newPassword'],
};

/** §2 'The footer button reads Next, then Done on the last step.' */
export function submitButtonKey(step: number, stepCount: number): string {
  return step >= stepCount - 1 ? 'dialogs.actions.done' : 'dialogs.actions.next';
}

/** §2 'The cancel button reads Cancel on the first step, else Back.' */
export function cancelButtonKey(step: number): string {
  return step <= 0 ? 'dialogs.actions.cancel' : 'dialogs.actions.back';
}

/** What the cancel/back button does: close the dialog on the first step, else go one step back. */
export function cancelAction(step: number): { type: 'close' } | { type: 'back'; step: number } {
  return step <= 0 ? { type: 'close' } : { type: 'back', step: step - 1 };
}

/** §4 success notice of each variant. */
export function forgotPasswordSuccessKey(variant: RecoveryVariant): string {
  return variant === 'dealer' ? 'dialogs.forgotPassword.success.dealer' : 'dialogs.forgotPassword.success.customer';
}

/** §8 default message of a failed step (the server's message wins when present). */
export function forgotPasswordErrorKey(variant: RecoveryVariant, step: number): string {
  if (variant === 'dealer') {
    if (step === 0) return 'dialogs.errors.verifyAccount';
    if (step === 1) return 'dialogs.errors.validateAnswers';
    return 'dialogs.errors.resetPassword';
  }
  if (step === 0) return 'dialogs.errors.sendCode';
  if (step === 1) return 'dialogs.errors.verifyCode';
  return 'dialogs.errors.resetPassword';
}

/**
 * §8 '409 on forgot username: title 'Dealer Number Required' if the message
 * mentions provide, else 'Contact Dealer Support'.' The dealer number field
 * appears only in the first case. The server also says which case it is in
 * `reason`, since a translated message need not contain the English word.
 */
export function forgotUsernameConflict(message: string | undefined, reason?: unknown): { titleKey: string; askDealerNumber: boolean } {
  const askDealerNumber = reason === 'dealerNumberRequired' || (reason !== 'contactDealerSupport' && /provide/i.test(message ?? ''));
  return askDealerNumber
    ? { titleKey: 'dialogs.forgotUsername.dealerNumberRequired', askDealerNumber: true }
    : { titleKey: 'dialogs.forgotUsername.contactDealerSupport', askDealerNumber: false };
}

/** Fields of the security-question step: one per question, named by position. */
export function answerFieldName(index: number): string {
  return `answer${index}`;
}

/** The answers of the security-question form in the shape the server takes, in question order. */
export function answersFromForm(
  questions: readonly string[],
  values: Readonly<Record<string, unknown>>,
): { question: string; answer: string }[] {
  return questions.map((question, index) => {
    const value = values[answerFieldName(index)];
    return { question, answer: typeof value === 'string' ? value : '' };
  });
}

/** A form schema with one required answer per question (§5 'every answer required'). */
export function answersFormSchema(questionCount: number, answerMax: number) {
  const properties: Record<string, { type: 'string'; minLength: 1; maxLength: number }> = {};
  const required: string[] = [];
  for (let index = 0; index < questionCount; index += 1) {
    properties[answerFieldName(index)] = { type: 'string', minLength: 1, maxLength: answerMax };
    required.push(answerFieldName(index));
  }
  return { type: 'object', additionalProperties: false, required, properties } as const;
}
