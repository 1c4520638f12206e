import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { msaAccountUpdateSchema, msaEmailConfirmationSchema, msaPersonalUserSchema, type MsaPersonalUser } from '../../../schemas/user.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { maskContact } from '../../common/loginFlow.js';
import { saveContact } from './contactMethods.js';
import { MFA_CODE_POLICY } from './mfaCodes.js';
import { noticeSecurityChange } from './securityNotices.js';
import { refuseWhileImpersonating } from './stepUp.js';
import { HttpError } from '../http/errors.js';
import { ownAccountAudit } from '../audit/audit.js';
import { routeOptions } from '../http/routeOptions.js';

const ME = 'me';
const PATH = '/msa/users/me';
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema, 429: errorSchema };
const CODE_MINUTES = MFA_CODE_POLICY.ttlMs / 60_000;
const sameEmail = (a: string | null, b: string) => (a ?? '').toLowerCase() === b.toLowerCase();

/**
 * The customer's own account (SPEC §2 MSA account dialog, §5 'MSA account', §7 'Update personal
 * user: email, phone'), as one record of the `msa/users` resource, id `me`:
 *
 * - GET msa/users/me: the email (the customer signs in with it), the profile phone, and the new
 *   email waiting for its code.
 * - PUT msa/users/me {email, phoneNumber}: the phone changes at once. A different email changes
 *   nothing yet: a code goes to the new address (mfaCodes, purpose deviceVerification, so its
 *   limits apply), and the answer names it as pending. Whether another account holds that email is
 *   not said here, to anyone who types one: only the address's owner, with the code, learns it.
 * - POST msa/users/me/emailConfirmation {code}: the right code makes the new email the customer's
 *   sign-in and email (verified), and the old address is told.
 *
 * An email change is how the customer signs in, so support acting as them cannot make it.
 */
export async function msaUserRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const route = routeOptions(['customer (My Security Account)']);

  async function record(userId: number): Promise<MsaPersonalUser> {
    const [user, pending] = await Promise.all([
      app.db.selectFrom('users').select(['email', 'username', 'phone_number']).where('user_id', '=', userId).executeTakeFirstOrThrow(),
      app.db
        .selectFrom('mfa_codes')
        .select('contact_value')
        .where('user_id', '=', userId)
        .where('purpose', '=', 'deviceVerification')
        .where('contact_type', '=', 'email')
        .where('used_at', 'is', null)
        .where('expires_at', '>', new Date())
        .orderBy('created_at', 'desc')
        .executeTakeFirst(),
    ]);
    const email = user.email ?? user.username;
    const emailPending = pending && !sameEmail(email, pending.contact_value) ? pending.contact_value : null;
    return { id: ME, email, phoneNumber: user.phone_number, emailPending };
  }

  const audit = ownAccountAudit(app.audit);

  app.get(
    PATH,
    route({
      access: { resource: 'msaUsers', action: 'show' },
      summary: "The customer's email, phone and any new email waiting for its code",
      response: { 200: msaPersonalUserSchema, ...errors },
    }),
    async (request) => record(request.auth!.user.user_id),
  );

  app.put(
    PATH,
    route({
      access: { resource: 'msaUsers', action: 'edit' },
      summary: 'Update personal user: the phone at once; a new email once the code sent to it comes back',
      body: msaAccountUpdateSchema,
      response: { 200: msaPersonalUserSchema, 400: validationErrorSchema, ...errors },
    }),
    async (request) => {
      const user = request.auth!.user;
      const email = request.body.email.trim();
      const phoneNumber = request.body.phoneNumber?.trim() || null;
      const current = await record(user.user_id);
      if (phoneNumber !== current.phoneNumber) {
        await app.db
          .updateTable('users')
          .set({ phone_number: phoneNumber, updated_at: new Date() })
          .where('user_id', '=', user.user_id)
          .execute();
        await app.sessions.changed();
        await audit(request, 'profile.updated', { fields: ['phoneNumber'] });
      }
      // The pending email sent again asks for a new code (the code limits apply: 30 s between codes).
      const emailChange = !sameEmail(current.email, email);
      if (emailChange) {
        refuseWhileImpersonating(request);
        const code = await app.mfaCodes.issue({
          userId: user.user_id,
          purpose: 'deviceVerification',
          contactType: 'email',
          contactValue: email,
        });
        const t = request.t;
        await app.outbox.sendEmail({
          to: email,
          subject: t('msa.accountDialog.codeSubject'),
          text: t('msa.accountDialog.codeBody', { code, minutes: CODE_MINUTES, portal: app.config.portalName }),
        });
        await audit(request, 'profile.emailChangeRequested', { to: maskContact(email, 'email') });
      }
      // What was read, with this request's changes: the code just issued is the newest pending one.
      return { ...current, phoneNumber, emailPending: emailChange ? email : current.emailPending };
    },
  );

  app.post(
    `${PATH}/emailConfirmation`,
    route({
      access: { resource: 'msaUsers', action: 'edit' },
      summary: 'Confirm a new email with the code sent to it: it becomes the sign-in; the old address is told',
      body: msaEmailConfirmationSchema,
      response: { 200: msaPersonalUserSchema, 400: validationErrorSchema, 409: validationErrorSchema, ...errors },
    }),
    async (request) => {
      refuseWhileImpersonating(request);
      const user = request.auth!.user;
      const verified = await app.mfaCodes.verify(user.user_id, 'deviceVerification', request.body.code);
      if (!verified || verified.contactType !== 'email') {
        await audit(request, 'mfa.failed', { purpose: 'deviceVerification' });
        throw new HttpError(400, 'steps.mfa.invalidCode', {}, { code: 'steps.mfa.invalidCode' });
      }
      const email = verified.contactValue;
      const before = user.email ?? user.username;
      const now = new Date();
      try {
        await app.db
          .updateTable('users')
          .set({ username: email, email, email_verified_at: now, updated_at: now })
          .where('user_id', '=', user.user_id)
          .execute();
      } catch (error) {
        // Another account signs in with it: the unique index on lower(username) is the check, so two
        // confirmations at once cannot both pass a read before either writes.
        if ((error as { code?: string }).code === '23505')
          throw new HttpError(409, 'msa.accountDialog.emailTaken', {}, { code: 'msa.accountDialog.emailTaken' });
        throw error;
      }
      await saveContact(app.db, user.user_id, { type: 'email', value: email }, true, now);
      await app.sessions.changed();
      await audit(request, 'profile.emailChanged', { from: maskContact(before, 'email'), to: maskContact(email, 'email') });
      await noticeSecurityChange(app, request, { ...user, email: before }, 'emailChanged');
      return record(user.user_id);
    },
  );
}
