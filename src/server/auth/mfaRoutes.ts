import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  mfaRequestSchema,
  mfaSentSchema,
  mfaVerifySchema,
  stepResultSchema,
  trustedDevicesRevokedSchema,
  type MfaContactType,
  type MfaPurpose,
} from '../../../schemas/auth.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { maskContact } from '../../common/loginFlow.js';
import { HttpError } from '../http/errors.js';
import { clearPending, sessionOf } from './authPlugin.js';
import {
  clearPendingContact,
  normaliseContact,
  parseContact,
  refuseContactOfAnotherUser,
  requirementsFor,
  saveContact,
  sessionMfaPurposes,
  unverifiedContactsOf,
  verifiedContacts,
  type Contact,
} from './contactMethods.js';
import { MFA_CODE_POLICY } from './mfaCodes.js';
import type { Pending } from './requirements.js';
import { signInRepository } from './signInRepository.js';
import { recordCodeVerified, refuseActingAs } from './stepUp.js';
import { clearTrustedDeviceCookie, rememberDevice, revokeDevices, setTrustedDeviceCookie } from './trustedDevices.js';
import { ownAccountAudit } from '../audit/audit.js';
import { routeOptions } from '../http/routeOptions.js';

const CODE_MINUTES = MFA_CODE_POLICY.ttlMs / 60_000;

/** The contact of `type` among `contacts`, else the first of the other type (§4 fallback). */
function pick(contacts: readonly Contact[], type: MfaContactType): Contact | undefined {
  return contacts.find((c) => c.type === type) ?? contacts[0];
}

/** The field error for a typed contact that is not of the chosen type. */
function notOfType(type: MfaContactType): HttpError {
  return new HttpError(
    400,
    'validation.invalidForm',
    {},
    {
      contactMethodValue: type === 'email' ? 'validation.format.email' : 'validation.phone',
    },
  );
}

/**
 * The login steps' codes (SPEC §7 'POST mfa/request', 'POST mfa/verify'; §4
 * 'MFA purpose', where the code goes, 'After verification in
 * deviceVerification mode, the contact method is saved to the user'), and
 * forgetting remembered devices.
 */
export async function mfaRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const repository = signInRepository(app.db);
  const route = routeOptions(['sign-in']);
  const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 409: validationErrorSchema, 429: errorSchema };

  /** Where a code for `purpose` goes: the typed contact (contact step only), else a saved one. */
  async function targetOf(userId: number, purpose: MfaPurpose, type: MfaContactType, typed: string): Promise<Contact | undefined> {
    if (purpose === 'deviceVerification') {
      if (typed) {
        const contact = parseContact(typed, type);
        if (!contact) throw notOfType(type);
        await refuseContactOfAnotherUser(app.db, userId, contact, 'contactMethodValue');
        return contact;
      }
      // A contact saved by user/contactMethod/internal|external (or a replacement of a verified one), waiting for its code.
      return pick(await unverifiedContactsOf(app.db, userId), type);
    }
    const verified = await verifiedContacts(app.db, userId);
    if (!typed) return pick(verified, type);
    // Identity is not proven yet: a code may go only to a contact the user already confirmed.
    const contact = parseContact(typed, type);
    const own = contact && verified.find((v) => v.type === contact.type && normaliseContact(v.value, v.type) === contact.value);
    if (!own) throw new HttpError(400, 'steps.mfa.contactNotAllowed', {}, { contactMethodValue: 'steps.mfa.contactNotAllowed' });
    return own;
  }

  /**
   * Of the purposes the session may verify, the one of the newest code waiting. During the login
   * steps that is the step's; after them an identity code only when one was asked for (else no code
   * is due, as before step-up codes existed).
   */
  async function purposeToVerify(userId: number, pending: Pending, purposes: MfaPurpose[]): Promise<MfaPurpose | undefined> {
    if (pending.noContactInfo || pending.mfaRequired) return purposes[0];
    return (await repository.newestWaitingCodePurpose(userId, purposes)) ?? purposes.find((p) => p !== 'identityVerification');
  }

  const audit = ownAccountAudit(app.audit);

  app.post(
    '/mfa/request',
    route({
      access: 'signedIn',
      summary: 'Send a login-step code (purpose as the session expects) to the typed or a saved contact',
      body: mfaRequestSchema,
      response: { 200: mfaSentSchema, ...errors },
    }),
    async (request) => {
      const { user } = request.auth!;
      const { type, mfaType } = request.body;
      if (!(await sessionMfaPurposes(app, request)).includes(mfaType)) throw new HttpError(400, 'steps.mfa.wrongPurpose');
      const purpose = mfaType;
      const target = await targetOf(user.user_id, purpose, type, request.body.contactMethodValue?.trim() ?? '');
      if (!target) throw new HttpError(400, 'steps.mfa.noContact');

      const masked = maskContact(target.value, target.type);
      let code: string;
      try {
        code = await app.mfaCodes.issue({ userId: user.user_id, purpose, contactType: target.type, contactValue: target.value });
      } catch (error) {
        await audit(request, 'mfa.codeRefused', { purpose, type: target.type, to: masked });
        throw error;
      }
      const t = request.t;
      const args = { code, minutes: CODE_MINUTES };
      const sent =
        target.type === 'email'
          ? await app.outbox.sendEmail({ to: target.value, subject: t('steps.mfa.emailSubject'), text: t('steps.mfa.emailBody', args) })
          : await app.outbox.sendText({ to: target.value, text: t('steps.mfa.textBody', args) });
      await audit(request, 'mfa.codeSent', { purpose, type: target.type, to: masked, delivery: sent.status });
      return { mfaSentTo: masked, mfaSentToMsg: target.type };
    },
  );

  app.post(
    '/mfa/verify',
    route({
      access: 'signedIn',
      summary: 'Check the code the session expects; clears the contact and MFA steps',
      body: mfaVerifySchema,
      response: { 200: stepResultSchema, ...errors },
    }),
    async (request, reply) => {
      const { user, pending } = request.auth!;
      const session = sessionOf(request);
      const purpose = await purposeToVerify(user.user_id, pending, await sessionMfaPurposes(app, request));
      if (!purpose) throw new HttpError(400, 'steps.mfa.wrongPurpose');
      let verified;
      try {
        verified = await app.mfaCodes.verify(user.user_id, purpose, request.body.code);
      } catch (error) {
        await audit(request, 'mfa.failed', { purpose, tooManyAttempts: true });
        throw error;
      }
      if (!verified) {
        await audit(request, 'mfa.failed', { purpose });
        throw new HttpError(401, 'steps.mfa.invalidCode');
      }

      if (purpose === 'deviceVerification') {
        const contact = { type: verified.contactType, value: normaliseContact(verified.contactValue, verified.contactType) };
        await refuseContactOfAnotherUser(app.db, user.user_id, contact, 'code');
        await saveContact(app.db, user.user_id, contact, true);
        await clearPendingContact(app.db, user.user_id, contact.type);
        await audit(request, 'contactMethod.verified', { type: contact.type, to: maskContact(contact.value, contact.type) });
      }
      // Remembering a device skips MFA at sign-in, so only a sign-in's own code does it (§2: not on password reset).
      const remember =
        request.body.rememberDevice === true && purpose !== 'passwordReset' && !!(pending.mfaRequired || pending.noContactInfo);
      if (remember) {
        const token = await rememberDevice(app.db, user.user_id, request.headers['user-agent']);
        setTrustedDeviceCookie(reply, app.config.publicUrl, token);
      }
      await clearPending(app, request, 'noContactInfo', 'mfaRequired');
      // A code to a contact already verified proves the person: sensitive changes pass for a few minutes (stepUp.ts).
      if (purpose !== 'deviceVerification') await recordCodeVerified(app.db, session.session_id, user.user_id);
      await audit(request, 'mfa.verified', { purpose, rememberDevice: remember });
      return { success: true, reqs: await requirementsFor(app, request) };
    },
  );

  app.delete(
    '/account/trustedDevices',
    route({
      access: 'signedIn',
      summary: "Forget every device remembered for the user ('Remember this device?')",
      response: { 200: trustedDevicesRevokedSchema, 401: errorSchema, 403: errorSchema },
    }),
    async (request, reply) => {
      // The user's own devices are theirs to forget, not support's acting as them.
      refuseActingAs(request);
      const revoked = await revokeDevices(app.db, request.auth!.user.user_id);
      clearTrustedDeviceCookie(reply);
      await audit(request, 'trustedDevices.revoked', { count: revoked });
      return { success: true, revoked };
    },
  );
}
