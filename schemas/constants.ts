/**
 * The SPEC §9 limits and the enumerations the schemas encode. They live here,
 * on the lowest floor, because schemas/ imports nothing from src/; the code
 * imports them through src/common/constants.ts with the other constants.
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
  recentAccountSearches: 10,
  accountNameDisplay: 20,
} as const;

export const ENVIRONMENTS = ['prod', 'staging', 'dev'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Application numbers, SPEC §1 and §6. */
export const APPLICATION = { internal: 1, dealer: 2, customer: 3 } as const;
