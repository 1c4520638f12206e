import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { loginRefusalSchema, loginRequestSchema, loginResponseSchema, msaLoginRequestSchema, tokenSchema } from '../../../schemas/auth.js';
import { errorSchema } from '../../../schemas/shared.js';
import { userSchema } from '../../../schemas/user.js';
import { APPLICATION } from '../../common/constants.js';
import { HttpError } from '../http/errors.js';
import { clearSessionCookies, REFRESH_COOKIE, setRefreshCookie, type UserRow } from './authPlugin.js';
import { SESSION_COOKIE } from './cookies.js';
import { issueSessionXsrf } from './csrf.js';
import type { RefreshOutcome } from './sessions.js';
import { startSession } from './signIn.js';
import { identityOf } from './identity.js';
import { signInRepository } from './signInRepository.js';
import { noticeSignInChallenge } from './securityNotices.js';
import {
  PAIR_POLICY,
  retryAfterSeconds,
  retryMinutes,
  SIGN_IN_ACCOUNT_POLICY,
  SIGN_IN_ADDRESS_POLICY,
  signInDecision,
  signInKeys,
  signInNeedsCaptcha,
  startsAccountChallenge,
  countsNeedCaptcha,
} from './throttle.js';
import { routeOptions } from '../http/routeOptions.js';

/**
 * Credential checks (SPEC §7 dealer and customer login), token refresh,
 * logout and the signed-in identity. A wrong password and an unknown user
 * answer alike, and so does a throttled attempt at either (429 'Try again in
 * N minutes', honestly): same status, same message, and the same argon2
 * work, so neither the answer nor its timing tells them apart.
 */
export async function loginRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const limiter = app.throttle;
  const users = signInRepository(app.db);
  const route = routeOptions(['sign-in']);
  const loginResponses = { 200: loginResponseSchema, 400: errorSchema, 401: loginRefusalSchema, 403: errorSchema, 429: errorSchema };

  /**
   * Checks the password under throttling (throttle.ts signInDecision); the user when it is right.
   * Every refusal costs the same argon2 work whether or not the account exists, and answers alike
   * for both: 429 with Retry-After while the account is blocked from this address, 401
   * {captchaRequired} while the address or the account must solve a captcha, else 401 with the
   * credentials message. The failure that puts an account under the challenge emails its owner.
   */
  async function checkCredentials(
    request: FastifyRequest,
    reply: FastifyReply,
    account: string,
    password: string,
    captcha: string | undefined,
    user: UserRow | undefined,
    failureKey: string,
  ): Promise<UserRow | undefined> {
    const keys = signInKeys(account, request.ip);
    // Only a captcha that is asked for is verified (and so spent).
    let captchaSolved = false;
    if (captcha) {
      const states = await limiter.states([keys.address, keys.account]);
      captchaSolved =
        signInNeedsCaptcha(states.get(keys.address), states.get(keys.account), new Date()) && (await app.captcha.verify(captcha));
    }
    // The attempt is counted (pair, address and account) before the password is checked, unless the
    // decision refuses it: read and counted under one lock, so attempts sent at once cannot all pass the read.
    const reservation = await limiter.reserve(
      [
        { key: keys.pair, policy: PAIR_POLICY },
        { key: keys.address, policy: SIGN_IN_ADDRESS_POLICY },
        { key: keys.account, policy: SIGN_IN_ACCOUNT_POLICY },
      ],
      (states, now) => {
        const decision = signInDecision({
          pair: states.get(keys.pair),
          address: states.get(keys.address),
          account: states.get(keys.account),
          captchaSolved,
          now,
        });
        return decision.kind === 'check' ? undefined : decision;
      },
    );
    const audit = (details: Record<string, unknown>) =>
      app.audit(request, {
        action: 'login.failed',
        targetType: 'user',
        targetId: user?.user_id,
        details: { account: account.slice(0, 128), ...details },
      });

    const decision = reservation.refused;
    if (decision) {
      await app.secrets.verify(null, password);
      if (decision.kind === 'throttled') {
        await audit({ throttled: true });
        reply.header('Retry-After', String(retryAfterSeconds(decision.retryAfterMs)));
        throw new HttpError(429, 'errors.tryAgainInMinutes', { count: retryMinutes(decision.retryAfterMs) });
      }
      await audit({ captchaRequired: true, captchaSent: !!captcha });
      void reply.status(401).send({ message: request.t(captcha ? 'captcha.invalid' : 'errors.captchaRequired'), captchaRequired: true });
      return undefined;
    }

    const valid = await app.secrets.verify(!user || user.disabled_at ? null : user.password_hash, password);
    if (!valid || !user) {
      const accountFailures = reservation.failures.get(keys.account) ?? 0;
      const challenged = startsAccountChallenge(accountFailures);
      await audit({ throttled: false, ...(challenged && { accountChallenged: true }) });
      if (challenged && user) await noticeSignInChallenge(app, request, user, accountFailures);
      // From the counts the reservation made (this failure included), not read again.
      const captchaRequired = countsNeedCaptcha(reservation.failures, keys);
      void reply.status(401).send({ message: request.t(failureKey), ...(captchaRequired && { captchaRequired }) });
      return undefined;
    }
    // Only this account's block from this address ends; the address and the account keep their
    // failures, less this attempt's, which was counted before the password was known to be right.
    // The owner's right password does not lift the account's challenge: the guesses were not theirs.
    await limiter.succeed([keys.pair]);
    await limiter.forgive([keys.address, keys.account]);
    return user;
  }

  app.post(
    '/account/login',
    route(
      {
        access: 'public',
        summary: 'Dealer and internal sign-in (internal=true for staff)',
        body: loginRequestSchema,
        response: loginResponses,
      },
      // A sign-in starts afresh: whatever session the browser still holds (even one with steps pending) is not read.
      { config: { anonymous: true } },
    ),
    async (request, reply) => {
      const { username, password, internal } = request.body;
      const application = internal ? APPLICATION.internal : APPLICATION.dealer;
      const user = await users.userByUsername(username, application);
      const checked = await checkCredentials(request, reply, username, password, request.body.captcha, user, 'errors.invalidCredentials');
      if (!checked) return reply;
      return startSession(app, request, reply, checked);
    },
  );

  app.post(
    '/msa/login',
    route(
      { access: 'public', summary: 'Customer (My Security Account) sign-in', body: msaLoginRequestSchema, response: loginResponses },
      // A sign-in starts afresh: whatever session the browser still holds (even one with steps pending) is not read.
      { config: { anonymous: true } },
    ),
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await users.userByUsername(email, APPLICATION.customer);
      const checked = await checkCredentials(request, reply, email, password, request.body.captcha, user, 'errors.invalidEmailCredentials');
      if (!checked) return reply;
      if (!checked.email_verified_at) throw new HttpError(403, 'errors.emailNotVerified');
      return startSession(app, request, reply, checked);
    },
  );

  app.post(
    '/token/refresh',
    route({
      access: 'credential',
      summary: 'A new bearer token; rotates the refresh cookie',
      response: { 200: tokenSchema, 401: errorSchema },
    }),
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      const result: RefreshOutcome = presented ? await app.sessions.refresh(presented) : { outcome: 'invalid' };
      if (result.outcome === 'reused') {
        await app.audit.system({
          action: 'session.refreshReused',
          actorUserId: result.session.user_id,
          ip: request.ip,
          targetType: 'session',
          targetId: result.session.session_id,
        });
      }
      if (result.outcome !== 'rotated') {
        clearSessionCookies(reply);
        // SPEC §8: the end of an impersonation (its refresh after it expired) says so.
        if (result.outcome === 'invalid' && result.impersonation) {
          reply.header('Invalid-Impersonation', 'true');
          throw new HttpError(401, 'support.errors.impersonationEnded');
        }
        reply.header('Invalid-Session', 'true');
        throw new HttpError(401, 'errors.sessionEnded');
      }
      setRefreshCookie(reply, app.config.publicUrl, result.refreshToken);
      const sessionCookie = request.cookies[SESSION_COOKIE];
      if (sessionCookie) issueSessionXsrf(reply, sessionCookie);
      return { token: result.bearer.token, expires: result.bearer.expires.toISOString() };
    },
  );

  app.post(
    '/logout',
    route({
      access: 'public',
      summary: 'End the session',
    }),
    async (request, reply) => {
      // An API key has no session to end: its call only clears cookies, as an anonymous one does.
      const session = request.auth?.session;
      if (session) {
        await app.sessions.end(session.session_id, 'logout');
        await app.audit(request, { action: 'logout', targetType: 'session', targetId: session.session_id });
      }
      clearSessionCookies(reply);
      return reply.status(204).send();
    },
  );

  app.get(
    '/me',
    route({
      access: 'signedIn',
      summary: 'The signed-in user',
      response: { 200: userSchema, 401: errorSchema },
    }),
    async (request) => ({
      ...(await identityOf(app.db, request.auth!.user)),
      impersonating: !!request.auth!.session?.impersonator_user_id,
    }),
  );
}
