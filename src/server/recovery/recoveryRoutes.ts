import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  forgotCredentialsSchema,
  forgotUsernameConflictSchema,
  forgotUsernameSchema,
  recoveryAnswersSchema,
  recoveryPasswordResetSchema,
  recoverySessionSchema,
  recoverySuccessSchema,
  type RecoveryPasswordReset,
} from '../../../schemas/recovery.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { TOO_MANY_ATTEMPTS_KEY } from '../auth/mfaCodes.js';
import { noticeSecurityChange } from '../auth/securityNotices.js';
import { ACCOUNT_POLICY, ADDRESS_POLICY } from '../auth/throttle.js';
import { requireCaptcha } from '../captcha/captchaPlugin.js';
import { HttpError } from '../http/errors.js';
import { msaRecoveryRoutes } from './msaRecoveryRoutes.js';
import { userAudit } from './recoveryHttp.js';
import {
  afterWrongAnswers,
  contactKey,
  contactMatches,
  contactTypeOf,
  forgotUsernameOutcome,
  GATES,
  newPasswordErrors,
  pairAnswers,
  RECOVERY_KEYS,
  RECOVERY_POLICY,
  tokenState,
} from './recoveryRules.js';
import { recoveryRepository } from './recoveryRepository.js';
import type { RecoveryPayload } from './recoveryStore.js';
import { routeOptions } from '../http/routeOptions.js';
import { ANONYMOUS_FORM_LIMIT } from '../http/rateLimit.js';

/**
 * Dealer recovery (SPEC §4 'Forgot password (dealer)': verify → questions →
 * new password; 'Forgot username'; §8 409), all anonymous. The customer's
 * forgot-password calls and the username check live in msaRecoveryRoutes.ts.
 * Nothing here tells a caller which of the details was wrong.
 */
export async function recoveryRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const limiter = app.throttle;
  const route = routeOptions(['recovery']);
  const audit = userAudit(app.audit);
  const recovery = recoveryRepository(app.db);

  /** The open recovery session behind a token, at `stage`; 401 otherwise (429 once spent by wrong answers). */
  async function openSession(recoveryToken: string, stage: 'questions' | 'password') {
    const row = await recovery.findSession(recoveryToken);
    const payload = (row?.payload ?? {}) as RecoveryPayload;
    if (row?.used_at && payload.spentBy === 'attempts') throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
    if (!row || !row.user_id || tokenState(row, new Date()) !== 'valid' || payload.stage !== stage) {
      throw new HttpError(401, RECOVERY_KEYS.sessionInvalid);
    }
    return { row, userId: row.user_id, payload };
  }

  app.post(
    '/account/password/session',
    route(
      {
        access: 'public',
        summary: 'Forgot password (dealer), step 1: verify username and contact; answers the security questions',
        body: forgotCredentialsSchema,
        response: { 200: recoverySessionSchema, 400: validationErrorSchema, 401: errorSchema },
      },
      { config: { rateLimit: ANONYMOUS_FORM_LIMIT } },
    ),
    async (request) => {
      await requireCaptcha(app, request.body.captcha);
      const { username, contact } = request.body;
      const keys = [`recovery:user:${username.trim().toLowerCase()}`, `recovery:ip:${request.ip}`];
      // Counted before the username and contact are checked (throttle.ts reserve); refused while blocked.
      const blocked = !!(
        await limiter.reserve([
          { key: keys[0], policy: ACCOUNT_POLICY },
          { key: keys[1], policy: ADDRESS_POLICY },
        ])
      ).refused;
      const user = blocked ? undefined : await recovery.portalUserByUsername(username);
      const owners = user ? await recovery.contactOwners(contact, [user.user_id]) : [];
      const questions = user && owners.some((o) => contactMatches(contact, o)) ? await recovery.securityQuestions(user.user_id) : [];
      if (!user || questions.length === 0) {
        await audit(request, 'recovery.session.failed', user?.user_id, {
          account: username.slice(0, 128),
          contactType: contactTypeOf(contact),
          throttled: blocked,
        });
        throw new HttpError(401, RECOVERY_KEYS.sessionFailed);
      }
      // The account's failures end; the address keeps its own, less this attempt's.
      await limiter.succeed([keys[0]]);
      await limiter.forgive([keys[1]]);
      const recoveryToken = await recovery.startSession(user.user_id, RECOVERY_POLICY.recoverySessionTtlMs);
      await audit(request, 'recovery.session.created', user.user_id, { contactType: contactTypeOf(contact) });
      return { recoveryToken, questions: questions.map(({ question }) => ({ question })) };
    },
  );

  app.patch(
    '/account/securityQuestions',
    route(
      {
        access: 'public',
        summary: 'Forgot password (dealer), step 2: answer the security questions of the recovery session',
        body: recoveryAnswersSchema,
        response: { 200: recoverySuccessSchema, 400: validationErrorSchema, 401: errorSchema, 429: errorSchema },
      },
      { config: { rateLimit: ANONYMOUS_FORM_LIMIT } },
    ),
    async (request) => {
      const { row, userId, payload } = await openSession(request.body.recoveryToken, 'questions');
      const attempts = await recovery.countAttempt(row.token_hash);
      if (attempts === undefined) throw new HttpError(401, RECOVERY_KEYS.sessionInvalid);
      if (attempts > RECOVERY_POLICY.maxAnswerAttempts) {
        await recovery.spendSession(row.token_hash, { ...payload, attempts, spentBy: 'attempts' });
        throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
      }
      const stored = await recovery.securityQuestions(userId);
      const answers = pairAnswers(stored, request.body.questions);
      // Every answer is checked, right or wrong, so the time taken does not tell which one failed.
      let allRight = answers !== undefined;
      for (const [index, question] of stored.entries()) {
        const ok = await app.secrets.verify(answers ? question.answer_hash : null, app.secrets.normaliseAnswer(answers?.[index] ?? ''));
        allRight &&= ok;
      }
      if (allRight && (await recovery.advanceStage(row.token_hash, 'questions', 'password'))) {
        await audit(request, 'recovery.answers.accepted', userId, { attempts });
        return { success: true };
      }
      if (afterWrongAnswers(attempts) === 'spent') {
        await recovery.spendSession(row.token_hash, { ...payload, attempts, spentBy: 'attempts' });
        await audit(request, 'recovery.answers.locked', userId, { attempts });
        throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
      }
      await audit(request, 'recovery.answers.wrong', userId, { attempts });
      throw new HttpError(401, RECOVERY_KEYS.answersWrong);
    },
  );

  app.post(
    '/account/password/reset',
    route(
      {
        access: 'public',
        summary: 'Forgot password (dealer), step 3: the new password; ends the recovery session and every sign-in',
        body: recoveryPasswordResetSchema,
        response: { 200: recoverySuccessSchema, 400: validationErrorSchema, 401: errorSchema, 429: errorSchema },
      },
      { config: { rateLimit: ANONYMOUS_FORM_LIMIT } },
    ),
    async (request) => {
      // The confirmation's `$data` rule leaves the body untyped (schemas/recovery.ts WithoutDataConst).
      const { recoveryToken, newPassword } = request.body as RecoveryPasswordReset;
      const { row, userId } = await openSession(recoveryToken, 'password');
      const user = await recovery.userById(userId);
      if (!user || user.disabled_at) throw new HttpError(401, RECOVERY_KEYS.sessionInvalid);
      const fields = newPasswordErrors('newPassword', newPassword, user.username);
      if (!Object.keys(fields).length && (await app.secrets.verify(user.password_hash, newPassword))) {
        fields.newPassword = RECOVERY_KEYS.sameAsCurrent;
      }
      if (Object.keys(fields).length) {
        await audit(request, 'recovery.password.refused', userId, { fields: Object.values(fields) });
        throw new HttpError(400, 'validation.invalidForm', {}, fields);
      }
      if (!(await recovery.spendSession(row.token_hash))) throw new HttpError(401, RECOVERY_KEYS.sessionInvalid);
      await recovery.resetPassword(userId, newPassword);
      await limiter.succeed([`account:${user.username.toLowerCase()}`, `recovery:user:${user.username.toLowerCase()}`]);
      await audit(request, 'recovery.password.reset', userId);
      await noticeSecurityChange(app, request, user, 'passwordChanged');
      return { success: true };
    },
  );

  app.post(
    '/account/username/forgot',
    route(
      {
        access: 'public',
        summary: 'Forgot username: sends it to the contact when exactly one portal user holds it; 409 when several do',
        body: forgotUsernameSchema,
        response: { 200: recoverySuccessSchema, 400: validationErrorSchema, 409: forgotUsernameConflictSchema, 429: errorSchema },
      },
      { config: { rateLimit: ANONYMOUS_FORM_LIMIT } },
    ),
    async (request, reply) => {
      await requireCaptcha(app, request.body.captcha);
      const { contact, dealerNumber } = request.body;
      const type = contactTypeOf(contact);
      const allowed = await recovery.passGates([
        [`forgotUsername:contact:${contactKey(contact)}`, GATES.usernamePerContact],
        [`forgotUsername:ip:${request.ip}`, GATES.perAddress],
      ]);
      if (!allowed) {
        await audit(request, 'recovery.username.throttled', undefined, { contactType: type });
        throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
      }
      const owners = (await recovery.contactOwners(contact)).filter((o) => contactMatches(contact, o));
      const users = await recovery.usernames(owners.map((o) => o.userId));
      const outcome = forgotUsernameOutcome(
        users.map((u) => ({ userId: u.user_id, dealerNumber: u.dealer_number })),
        dealerNumber,
      );
      if (outcome.kind === 'conflict') {
        await audit(request, 'recovery.username.conflict', undefined, { contactType: type, reason: outcome.reason, users: users.length });
        return reply.status(409).send({ message: request.t(outcome.messageKey), reason: outcome.reason });
      }
      if (outcome.kind === 'send') {
        const user = users.find((u) => u.user_id === outcome.userId)!;
        const to = owners.find((o) => o.userId === outcome.userId)!.value;
        const text = request.t(RECOVERY_KEYS.usernameBody, { username: user.username });
        // Not awaited: a known contact answers as fast as an unknown one.
        const sending =
          type === 'email'
            ? app.outbox.sendEmail({ to, subject: request.t(RECOVERY_KEYS.usernameSubject), text })
            : app.outbox.sendText({ to, text });
        sending.catch((err: unknown) => request.log.error({ err }, 'forgot-username message not recorded'));
        await audit(request, 'recovery.username.sent', user.user_id, { contactType: type });
      } else {
        await audit(request, 'recovery.username.unknown', undefined, { contactType: type });
      }
      return { success: true, message: request.t(RECOVERY_KEYS.usernameSent) };
    },
  );

  await app.register(msaRecoveryRoutes);
}
