import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { Selectable } from 'kysely';
import { recoverySuccessSchema } from '../../../schemas/recovery.js';
import {
  createMsaAccountSchema,
  registrationResendSchema,
  registrationSetPasswordSchema,
  registrationVerifyEmailSchema,
  type RegistrationSetPassword,
} from '../../../schemas/registration.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { TOO_MANY_ATTEMPTS_KEY } from '../auth/mfaCodes.js';
import { ACCOUNT_POLICY, ADDRESS_POLICY } from '../auth/throttle.js';
import { requireCaptcha } from '../captcha/captchaPlugin.js';
import type { UsersTable } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { mailLinkBase } from '../mail/links.js';
import {
  GATES,
  isRegistered,
  LINK_STATUS,
  newPasswordErrors,
  normaliseEmail,
  RECOVERY_KEYS,
  RECOVERY_POLICY,
  registrationLink,
  registrationLinkOutcome,
  tokenState,
} from './recoveryRules.js';
import { refuseFieldErrors, requireGates, userAudit } from './recoveryHttp.js';
import { TOKEN_KIND, type TokenKind } from '../auth/oneTimeTokens.js';
import { registrationRepository } from './registrationRepository.js';
import { routeOptions } from '../http/routeOptions.js';
import { ANONYMOUS_FORM_LIMIT } from '../http/rateLimit.js';

type User = Selectable<UsersTable>;

/**
 * Create MSA account and registration by emailed link (SPEC §2 'Create MSA
 * account dialog', 'Registration page'; §4 'Registration'; §7 'Register',
 * 'Verify the email registration code', 'Verify the password registration
 * code', 'Resend the registration code'; §8 412 expired link, 409 already
 * registered). All anonymous.
 */
export async function registrationRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const limiter = app.throttle;
  const registration = registrationRepository(app.db);
  const route = routeOptions(['registration']);
  /** An audit entry of the request: an action, about a user when one is known. */
  const audit = userAudit(app.audit);
  const linkResponses = { 200: recoverySuccessSchema, 400: validationErrorSchema, 409: errorSchema, 412: errorSchema, 429: errorSchema };

  /**
   * Emails a fresh link, replacing the earlier ones: to verify the email of a
   * customer who chose a password, or to set the first password of one
   * created by staff (no password yet).
   */
  async function sendLink(request: FastifyRequest, user: User) {
    const kind: TokenKind = user.password_hash ? TOKEN_KIND.registration : TOKEN_KIND.registrationOtp;
    const ttlMs = kind === TOKEN_KIND.registration ? RECOVERY_POLICY.registrationLinkTtlMs : RECOVERY_POLICY.registrationOtpTtlMs;
    const token = await registration.replaceToken(kind, user.user_id, ttlMs);
    const link = registrationLink(mailLinkBase(request.hostname, app.config), kind === TOKEN_KIND.registration ? 'code' : 'otp', token);
    const hours = String(ttlMs / 3_600_000);
    const [subject, body] =
      kind === TOKEN_KIND.registration
        ? [RECOVERY_KEYS.verifySubject, RECOVERY_KEYS.verifyBody]
        : [RECOVERY_KEYS.otpSubject, RECOVERY_KEYS.otpBody];
    await app.outbox.sendEmail({ to: user.email ?? user.username, subject: request.t(subject), text: request.t(body, { link, hours }) });
  }

  /** The user behind a link of `kind`, or the §8 status of the link (400, 409, 412). */
  async function openLink(request: FastifyRequest, kind: TokenKind, token: string) {
    const row = await registration.findToken([kind], token);
    const user = row?.user_id ? await registration.customerById(row.user_id) : undefined;
    const outcome = registrationLinkOutcome(
      row && user && !user.disabled_at ? tokenState(row, new Date()) : undefined,
      !!user && isRegistered(user),
    );
    if (outcome !== 'valid') {
      await audit(request, 'registration.linkRefused', user?.user_id, { kind, outcome });
      throw new HttpError(LINK_STATUS[outcome].status, LINK_STATUS[outcome].key);
    }
    return { row: row!, user: user! };
  }

  app.post(
    '/msa/register',
    route(
      {
        access: 'public',
        summary: 'Create MSA account: an alarm account number and its passcode; emails the verification link',
        body: createMsaAccountSchema,
        response: { 201: recoverySuccessSchema, 400: validationErrorSchema, 409: errorSchema, 429: errorSchema },
      },
      { config: { rateLimit: ANONYMOUS_FORM_LIMIT } },
    ),
    async (request, reply) => {
      await requireCaptcha(app, request.body.captcha);
      const { password, accountPasscode } = request.body;
      const email = normaliseEmail(request.body.email);
      const accountNumber = request.body.accountNumber.trim();
      refuseFieldErrors(newPasswordErrors('password', password, email));

      const keys = [`register:site:${accountNumber.toLowerCase()}`, `register:ip:${request.ip}`];
      if (await limiter.isBlocked(keys)) {
        await audit(request, 'registration.throttled', undefined, { accountNumber });
        throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
      }
      const site = /^\d{1,9}$/.test(accountNumber) ? await registration.site(Number(accountNumber)) : undefined;
      // An unknown account costs the same argon2 work as a wrong passcode.
      if (!site || !(await app.secrets.verify(site.account_passcode_hash, accountPasscode.trim()))) {
        await limiter.fail([
          { key: keys[0], policy: ACCOUNT_POLICY },
          { key: keys[1], policy: ADDRESS_POLICY },
        ]);
        await audit(request, 'registration.failed', undefined, { reason: 'account', accountNumber });
        throw new HttpError(400, 'validation.invalidForm', {}, { accountPasscode: RECOVERY_KEYS.accountMismatch });
      }
      await limiter.succeed([keys[0]]);

      const taken = await registration.usernameTaken(email);
      if (taken) {
        await audit(request, 'registration.failed', taken.user_id, { reason: 'alreadyRegistered', siteNum: site.site_num });
        throw new HttpError(409, RECOVERY_KEYS.alreadyRegistered);
      }
      const passwordHash = await app.secrets.hash(password);
      // Two requests for one email at once: the unique username index lets one through.
      const user = await registration.createCustomer({ email, passwordHash, siteNum: site.site_num });
      if (!user) throw new HttpError(409, RECOVERY_KEYS.alreadyRegistered);
      await sendLink(request, user);
      await audit(request, 'registration.created', user.user_id, { siteNum: site.site_num });
      return reply.status(201).send({ success: true });
    },
  );

  app.post(
    '/msa/register/verify',
    route(
      {
        access: 'public',
        summary: 'Verify the email registration code (the link query `code`)',
        body: registrationVerifyEmailSchema,
        response: linkResponses,
      },
      { config: { rateLimit: ANONYMOUS_FORM_LIMIT } },
    ),
    async (request) => {
      const { row, user } = await openLink(request, TOKEN_KIND.registration, request.body.code);
      if (!(await registration.spendToken(row.token_hash))) throw new HttpError(400, RECOVERY_KEYS.linkInvalid);
      await registration.verifyEmail(user);
      await audit(request, 'registration.verified', user.user_id);
      return { success: true };
    },
  );

  app.post(
    '/msa/register/password',
    route(
      {
        access: 'public',
        summary: 'Verify the password registration code: the link query `otp` and the first password',
        body: registrationSetPasswordSchema,
        response: linkResponses,
      },
      { config: { rateLimit: ANONYMOUS_FORM_LIMIT } },
    ),
    async (request) => {
      // The confirmation's `$data` rule leaves the body untyped (schemas/recovery.ts WithoutDataConst).
      const body = request.body as RegistrationSetPassword;
      const { row, user } = await openLink(request, TOKEN_KIND.registrationOtp, body.otp);
      refuseFieldErrors(newPasswordErrors('password', body.password, user.username));
      if (!(await registration.spendToken(row.token_hash))) throw new HttpError(400, RECOVERY_KEYS.linkInvalid);
      await registration.setFirstPassword(user, await app.secrets.hash(body.password));
      await audit(request, 'registration.passwordSet', user.user_id);
      return { success: true };
    },
  );

  app.post(
    '/msa/register/resend',
    route(
      {
        access: 'public',
        summary: 'Resend the registration code: a fresh link for an expired one (code or otp), or by email',
        body: registrationResendSchema,
        response: linkResponses,
      },
      { config: { rateLimit: ANONYMOUS_FORM_LIMIT } },
    ),
    async (request) => {
      const { code, otp, email } = request.body;
      const token = code ?? otp;
      if (token) {
        const row = await registration.findToken([TOKEN_KIND.registration, TOKEN_KIND.registrationOtp], token);
        const user = row?.user_id ? await registration.customerById(row.user_id) : undefined;
        if (!user || user.disabled_at) throw new HttpError(400, RECOVERY_KEYS.linkInvalid);
        if (isRegistered(user)) {
          await audit(request, 'registration.resendRefused', user.user_id, { reason: 'alreadyRegistered' });
          throw new HttpError(409, RECOVERY_KEYS.alreadyRegistered);
        }
        await gate(request, `registerLink:user:${user.user_id}`);
        await sendLink(request, user);
        await audit(request, 'registration.resent', user.user_id);
        return { success: true };
      }
      if (!email) throw new HttpError(400, RECOVERY_KEYS.linkMissing);
      // By email the answer is the same whoever the address belongs to.
      const address = normaliseEmail(email);
      await gate(request, `registerLink:email:${address}`);
      const user = await registration.customerByEmail(address);
      if (user && !user.disabled_at && !isRegistered(user)) {
        await sendLink(request, user);
        await audit(request, 'registration.resent', user.user_id);
      } else {
        await audit(request, 'registration.resendIgnored', user?.user_id);
      }
      return { success: true };
    },
  );

  async function gate(request: FastifyRequest, key: string) {
    await requireGates(app.db, [
      [key, GATES.linkPerAccount],
      [`registerLink:ip:${request.ip}`, GATES.perAddress],
    ]);
  }
}
