/**
 * Pure rules of the captcha field (the ALTCHA widget, SPEC §2 dialogs, §4
 * 'The captcha is reset after a failed reset or register', §8 409).
 */

export type CaptchaState = 'error' | 'expired' | 'verified' | 'verifying' | 'unverified';

/** The form value for a widget state change: the solved payload while verified, else empty. */
export function captchaValue(state: CaptchaState, payload: string | undefined): string {
  return state === 'verified' && payload ? payload : '';
}

/** The widget's own texts (its `strings` option), from locale keys. */
export const CAPTCHA_STRING_KEYS = {
  label: 'captcha.widget.label',
  verifying: 'captcha.widget.verifying',
  verified: 'captcha.widget.verified',
  error: 'captcha.widget.error',
  expired: 'captcha.widget.expired',
  waitAlert: 'captcha.widget.waitAlert',
  verificationRequired: 'dialogs.captcha.required',
  reload: 'dialogs.captcha.reload',
} as const;

/** The JSON the widget's `strings` attribute takes. */
export function captchaStrings(translate: (key: string) => string): string {
  return JSON.stringify(Object.fromEntries(Object.entries(CAPTCHA_STRING_KEYS).map(([name, key]) => [name, translate(key)])));
}

/** A failed submit needs a fresh challenge: every solution is accepted once by the server. */
export function mustResetAfter(status: number): boolean {
  return status >= 400;
}
