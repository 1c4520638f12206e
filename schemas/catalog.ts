import {
  loginRequestSchema,
  loginRequirementsSchema,
  loginResponseSchema,
  mfaContactTypeSchema,
  mfaPurposeSchema,
  mfaRequestMsaSchema,
  mfaRequestSchema,
  mfaVerifyMsaSchema,
  mfaVerifySchema,
  msaLoginRequestSchema,
  reportCodeVerifySchema,
  requestReportCodeSchema,
  ssoExchangeSchema,
  teamDomainSchema,
  tokenSchema,
  usernameCheckSchema,
} from './auth.js';
import {
  accountGroupSchema,
  alarmEventSchema,
  classicKeyQuerySchema,
  classicKeySchema,
  dealerBrandingSchema,
  reportCodeResponseSchema,
  reportEventSchema,
  siteListItemSchema,
  ssoTenantSchema,
} from './dealer.js';
import { newsFilterSchema, newsItemInputSchema, newsItemSchema } from './news.js';
import { privacyPolicySchema, privacyPolicyUpdateSchema } from './privacyPolicy.js';
import {
  contactInfoSchema,
  createMsaAccountSchema,
  customerForgotPasswordSchema,
  forgotCredentialsSchema,
  forgotUsernameSchema,
  newUsernameSchema,
  passwordResetAtLoginSchema,
  recoveryPasswordResetSchema,
  registrationSetPasswordSchema,
  registrationVerifyEmailSchema,
  securityQuestionListSchema,
  securityQuestionSchema,
  securityQuestionsAnswerSchema,
} from './recovery.js';
import { clientConfigSchema } from './clientConfig.js';
import { errorSchema, validationErrorSchema } from './shared.js';
import { statusBannerSchema } from './statusBanner.js';
import {
  accountLinkFavoriteSchema,
  accountLinkSchema,
  msaAccountUpdateSchema,
  msaUserSchema,
  siteNumSchema,
  userSchema,
} from './user.js';

/**
 * Every schema with an `$id`, for the server to register once (`app.addSchema`)
 * so the OpenAPI document lists them as components. A new schema file adds
 * its schemas here; schemas.test.ts checks each compiles and has a unique $id.
 */
export const ALL_SCHEMAS = [
  // shared.ts
  validationErrorSchema,
  errorSchema,
  // news.ts
  newsItemInputSchema,
  newsItemSchema,
  newsFilterSchema,
  // statusBanner.ts
  statusBannerSchema,
  // privacyPolicy.ts
  privacyPolicySchema,
  privacyPolicyUpdateSchema,
  // user.ts
  userSchema,
  accountLinkSchema,
  msaUserSchema,
  msaAccountUpdateSchema,
  accountLinkFavoriteSchema,
  siteNumSchema,
  // dealer.ts
  dealerBrandingSchema,
  accountGroupSchema,
  siteListItemSchema,
  alarmEventSchema,
  reportEventSchema,
  reportCodeResponseSchema,
  ssoTenantSchema,
  classicKeySchema,
  classicKeyQuerySchema,
  // auth.ts
  mfaContactTypeSchema,
  mfaPurposeSchema,
  loginRequestSchema,
  msaLoginRequestSchema,
  loginRequirementsSchema,
  tokenSchema,
  loginResponseSchema,
  usernameCheckSchema,
  teamDomainSchema,
  ssoExchangeSchema,
  mfaRequestSchema,
  mfaVerifySchema,
  mfaRequestMsaSchema,
  mfaVerifyMsaSchema,
  requestReportCodeSchema,
  reportCodeVerifySchema,
  // recovery.ts
  contactInfoSchema,
  newUsernameSchema,
  securityQuestionSchema,
  securityQuestionListSchema,
  securityQuestionsAnswerSchema,
  passwordResetAtLoginSchema,
  forgotCredentialsSchema,
  recoveryPasswordResetSchema,
  forgotUsernameSchema,
  customerForgotPasswordSchema,
  createMsaAccountSchema,
  registrationVerifyEmailSchema,
  registrationSetPasswordSchema,
  // clientConfig.ts
  clientConfigSchema,
] as const;
