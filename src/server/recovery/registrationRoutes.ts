import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { sql, type Selectable } from 'kysely';
import { recoverySuccessSchema } from '../../../schemas/recovery.js';
import {
  createMsaAccountSchema,
  registrationResendSchema,
  registrationSetPasswordSchema,
  registrationVerifyEmailSchema,
  type RegistrationSetPassword,
} from '../../../schemas/registration.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { APPLICATION } from '../../common/constants.js';
import { TOO_MANY_ATTEMPTS_KEY } from '../auth/mfaCodes.js';
import { hashSecret, verifySecret } from '../auth/secrets.js';
import { ACCOUNT_POLICY, ADDRESS_POLICY, throttle } from '../auth/throttle.js';
import { requireCaptcha } from '../captcha/captchaPlugin.js';
import type { UsersTable } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import {
  CUSTOMER_ROLES,
  GATES,
  isRegistered,
  LINK_STATUS,
  linkBase,
  newPasswordErrors,
  normaliseEmail,
  RECOVERY_KEYS,
  RECOVERY_POLICY,
  registrationLink,
  registrationLinkOutcome,
  tokenState,
} from './recoveryRules.js';
import { refuseFieldErrors, requireGates, userAudit } from './recoveryHttp.js';
import {
  createToken,
  findCustomer,
  findToken,
  retireTokens,
  spendToken,
  TOKEN_KIND,
  verifyEmailContact,
  type TokenKind,
} from './recoveryStore.js';

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
  const limiter = throttle(app.db);
  const tags = ['registration'];
  const audit = userAudit(app.db);
  const linkResponses = { 200: recoverySuccessSchema, 400: validationErrorSchema, 409: errorSchema, 412: errorSchema, 429: errorSchema };

  /**
   * Emails a fresh link, replacing the earlier ones: to verify the email of a
   * customer who chose a password, or to set the first password of one
   * created by staff (no password yet).
   */
  async function sendLink(request: FastifyRequest, user: User) {
    const kind: TokenKind = user.password_hash ? TOKEN_KIND.registration : TOKEN_KIND.registrationOtp;
    const ttlMs = kind === TOKEN_KIND.registration ? RECOVERY_POLICY.registrationLinkTtlMs : RECOVERY_POLICY.registrationOtpTtlMs;
    await retireTokens(app.db, user.user_id, kind);
    const token = await createToken(app.db, { kind, userId: user.user_id, ttlMs });
    const link = registrationLink(
      linkBase(request, app.config.msaHosts, app.config.publicUrl),
      kind === TOKEN_KIND.registration ? 'code' : 'otp',
      token,
    );
    const hours = String(ttlMs / 3_600_000);
    const [subject, body] =
      kind === TOKEN_KIND.registration
        ? [RECOVERY_KEYS.verifySubject, RECOVERY_KEYS.verifyBody]
        : [RECOVERY_KEYS.otpSubject, RECOVERY_KEYS.otpBody];
    await app.outbox.sendEmail({ to: user.email ?? user.username, subject: request.t(subject), text: request.t(body, { link, hours }) });
  }

  /** The user behind a link of `kind`, or the §8 status of the link (400, 409, 412). */
  async function openLink(request: FastifyRequest, kind: TokenKind, token: string) {
    const row = await findToken(app.db, [kind], token);
    const user = row?.user_id
      ? await app.db
          .selectFrom('users')
          .selectAll()
          .where('user_id', '=', row.user_id)
          .where('application_num', '=', APPLICATION.customer)
          .executeTakeFirst()
      : undefined;
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
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Create MSA account: an alarm account number and its passcode; emails the verification link',
        body: createMsaAccountSchema,
        response: { 201: recoverySuccessSchema, 400: validationErrorSchema, 409: errorSchema, 429: errorSchema },
      },
    },
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
      const site = /^\d{1,9}$/.test(accountNumber)
        ? await app.db
            .selectFrom('sites')
            .select(['site_num', 'account_passcode_hash'])
            .where('site_num', '=', Number(accountNumber))
            .executeTakeFirst()
        : undefined;
      // An unknown account costs the same argon2 work as a wrong passcode.
      if (!site || !(await verifySecret(site.account_passcode_hash, accountPasscode.trim()))) {
        await limiter.fail([
          { key: keys[0], policy: ACCOUNT_POLICY },
          { key: keys[1], policy: ADDRESS_POLICY },
        ]);
        await audit(request, 'registration.failed', undefined, { reason: 'account', accountNumber });
        throw new HttpError(400, 'validation.invalidForm', {}, { accountPasscode: RECOVERY_KEYS.accountMismatch });
      }
      await limiter.succeed([keys[0]]);

      const taken = await app.db
        .selectFrom('users')
        .select('user_id')
        .where(sql<string>`lower(username)`, '=', email)
        .executeTakeFirst();
      if (taken) {
        await audit(request, 'registration.failed', taken.user_id, { reason: 'alreadyRegistered', siteNum: site.site_num });
        throw new HttpError(409, RECOVERY_KEYS.alreadyRegistered);
      }
      const passwordHash = await hashSecret(password);
      let user: User;
      try {
        user = await app.db.transaction().execute(async (trx) => {
          const created = await trx
            .insertInto('users')
            .values({
              username: email,
              name: email,
              email,
              application_num: APPLICATION.customer,
              password_hash: passwordHash,
              roles: CUSTOMER_ROLES,
              privacy_policy_required: true,
              email_verified_at: null,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await trx
            .insertInto('msa_account_links')
            .values({ user_id: created.user_id, site_num: site.site_num, is_default: true })
            .execute();
          return created;
        });
      } catch (err) {
        // Two requests for one email at once: the unique username index lets one through.
        if ((err as { code?: string }).code === '23505') throw new HttpError(409, RECOVERY_KEYS.alreadyRegistered);
        throw err;
      }
      await sendLink(request, user);
      await audit(request, 'registration.created', user.user_id, { siteNum: site.site_num });
      return reply.status(201).send({ success: true });
    },
  );

  app.post(
    '/msa/register/verify',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Verify the email registration code (the link query `code`)',
        body: registrationVerifyEmailSchema,
        response: linkResponses,
      },
    },
    async (request) => {
      const { row, user } = await openLink(request, TOKEN_KIND.registration, request.body.code);
      if (!(await spendToken(app.db, row.token_hash))) throw new HttpError(400, RECOVERY_KEYS.linkInvalid);
      const now = new Date();
      await app.db.updateTable('users').set({ email_verified_at: now, updated_at: now }).where('user_id', '=', user.user_id).execute();
      await verifyEmailContact(app.db, user.user_id, user.email ?? user.username, now);
      await audit(request, 'registration.verified', user.user_id);
      return { success: true };
    },
  );

  app.post(
    '/msa/register/password',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Verify the password registration code: the link query `otp` and the first password',
        body: registrationSetPasswordSchema,
        response: linkResponses,
      },
    },
    async (request) => {
      // The confirmation's `$data` rule leaves the body untyped (schemas/recovery.ts WithoutDataConst).
      const body = request.body as RegistrationSetPassword;
      const { row, user } = await openLink(request, TOKEN_KIND.registrationOtp, body.otp);
      refuseFieldErrors(newPasswordErrors('password', body.password, user.username));
      if (!(await spendToken(app.db, row.token_hash))) throw new HttpError(400, RECOVERY_KEYS.linkInvalid);
      const now = new Date();
      await app.db
        .updateTable('users')
        .set({ password_hash: await hashSecret(body.password), email_verified_at: user.email_verified_at ?? now, updated_at: now })
        .where('user_id', '=', user.user_id)
        .execute();
      await verifyEmailContact(app.db, user.user_id, user.email ?? user.username, now);
      await audit(request, 'registration.passwordSet', user.user_id);
      return { success: true };
    },
  );

  app.post(
    '/msa/register/resend',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Resend the registration code: a fresh link for an expired one (code or otp), or by email',
        body: registrationResendSchema,
        response: linkResponses,
      },
    },
    async (request) => {
      const { code, otp, email } = request.body;
      const token = code ?? otp;
      if (token) {
        const row = await findToken(app.db, [TOKEN_KIND.registration, TOKEN_KIND.registrationOtp], token);
        const user = row?.user_id
          ? await app.db.selectFrom('users').selectAll().where('user_id', '=', row.user_id).executeTakeFirst()
          : undefined;
        if (!user || user.application_num !== APPLICATION.customer || user.disabled_at) throw new HttpError(400, RECOVERY_KEYS.linkInvalid);
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
      const user = await findCustomer(app.db, address);
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
