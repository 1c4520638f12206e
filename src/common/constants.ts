/**
 * Business constants and limits, SPEC §9. Both sides import these; nothing else
 * in the code base should repeat one of these numbers.
 */
export const LIMITS = {
  resendCodeBlockMs: 30_000,
  mfaCodeLength: 6,
  usernameMax: 50,
  newUsernameMin: 5,
  contactMax: 50,
  emailMax: 128,
  phoneMax: 32,
  msaPasswordMin: 12,
  msaPasswordMax: 32,
  registrationPasswordMax: 32,
  bannerTitleMax: 128,
  bannerBodyMax: 1024,
  newsTitleMax: 128,
  newsBodyMax: 1024,
  newsIconMax: 64,
  newsColorMax: 32,
  newsDocumentNameMax: 1024,
  newsUrlMax: 1024,
  newsBodyTruncation: 50,
  documentUploadFiles: 1,
  recentAccountSearches: 10,
  accountNameDisplay: 20,
} as const;

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

export const SMALL_SCREEN = { maxWidth: 640, maxHeight: 768 } as const;

/** The account group whose alarms are pushed live (SPEC §4, §9). */
export const LIVE_ALARM_ACCOUNT_GROUP = 9993;

export const ENVIRONMENTS = ['prod', 'staging', 'dev'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

export const XSRF = { cookie: 'XSRF-Token', header: 'X-XSRF-Token' } as const;

/** Application numbers, SPEC §1 and §6. */
export const APPLICATION = { internal: 1, dealer: 2, customer: 3 } as const;
export type ApplicationNum = (typeof APPLICATION)[keyof typeof APPLICATION];

/** Password every demo user is seeded with (README lists the users). */
export const DEMO_PASSWORD = 'ChangeMe-Demo-2026';
