import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { loginRequirementsSchema, stepResultSchema } from '../../../schemas/auth.js';
import {
  contactInfoSchema,
  contactMethodListSchema,
  contactValidationSchema,
  newUsernameSchema,
  passwordResetAtLoginSchema,
  securityQuestionOptionsSchema,
  type PasswordResetAtLogin,
  securityQuestionsAnswerSchema,
} from '../../../schemas/recovery.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { APPLICATION } from '../../common/constants.js';
import { maskContact } from '../../common/loginFlow.js';
import { HttpError } from '../http/errors.js';
import { clearPending, sessionOf } from './authPlugin.js';
import { commonPasswordError } from './commonPasswords.js';
import {
  clearPendingContact,
  contactMethodsOf,
  identityProven,
  pendingContactsOf,
  parseContact,
  refuseContactOfAnotherUser,
  requireIdentityProven,
  requirementsFor,
  saveContact,
  savePendingContact,
} from './contactMethods.js';
import { TOO_MANY_ATTEMPTS_KEY } from './mfaCodes.js';
import {
  isSecurityQuestionId,
  SECURITY_QUESTION_COUNT,
  SECURITY_QUESTION_IDS,
  securityQuestionKey,
  storedSecurityQuestion,
  type SecurityQuestionId,
} from './securityQuestionOptions.js';
import { signInRepository } from './signInRepository.js';
import { noticeSecurityChange } from './securityNotices.js';
import { refuseActingAs, refuseWhileImpersonating, requireRecentProof } from './stepUp.js';
import { ACCOUNT_POLICY, type ThrottlePolicy } from './throttle.js';
import { ownAccountAudit } from '../audit/audit.js';
import { routeOptions } from '../http/routeOptions.js';

/**
 * Contact checks before a code is sent (POST user/contactMethod/validate): every check counts, as
 * each says whether an email or phone belongs to another account (without saying whose). Ten an
 * hour are free, then the user waits a minute, doubling, up to 15 minutes.
 */
const CONTACT_CHECK_POLICY: ThrottlePolicy = { freeFailures: 10, baseDelayMs: 60_000, maxDelayMs: 15 * 60_000, windowMs: 60 * 60_000 };

const INVALID_FORM = 'validation.invalidForm';

/** A 400 naming the fields at fault, like a schema error. */
function invalid(fields: Record<string, string>, args: Record<string, unknown> = {}): HttpError {
  return new HttpError(400, INVALID_FORM, args, fields);
}

/**
 * The forced first-login updates after the credential check (SPEC §2 'Login
 * steps', §4 'Login flow', §5, §7 'Dealer sign-in and recovery'): contact
 * methods, username, security questions, password and terms. Each step clears
 * its own pending flag and the users column behind it, is written to the audit
 * log, and answers {success, reqs}. Username, questions, password and terms
 * wait until the contact and MFA steps are done, so a password alone cannot
 * change them.
 */
export async function stepRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const limiter = app.throttle;
  const repository = signInRepository(app.db);
  const route = routeOptions(['login steps']);
  const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 409: validationErrorSchema, 429: errorSchema };
  const stepResponse = { 200: stepResultSchema, ...errors };

  const audit = ownAccountAudit(app.audit);

  async function done(request: FastifyRequest) {
    return { success: true, reqs: await requirementsFor(app, request) };
  }

  /** Contacts may be looked at and saved in the contact step, or once identity is proven. */
  function requireContactStep(request: FastifyRequest) {
    const pending = request.auth!.pending;
    if (!pending.noContactInfo && !identityProven(pending)) throw new HttpError(403, 'steps.mfaFirst');
  }

  /** §5 contact info of the given type, not held by another user: the contact normalised. */
  async function checkedContact(request: FastifyRequest, body: { contact: string; type?: 'email' | 'cellPhone' }) {
    const contact = parseContact(body.contact, body.type);
    if (!contact) throw invalid({ contact: 'steps.contact.typeMismatch' });
    await refuseContactOfAnotherUser(app.db, request.auth!.user.user_id, contact, 'contact');
    return contact;
  }

  app.get(
    '/account/requirements',
    route({
      access: 'signedIn',
      summary: 'The login requirements still pending for this session',
      response: { 200: loginRequirementsSchema, 401: errorSchema },
    }),
    async (request) => requirementsFor(app, request),
  );

  app.get(
    '/user/contactMethods',
    route({
      access: 'signedIn',
      summary: "The user's own contact methods",
      response: { 200: contactMethodListSchema, 401: errorSchema, 403: errorSchema },
    }),
    async (request) => {
      const userId = request.auth!.user.user_id;
      const rows = (await contactMethodsOf(app.db, userId)).map((r) => ({ type: r.type, value: r.value, verified: !!r.verified_at }));
      // Replacements waiting for their code follow the verified contact they would replace.
      const waiting = (await pendingContactsOf(app.db, userId)).map((c) => ({ ...c, verified: false }));
      return [...rows, ...waiting].sort((a, b) => (a.type === b.type ? 0 : a.type === 'cellPhone' ? -1 : 1));
    },
  );

  app.post(
    '/user/contactMethod/validate',
    route({
      access: 'signedIn',
      summary: 'Check a contact (email or phone) before a code is sent to it',
      body: contactInfoSchema,
      response: { 200: contactValidationSchema, ...errors },
    }),
    async (request) => {
      requireContactStep(request);
      // Whether a contact is taken is an answer about other accounts: a few per hour, then blocks.
      const key = `contact-validate:${request.auth!.user.user_id}`;
      if ((await limiter.reserve([{ key, policy: CONTACT_CHECK_POLICY }])).refused) throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
      const contact = await checkedContact(request, request.body);
      return { valid: true, type: contact.type };
    },
  );

  for (const [kind, applications] of [
    ['internal', [APPLICATION.internal]],
    ['external', [APPLICATION.dealer, APPLICATION.customer]],
  ] as const) {
    app.post(
      `/user/contactMethod/${kind}`,
      route({
        access: 'signedIn',
        summary: `Save a contact method of an ${kind} user; a deviceVerification code confirms it`,
        body: contactInfoSchema,
        response: stepResponse,
      }),
      async (request) => {
        const { user } = request.auth!;
        if (!(applications as readonly number[]).includes(user.application_num)) throw new HttpError(403, 'errors.forbidden');
        requireContactStep(request);
        await requireRecentProof(app, request, 'noContactInfo', request.body.currentPassword);
        const contact = await checkedContact(request, request.body);
        const current = (await contactMethodsOf(app.db, user.user_id)).find((c) => c.type === contact.type);
        const unchanged = current?.value === contact.value && !!current.verified_at;
        // A verified contact stays in force until a code confirms its replacement.
        if (unchanged) await clearPendingContact(app.db, user.user_id, contact.type);
        else if (current?.verified_at) await savePendingContact(app.db, user.user_id, contact);
        else await saveContact(app.db, user.user_id, contact, false);
        await audit(request, 'contactMethod.saved', {
          type: contact.type,
          to: maskContact(contact.value, contact.type),
          unchanged,
          replacesVerified: !unchanged && !!current?.verified_at,
        });
        return done(request);
      },
    );
  }

  app.put(
    '/user/username',
    route({
      access: 'signedIn',
      summary: 'Change the username (§2 usernameReset)',
      body: newUsernameSchema,
      response: stepResponse,
    }),
    async (request) => {
      requireIdentityProven(request);
      await requireRecentProof(app, request, 'usernameResetRequired', request.body.currentPassword);
      const { user } = request.auth!;
      const username = request.body.username;
      if (/\s/.test(username)) throw invalid({ username: 'steps.username.noSpaces' });
      const groupDealerNumbers = await repository.groupDealerNumbers(user.user_id);
      const dealerNumbers = [user.dealer_number, ...groupDealerNumbers].filter((n): n is string => !!n);
      if (dealerNumbers.some((n) => username.toLowerCase().includes(n.toLowerCase()))) {
        throw invalid({ username: 'steps.username.containsDealerNumber' });
      }
      if (!(await repository.changeUsername(user.user_id, username))) {
        throw new HttpError(409, 'steps.username.taken', {}, { username: 'steps.username.taken' });
      }
      await clearPending(app, request, 'usernameResetRequired');
      await audit(request, 'username.changed', { from: user.username, to: username });
      return done(request);
    },
  );

  app.get(
    '/account/securityQuestions/options',
    route({
      access: 'signedIn',
      summary: 'The security questions a user may choose',
      response: { 200: securityQuestionOptionsSchema, 401: errorSchema, 403: errorSchema },
    }),
    async (request) => ({
      count: SECURITY_QUESTION_COUNT,
      options: SECURITY_QUESTION_IDS.map((id) => ({ id, question: request.t(securityQuestionKey(id)) })),
    }),
  );

  app.put(
    '/account/securityQuestions',
    route({
      access: 'signedIn',
      summary: `Replace the security questions: ${SECURITY_QUESTION_COUNT} distinct options, each answered`,
      body: securityQuestionsAnswerSchema,
      response: stepResponse,
    }),
    async (request) => {
      requireIdentityProven(request);
      const { user } = request.auth!;
      const { questions } = request.body;
      await requireRecentProof(app, request, 'verifySecurityQuestions', request.body.currentPassword);
      if (questions.length !== SECURITY_QUESTION_COUNT) {
        throw invalid({ questions: 'steps.securityQuestions.count' }, { count: SECURITY_QUESTION_COUNT });
      }
      const fields: Record<string, string> = {};
      const seen = new Set<string>();
      questions.forEach(({ question, answer }, i) => {
        if (!isSecurityQuestionId(question)) fields[`questions.${i}.question`] = 'steps.securityQuestions.unknown';
        else if (seen.has(question)) fields[`questions.${i}.question`] = 'steps.securityQuestions.duplicate';
        seen.add(question);
        if (!app.secrets.normaliseAnswer(answer)) fields[`questions.${i}.answer`] = 'validation.required';
      });
      if (Object.keys(fields).length) throw invalid(fields);

      const stored = await Promise.all(
        questions.map(async ({ question, answer }) => ({
          question: storedSecurityQuestion(request.t, question as SecurityQuestionId),
          answerHash: await app.secrets.hash(app.secrets.normaliseAnswer(answer)),
        })),
      );
      await repository.replaceSecurityQuestions(user.user_id, stored);
      await clearPending(app, request, 'verifySecurityQuestions');
      await audit(request, 'securityQuestions.updated', { questions: questions.map((q) => q.question) });
      return done(request);
    },
  );

  app.put(
    '/account/password',
    route({
      access: 'signedIn',
      summary: 'Change the password; at login (passwordResetRequired) without the current one',
      body: passwordResetAtLoginSchema,
      response: stepResponse,
    }),
    async (request) => {
      requireIdentityProven(request);
      refuseWhileImpersonating(request);
      const { user, pending } = request.auth!;
      const session = sessionOf(request);
      // The confirmation's `$data` rule leaves the body untyped (schemas/recovery.ts WithoutDataConst).
      const { currentPassword, newPassword } = request.body as PasswordResetAtLogin;
      const atLogin = !!pending.passwordResetRequired;

      if (!atLogin) {
        // §4: only the login step skips the current password; elsewhere it is checked, under throttling.
        if (!currentPassword) throw invalid({ currentPassword: 'validation.required' });
        const key = `password-change:${user.user_id}`;
        // Counted before the password is checked (throttle.ts reserve).
        if ((await limiter.reserve([{ key, policy: ACCOUNT_POLICY }])).refused) throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
        if (!(await app.secrets.verify(user.password_hash, currentPassword))) {
          await audit(request, 'password.changeFailed', { reason: 'currentPassword' });
          throw invalid({ currentPassword: 'steps.password.currentWrong' });
        }
        await limiter.succeed([key]);
      }
      const refusal =
        (newPassword.toLowerCase().includes(user.username.toLowerCase()) && 'steps.password.containsUsername') ||
        commonPasswordError(newPassword) ||
        ((await app.secrets.verify(user.password_hash, newPassword)) && 'steps.password.sameAsCurrent');
      if (refusal) {
        await audit(request, 'password.changeFailed', { reason: refusal.split('.').pop() });
        throw invalid({ newPassword: refusal });
      }

      const passwordHash = await app.secrets.hash(newPassword);
      const otherSessionsEnded = await repository.changePassword(user.user_id, passwordHash, session.session_id);
      await clearPending(app, request, 'passwordResetRequired');
      await audit(request, 'password.changed', { atLogin, otherSessionsEnded });
      await noticeSecurityChange(app, request, user, 'passwordChanged');
      return done(request);
    },
  );

  app.put(
    '/termsAndConditions/accept',
    route({
      access: 'signedIn',
      summary: 'Accept the terms and conditions (§4, beta dealers)',
      response: stepResponse,
    }),
    async (request) => {
      requireIdentityProven(request);
      // The terms are the user's to accept, not support's acting as them.
      refuseActingAs(request);
      const { user } = request.auth!;
      await repository.acceptTerms(user.user_id, request.ip);
      await clearPending(app, request, 'termsAndConditionsRequired');
      await audit(request, 'terms.accepted');
      return done(request);
    },
  );
}
