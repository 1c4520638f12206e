import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { mfaRequestMsaSchema, mfaVerifyMsaSchema, usernameCheckSchema } from '../../../schemas/auth.js';
import { customerForgotPasswordSchema, recoverySuccessSchema, type CustomerForgotPassword } from '../../../schemas/recovery.js';
import { usernameAvailabilitySchema } from '../../../schemas/registration.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { MFA_CODE_POLICY, TOO_MANY_ATTEMPTS_KEY } from '../auth/mfaCodes.js';
import { noticeSecurityChange } from '../auth/securityNotices.js';
import { requireCaptcha } from '../captcha/captchaPlugin.js';
import { HttpError } from '../http/errors.js';
import { GATES, newPasswordErrors, normaliseEmail, RECOVERY_KEYS, RECOVERY_POLICY } from './recoveryRules.js';
import { refuseFieldErrors, requireGates, userAudit } from './recoveryHttp.js';
import { recoveryRepository } from './recoveryRepository.js';
import { registrationRepository } from './registrationRepository.js';
import { routeOptions } from '../http/routeOptions.js';
import { ANONYMOUS_FORM_LIMIT } from '../http/rateLimit.js';

/**
 * Customer (MSA) forgot password, SPEC §4 'Forgot password (customer)': the
 * stepper's email → code → new password, over §7 mfa/request/msa,
 * mfa/verify/msa and 'Reset password: email, new password, captcha'; and §7
 * 'Validate username' for the Create Account dialog.
 *
 * mfa/verify/msa checks the code without spending it; msa/password checks it
 * again and spends it, so the reset needs the code and no server session.
 * An unknown email takes the same path as a customer's: the same answers,
 * the same 30 s resend block, the same count of wrong codes before 429.
 */
export async function msaRecoveryRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const route = routeOptions(['recovery']);
  const audit = userAudit(app.audit);
  const recovery = recoveryRepository(app.db);
  const registration = registrationRepository(app.db);
  const failKey = (email: string) => `msaCode:fail:${email}`;

  /** The verified, enabled customer with this email, if any. */
  async function customer(email: string) {
    const user = await recovery.customerByEmail(email);
    return user && user.email_verified_at && !user.disabled_at && user.email ? user : undefined;
  }

  /** Counts a wrong code for the address: 429 at the limit, else 401. */
  async function wrongCode(request: FastifyRequest, email: string, userId: number | undefined): Promise<never> {
    const failures = await recovery.recordFailure(failKey(email));
    await audit(request, 'recovery.code.wrong', userId, { failures });
    if (failures >= RECOVERY_POLICY.maxCodeFailures) throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
    throw new HttpError(401, RECOVERY_KEYS.codeInvalid);
  }

  async function refuseWhenLocked(email: string) {
    if ((await recovery.failureCount(failKey(email))) >= RECOVERY_POLICY.maxCodeFailures) throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
  }

  /** app.mfaCodes.verify for the customer, counting its own 429 as a wrong code of the address too. */
  async function checkCode(request: FastifyRequest, email: string, userId: number | undefined, code: string, spend: boolean) {
    if (!userId) return wrongCode(request, email, undefined);
    try {
      const verified = await app.mfaCodes.verify(userId, 'passwordReset', code, new Date(), { spend });
      if (!verified) return wrongCode(request, email, userId);
    } catch (err) {
      if (err instanceof HttpError && err.statusCode === 429) await recovery.recordFailure(failKey(email));
      throw err;
    }
  }

  app.post(
    '/mfa/request/msa',
    route(
      {
        access: 'public',
        summary: 'Forgot password (customer), step 1: emails a reset code when a customer has this email; the same answer either way',
        body: mfaRequestMsaSchema,
        response: { 200: recoverySuccessSchema, 400: validationErrorSchema, 429: errorSchema },
      },
      { config: { rateLimit: ANONYMOUS_FORM_LIMIT } },
    ),
    async (request) => {
      const email = normaliseEmail(request.body.email);
      await requireGates(app.db, [
        [`msaCode:email:${email}`, GATES.codePerEmail],
        [`msaCode:ip:${request.ip}`, GATES.perAddress],
      ]);
      // A new code starts a new count of wrong ones, as app.mfaCodes does per code.
      await recovery.clearKeys([failKey(email)]);
      const user = await customer(email);
      if (!user) {
        await audit(request, 'recovery.code.unknown');
        return { success: true };
      }
      let code: string;
      try {
        code = await app.mfaCodes.issue({
          userId: user.user_id,
          purpose: 'passwordReset',
          contactType: 'email',
          contactValue: user.email!,
        });
      } catch (err) {
        // The per-user limits of app.mfaCodes must not answer differently from an unknown address.
        if (err instanceof HttpError && err.statusCode === 429) {
          await audit(request, 'recovery.code.throttled', user.user_id);
          return { success: true };
        }
        throw err;
      }
      const minutes = String(MFA_CODE_POLICY.ttlMs / 60_000);
      // Not awaited: a customer's address answers as fast as an unknown one.
      app.outbox
        .sendEmail({
          to: user.email!,
          subject: request.t(RECOVERY_KEYS.codeSubject),
          text: request.t(RECOVERY_KEYS.codeBody, { code, minutes }),
        })
        .catch((err: unknown) => request.log.error({ err }, 'reset code not recorded'));
      await audit(request, 'recovery.code.sent', user.user_id);
      return { success: true };
    },
  );

  app.post(
    '/mfa/verify/msa',
    route(
      {
        access: 'public',
        summary: 'Forgot password (customer), step 2: checks the emailed code (it is spent by msa/password)',
        body: mfaVerifyMsaSchema,
        response: { 200: recoverySuccessSchema, 400: validationErrorSchema, 401: errorSchema, 429: errorSchema },
      },
      { config: { rateLimit: ANONYMOUS_FORM_LIMIT } },
    ),
    async (request) => {
      const email = normaliseEmail(request.body.username);
      await refuseWhenLocked(email);
      const user = await customer(email);
      await checkCode(request, email, user?.user_id, request.body.code, false);
      await audit(request, 'recovery.code.checked', user!.user_id);
      return { success: true };
    },
  );

  app.post(
    '/msa/password',
    route(
      {
        access: 'public',
        summary: 'Forgot password (customer), step 3: the new password, with the emailed code; ends every sign-in',
        body: customerForgotPasswordSchema,
        response: { 200: recoverySuccessSchema, 400: validationErrorSchema, 401: errorSchema, 429: errorSchema },
      },
      { config: { rateLimit: ANONYMOUS_FORM_LIMIT } },
    ),
    async (request) => {
      // The confirmation's `$data` rule leaves the body untyped (schemas/recovery.ts WithoutDataConst).
      const body = request.body as CustomerForgotPassword;
      await requireCaptcha(app, body.captcha);
      const email = normaliseEmail(body.email);
      refuseFieldErrors(newPasswordErrors('newPassword', body.newPassword));
      await refuseWhenLocked(email);
      const user = await customer(email);
      await checkCode(request, email, user?.user_id, body.code, true);
      const userId = user!.user_id;
      await recovery.resetPassword(userId, body.newPassword);
      await recovery.clearKeys([failKey(email), `account:${email}`]);
      await audit(request, 'recovery.password.reset', userId);
      await noticeSecurityChange(app, request, user!, 'passwordChanged');
      return { success: true };
    },
  );

  app.post(
    '/msa/username',
    // Asked as the customer types, so not under the forms' per-minute limit: its own per-address gate bounds it.
    route({
      access: 'public',
      summary: 'Validate username (Create Account): whether the email can still be registered',
      body: usernameCheckSchema,
      response: { 200: usernameAvailabilitySchema, 400: validationErrorSchema, 429: errorSchema },
    }),
    async (request) => {
      await requireGates(app.db, [[`msaUsername:ip:${request.ip}`, GATES.perAddress]]);
      const taken = await registration.usernameTaken(normaliseEmail(request.body.username));
      return { available: !taken };
    },
  );
}
