import {
  loginRefusalSchema,
  loginRequestSchema,
  loginRequirementsSchema,
  loginResponseSchema,
  mfaContactTypeSchema,
  mfaPurposeSchema,
  mfaRequestMsaSchema,
  mfaRequestSchema,
  mfaVerifyMsaSchema,
  mfaSentSchema,
  mfaVerifySchema,
  msaLoginRequestSchema,
  reportCodeVerifySchema,
  requestReportCodeSchema,
  ssoCallbackQuerySchema,
  ssoExchangeSchema,
  ssoLoginQuerySchema,
  stepResultSchema,
  teamDomainSchema,
  tokenSchema,
  trustedDevicesRevokedSchema,
  usernameCheckSchema,
} from './auth.js';
import {
  accountGroupSchema,
  alarmEventSchema,
  classicKeyQuerySchema,
  classicKeySchema,
  classicRedeemSchema,
  classicUserSchema,
  dealerBrandingSchema,
  reportCodeResponseSchema,
  reportEventSchema,
  siteListItemSchema,
  ssoTenantSchema,
} from './dealer.js';
import {
  changeRequestFilterSchema,
  changeRequestInputSchema,
  changeRequestResolutionSchema,
  changeRequestSchema,
  dealerChangeRequestFilterSchema,
  dealerChangeRequestSchema,
} from './msa.js';
import { eventFilterSchema, eventRecordSchema } from './events.js';
import {
  apiKeyFilterSchema,
  apiKeyInputSchema,
  apiKeySchema,
  webhookDeliveryFilterSchema,
  webhookDeliverySchema,
  webhookResentSchema,
  webhookSubscriptionFilterSchema,
  webhookSubscriptionInputSchema,
  webhookSubscriptionSchema,
  webhookTestSentSchema,
} from './integrations.js';
import { newsFilterSchema, newsItemInputSchema, newsItemSchema } from './news.js';
import { PRIVACY_POLICY_SCHEMAS } from './privacyPolicy.js';
import {
  contactInfoSchema,
  contactMethodListSchema,
  contactValidationSchema,
  customerForgotPasswordSchema,
  forgotCredentialsSchema,
  forgotUsernameConflictSchema,
  forgotUsernameSchema,
  newUsernameSchema,
  passwordResetAtLoginSchema,
  recoveryAnswersSchema,
  recoveryPasswordResetSchema,
  recoverySessionSchema,
  recoverySuccessSchema,
  securityQuestionListSchema,
  securityQuestionOptionsSchema,
  securityQuestionSchema,
  securityQuestionsAnswerSchema,
} from './recovery.js';
import {
  createMsaAccountSchema,
  registrationResendSchema,
  registrationSetPasswordSchema,
  registrationVerifyEmailSchema,
  usernameAvailabilitySchema,
} from './registration.js';
import { clientConfigSchema } from './clientConfig.js';
import { auditLogEntrySchema, auditLogFilterSchema } from './auditLog.js';
import { contactFilterSchema, contactInputSchema, contactOrderSchema, contactSchema } from './contacts.js';
import { passcodeFilterSchema, passcodeInputSchema, passcodeSchema } from './passcodes.js';
import {
  holidayFilterSchema,
  holidayInputSchema,
  holidaySchema,
  scheduleFilterSchema,
  scheduleInputSchema,
  scheduleSchema,
} from './schedules.js';
import { zoneFilterSchema, zoneInputSchema, zoneSchema } from './zones.js';
import { alarmIngestItemSchema, alarmIngestResultSchema, alarmIngestSchema } from './live.js';
import {
  accountGroupOptionSchema,
  accountGroupSwitchSchema,
  appVersionSchema,
  msaActiveAccountSchema,
  siteSearchQuerySchema,
  siteSummarySchema,
} from './shell.js';
import { errorSchema, validationErrorSchema } from './shared.js';
import {
  siteCreatedSchema,
  siteCreateSchema,
  siteDraftInputSchema,
  siteDraftSchema,
  transmitterAvailabilitySchema,
  transmitterQuerySchema,
} from './siteCreate.js';
import {
  REPORT_PARAMETER_SCHEMAS,
  reportDefinitionSchema,
  reportDownloadGrantSchema,
  reportProgressSchema,
  reportRunFilterSchema,
  reportRunInputSchema,
  reportRunSchema,
  reportScheduleFilterSchema,
  reportScheduleInputSchema,
  reportScheduleSchema,
} from './reports.js';
import { statusBannerSchema } from './statusBanner.js';
import {
  impersonationStartSchema,
  supportAccessSchema,
  supportActionBodySchema,
  supportUserDetailSchema,
  supportUserFilterSchema,
  supportUserSchema,
} from './support.js';
import { accountGroupSettingsInputSchema, accountGroupSettingsSchema } from './accountGroup.js';
import { ANS_SERVICE_SCHEMAS } from './ansService.js';
import {
  contactRequestInputSchema,
  contactRequestFilterSchema,
  contactRequestReceiptSchema,
  contactRequestSchema,
  contactRequestUpdateSchema,
  libraryDocumentFilterSchema,
  libraryDocumentInputSchema,
  libraryDocumentSchema,
  roadmapItemFilterSchema,
  roadmapItemInputSchema,
  roadmapItemSchema,
} from './documents.js';
import { billingSummaryQuerySchema, billingSummarySchema, invoiceFilterSchema, invoiceSchema } from './invoices.js';
import {
  dealerInvoiceDetailSchema,
  dealerInvoiceExportQuerySchema,
  dealerInvoiceFilterSchema,
  dealerInvoiceSchema,
} from './dealerInvoices.js';
import {
  profileSchema,
  profileUpdateSchema,
  revokedCountSchema,
  staffInviteSchema,
  staffUpdateSchema,
  staffUserFilterSchema,
  staffUserSchema,
  trustedDeviceSchema,
  userSessionSchema,
} from './users.js';
import { PASSKEY_SCHEMAS } from './passkeys.js';
import { SITE_IMPORT_SCHEMAS } from './siteImport.js';
import { siteTestEndSchema, siteTestFilterSchema, siteTestInputSchema, siteTestSchema, siteTestUpdateSchema } from './tests.js';
import {
  accountLinkCreateSchema,
  accountLinkFavoriteSchema,
  accountLinkSchema,
  msaAccountUpdateSchema,
  msaEmailConfirmationSchema,
  msaPersonalUserSchema,
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
  // events.ts
  eventFilterSchema,
  eventRecordSchema,
  // integrations.ts
  apiKeyInputSchema,
  apiKeySchema,
  apiKeyFilterSchema,
  webhookSubscriptionInputSchema,
  webhookSubscriptionSchema,
  webhookSubscriptionFilterSchema,
  webhookDeliverySchema,
  webhookDeliveryFilterSchema,
  webhookTestSentSchema,
  webhookResentSchema,
  // news.ts
  newsItemInputSchema,
  newsItemSchema,
  newsFilterSchema,
  // statusBanner.ts
  statusBannerSchema,
  // privacyPolicy.ts
  ...PRIVACY_POLICY_SCHEMAS,
  // user.ts
  userSchema,
  accountLinkSchema,
  msaUserSchema,
  msaAccountUpdateSchema,
  msaPersonalUserSchema,
  msaEmailConfirmationSchema,
  accountLinkFavoriteSchema,
  accountLinkCreateSchema,
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
  classicRedeemSchema,
  classicUserSchema,
  // auth.ts
  mfaContactTypeSchema,
  mfaPurposeSchema,
  loginRequestSchema,
  msaLoginRequestSchema,
  loginRequirementsSchema,
  tokenSchema,
  loginResponseSchema,
  loginRefusalSchema,
  usernameCheckSchema,
  teamDomainSchema,
  ssoExchangeSchema,
  ssoLoginQuerySchema,
  ssoCallbackQuerySchema,
  mfaRequestSchema,
  mfaVerifySchema,
  mfaRequestMsaSchema,
  mfaVerifyMsaSchema,
  requestReportCodeSchema,
  reportCodeVerifySchema,
  stepResultSchema,
  mfaSentSchema,
  trustedDevicesRevokedSchema,
  // recovery.ts
  contactInfoSchema,
  contactValidationSchema,
  contactMethodListSchema,
  securityQuestionOptionsSchema,
  newUsernameSchema,
  securityQuestionSchema,
  securityQuestionListSchema,
  securityQuestionsAnswerSchema,
  passwordResetAtLoginSchema,
  forgotCredentialsSchema,
  recoveryPasswordResetSchema,
  forgotUsernameSchema,
  customerForgotPasswordSchema,
  recoverySuccessSchema,
  recoverySessionSchema,
  recoveryAnswersSchema,
  forgotUsernameConflictSchema,
  // registration.ts
  createMsaAccountSchema,
  registrationVerifyEmailSchema,
  registrationSetPasswordSchema,
  registrationResendSchema,
  usernameAvailabilitySchema,
  // clientConfig.ts
  clientConfigSchema,
  // live.ts
  alarmIngestItemSchema,
  alarmIngestSchema,
  alarmIngestResultSchema,
  // shell.ts
  siteSearchQuerySchema,
  siteSummarySchema,
  accountGroupOptionSchema,
  accountGroupSwitchSchema,
  msaActiveAccountSchema,
  appVersionSchema,
  // tests.ts
  siteTestInputSchema,
  siteTestUpdateSchema,
  siteTestEndSchema,
  siteTestSchema,
  siteTestFilterSchema,
  // contacts.ts, zones.ts, passcodes.ts, schedules.ts (editing the account)
  contactInputSchema,
  contactSchema,
  contactFilterSchema,
  contactOrderSchema,
  zoneInputSchema,
  zoneSchema,
  zoneFilterSchema,
  passcodeInputSchema,
  passcodeSchema,
  passcodeFilterSchema,
  scheduleInputSchema,
  scheduleSchema,
  scheduleFilterSchema,
  holidayInputSchema,
  holidaySchema,
  holidayFilterSchema,
  // siteCreate.ts
  siteCreateSchema,
  siteCreatedSchema,
  transmitterQuerySchema,
  transmitterAvailabilitySchema,
  siteDraftInputSchema,
  siteDraftSchema,
  // siteImport.ts
  ...SITE_IMPORT_SCHEMAS,
  // reports.ts
  ...Object.values(REPORT_PARAMETER_SCHEMAS),
  reportDefinitionSchema,
  reportRunInputSchema,
  reportRunSchema,
  reportRunFilterSchema,
  reportProgressSchema,
  reportScheduleInputSchema,
  reportScheduleSchema,
  reportScheduleFilterSchema,
  reportDownloadGrantSchema,
  // msa.ts (the customer's screens)
  changeRequestSchema,
  changeRequestInputSchema,
  changeRequestFilterSchema,
  // invoices.ts (billing for customers)
  invoiceSchema,
  invoiceFilterSchema,
  billingSummaryQuerySchema,
  billingSummarySchema,
  // accountGroup.ts (Account Group Settings)
  accountGroupSettingsSchema,
  accountGroupSettingsInputSchema,
  // dealerInvoices.ts (billing for dealers)
  dealerInvoiceSchema,
  dealerInvoiceDetailSchema,
  dealerInvoiceFilterSchema,
  dealerInvoiceExportQuerySchema,
  // users.ts (users and profile)
  profileSchema,
  profileUpdateSchema,
  trustedDeviceSchema,
  userSessionSchema,
  revokedCountSchema,
  staffUserSchema,
  staffUserFilterSchema,
  staffInviteSchema,
  staffUpdateSchema,
  // support.ts (/support and impersonation)
  supportUserFilterSchema,
  supportUserSchema,
  supportUserDetailSchema,
  supportActionBodySchema,
  impersonationStartSchema,
  supportAccessSchema,
  // ansService.ts (the answering service)
  ...ANS_SERVICE_SCHEMAS,
  // documents.ts (document libraries, product roadmap, contact us)
  libraryDocumentSchema,
  libraryDocumentInputSchema,
  libraryDocumentFilterSchema,
  roadmapItemSchema,
  roadmapItemInputSchema,
  roadmapItemFilterSchema,
  contactRequestInputSchema,
  contactRequestReceiptSchema,
  // passkeys.ts (passkeys)
  ...PASSKEY_SCHEMAS,
  contactRequestSchema,
  contactRequestFilterSchema,
  contactRequestUpdateSchema,
  // msa.ts: the dealer's side of the customers' change requests
  dealerChangeRequestSchema,
  dealerChangeRequestFilterSchema,
  changeRequestResolutionSchema,
  // auditLog.ts (the audit log viewer)
  auditLogEntrySchema,
  auditLogFilterSchema,
] as const;
