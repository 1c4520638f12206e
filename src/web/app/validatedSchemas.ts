import { autoNotifyInputSchema, hoursExceptionInputSchema, onCallInputSchema } from '../../../schemas/ansService.js';
import { teamDomainSchema } from '../../../schemas/auth.js';
import { contactInputSchema } from '../../../schemas/contacts.js';
import { libraryDocumentInputSchema, libraryDocumentUploadSchema, roadmapItemInputSchema } from '../../../schemas/documents.js';
import { changeRequestInputSchema } from '../../../schemas/msa.js';
import { newsItemInputSchema } from '../../../schemas/news.js';
import { passcodeInputSchema } from '../../../schemas/passcodes.js';
import { privacyPolicyUpdateSchema } from '../../../schemas/privacyPolicy.js';
import {
  contactInfoSchema,
  customerForgotPasswordSchema,
  forgotCredentialsSchema,
  forgotUsernameSchema,
  newUsernameSchema,
  passwordResetAtLoginSchema,
  RECOVERY_LIMITS,
  recoveryPasswordResetSchema,
} from '../../../schemas/recovery.js';
import { createMsaAccountSchema, registrationSetPasswordSchema } from '../../../schemas/registration.js';
import { apiKeyInputSchema, webhookSubscriptionInputSchema } from '../../../schemas/integrations.js';
import { REPORT_IDS, REPORT_PARAMETER_SCHEMAS, reportScheduleInputSchema } from '../../../schemas/reports.js';
import { holidayInputSchema, scheduleInputSchema } from '../../../schemas/schedules.js';
import {
  newSiteAccountSchema,
  newSiteAddressSchema,
  newSiteContactSchema,
  newSiteDeviceSchema,
  newSitePasscodeSchema,
  newSiteZoneSchema,
} from '../../../schemas/siteCreate.js';
import { statusBannerSchema } from '../../../schemas/statusBanner.js';
import { accountLinkCreateSchema, msaAccountUpdateSchema, msaEmailConfirmationSchema } from '../../../schemas/user.js';
import { staffInviteSchema, staffUpdateSchema } from '../../../schemas/users.js';
import { zoneInputSchema } from '../../../schemas/zones.js';
import { answersFormSchema } from '../login/dialogs/dialogRules.js';
import { formSchema } from '../login/dialogs/formSupport.js';
import { withoutId } from '../reports/reportRules.js';

/**
 * Every schema the browser validates a form with, by a name for messages and tests. The build
 * writes a validator for each (scripts/precompiledValidators.ts), so the browser never compiles
 * one (the CSP has no 'unsafe-eval'); a form whose schema is missing here fails to validate with
 * an error that names this file, and entityForms.test.tsx fails for any schema-driven form left
 * out. A form cut from a request schema (formSchema, withoutId) is listed as the form cuts it.
 */
export function validatedSchemas(): Record<string, object> {
  const schemas: Record<string, object> = {
    // Resource forms (RecordFormBase, SlideOver, ResourceDialog, SubmitDialog) and dialogs.
    autoNotifyInput: autoNotifyInputSchema,
    hoursExceptionInput: hoursExceptionInputSchema,
    onCallInput: onCallInputSchema,
    contactInput: contactInputSchema,
    libraryDocumentInput: libraryDocumentInputSchema,
    libraryDocumentUpload: libraryDocumentUploadSchema,
    roadmapItemInput: roadmapItemInputSchema,
    changeRequestInput: changeRequestInputSchema,
    newsItemInput: newsItemInputSchema,
    passcodeInput: passcodeInputSchema,
    privacyPolicyUpdate: privacyPolicyUpdateSchema,
    reportScheduleInput: reportScheduleInputSchema,
    scheduleInput: scheduleInputSchema,
    holidayInput: holidayInputSchema,
    statusBanner: statusBannerSchema,
    accountLinkCreate: accountLinkCreateSchema,
    msaAccountUpdate: msaAccountUpdateSchema,
    msaEmailConfirmation: msaEmailConfirmationSchema,
    staffInvite: staffInviteSchema,
    staffUpdate: staffUpdateSchema,
    zoneInput: zoneInputSchema,
    apiKeyInput: apiKeyInputSchema,
    webhookSubscriptionInput: webhookSubscriptionInputSchema,
    // The site creation wizard's steps.
    newSiteAccount: newSiteAccountSchema,
    newSiteAddress: newSiteAddressSchema,
    newSiteDevice: newSiteDeviceSchema,
    newSiteContact: newSiteContactSchema,
    newSiteZone: newSiteZoneSchema,
    newSitePasscode: newSitePasscodeSchema,
    // Login steps and dialogs, and the registration page.
    contactInfo: contactInfoSchema,
    newUsername: newUsernameSchema,
    passwordResetAtLogin: passwordResetAtLoginSchema,
    teamDomain: formSchema(teamDomainSchema),
    createMsaAccount: formSchema(createMsaAccountSchema),
    registrationPassword: formSchema(registrationSetPasswordSchema, ['password', 'confirmPassword']),
    forgotCredentials: formSchema(forgotCredentialsSchema, ['username', 'contact', 'captcha']),
    recoveryPassword: formSchema(recoveryPasswordResetSchema, ['newPassword', 'confirmPassword']),
    customerForgotEmail: formSchema(customerForgotPasswordSchema, ['email']),
    customerForgotCode: formSchema(customerForgotPasswordSchema, ['code']),
    customerForgotPassword: formSchema(customerForgotPasswordSchema, ['newPassword', 'confirmPassword', 'captcha']),
  };
  const forgotUsernameFields = ['contact', 'captcha', 'dealerNumber'];
  schemas.forgotUsername = formSchema(forgotUsernameSchema, forgotUsernameFields);
  schemas.forgotUsernameWithDealer = formSchema(forgotUsernameSchema, forgotUsernameFields, ['dealerNumber']);
  // The recovery session's questions, as many as the server may ask.
  for (let count = 1; count <= RECOVERY_LIMITS.securityQuestionsMax; count++) {
    schemas[`securityAnswers${count}`] = answersFormSchema(count, RECOVERY_LIMITS.securityAnswerMax);
  }
  // Each report's parameters, as the run and schedule forms receive them from /api/reports.
  for (const id of REPORT_IDS) schemas[`${id}Parameters`] = withoutId(REPORT_PARAMETER_SCHEMAS[id] as never);
  return schemas;
}
