/**
 * Business constants and limits, SPEC §9. Both sides import these; nothing else
 * in the code base should repeat one of these numbers. The limits and the
 * enumerations the schemas encode are defined in schemas/constants.ts.
 */
export { APPLICATION, ENVIRONMENTS, LIMITS, type Environment } from '../../schemas/constants.js';

export const TIMINGS = {
  notificationDefaultMs: 7000,
  alarmNoticeMs: 10_000,
  reportNoticeMs: 10_000,
  updateNoticeMs: 1e6,
  loginExpiredNoticeMs: 10_000,
  impersonationExpiredNoticeMs: 10_000,
  verifyError401Ms: 10_000,
  verifyErrorOtherMs: 6000,
  updateCheckMs: 15_000,
  idleTimeoutMs: 180_000,
  reconnectAttemptsMax: 4,
  feedbackPromptAfterMs: 15 * 60_000,
  feedbackPromptShownMs: 5 * 60_000,
  helpPromptAfterMs: 5 * 60_000,
  helpPromptShownMs: 2 * 60_000,
  dealerSwitchPulseMs: 3000,
  nonGetWrapperMs: 3000,
  stepChangeAnimationMs: 500,
} as const;

/** §9 'Small screen: width under 640 px or height under 768 px'. */
export const SMALL_SCREEN = { widthUnder: 640, heightUnder: 768 } as const;

/** The account group whose alarms are pushed live (SPEC §4, §9). */
export const LIVE_ALARM_ACCOUNT_GROUP = 9993;

export const XSRF = { cookie: 'XSRF-Token', header: 'X-XSRF-Token' } as const;

/** Password every demo user is seeded with (README lists the users). */
export const DEMO_PASSWORD = 'ChangeMe-Demo-2026';
