import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { sql } from 'kysely';
import { loginRequestSchema, loginResponseSchema, msaLoginRequestSchema, tokenSchema } from '../../../schemas/auth.js';
import { errorSchema } from '../../../schemas/shared.js';
import { userSchema } from '../../../schemas/user.js';
import { APPLICATION } from '../../common/constants.js';
import { auditFor, writeAudit } from '../audit/audit.js';
import { HttpError } from '../http/errors.js';
import { clearSessionCookies, REFRESH_COOKIE, setRefreshCookie, type UserRow } from './authPlugin.js';
import { startSession } from './signIn.js';
import { identityOf } from './identity.js';
import { verifySecret } from './secrets.js';
import { ACCOUNT_POLICY, ADDRESS_POLICY, throttle } from './throttle.js';

/**
 * Credential checks (SPEC §7 dealer and customer login), token refresh,
 * logout and the signed-in identity. A wrong password, an unknown user and a
 * throttled account answer alike: same status, same message, and the same
 * argon2 work, so neither the answer nor its timing tells them apart.
 */
export async function loginRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const limiter = throttle(app.db);
  const tags = ['sign-in'];
  const loginResponses = { 200: loginResponseSchema, 400: errorSchema, 401: errorSchema, 403: errorSchema };

  /** A user of one application by username (MSA usernames are emails), case-insensitively. */
  function findUser(username: string, application: 1 | 2 | 3) {
    return app.db
      .selectFrom('users')
      .selectAll()
      .where(sql`lower(username)`, '=', username.toLowerCase())
      .where('application_num', '=', application)
      .executeTakeFirst();
  }

  /** Checks the password under throttling; the user when it is right, else one uniform refusal. */
  async function checkCredentials(
    request: FastifyRequest,
    account: string,
    password: string,
    user: UserRow | undefined,
    failureKey: string,
  ) {
    const keys = [`account:${account.toLowerCase()}`, `ip:${request.ip}`];
    const blocked = await limiter.isBlocked(keys);
    const valid = await verifySecret(blocked || !user || user.disabled_at ? null : user.password_hash, password);
    if (!valid || !user) {
      await limiter.fail([
        { key: keys[0], policy: ACCOUNT_POLICY },
        { key: keys[1], policy: ADDRESS_POLICY },
      ]);
      await writeAudit(
        app.db,
        auditFor(request, {
          action: 'login.failed',
          targetType: 'user',
          targetId: user?.user_id,
          details: { account: account.slice(0, 128), throttled: blocked },
        }),
      );
      throw new HttpError(401, failureKey);
    }
    await limiter.succeed(keys);
    return user;
  }

  app.post(
    '/account/login',
    {
      schema: {
        tags,
        summary: 'Dealer and internal sign-in (internal=true for staff)',
        body: loginRequestSchema,
        response: loginResponses,
      },
      // A sign-in starts afresh: whatever session the browser still holds (even one with steps pending) is not read.
      config: { access: 'public', anonymous: true },
    },
    async (request, reply) => {
      const { username, password, internal } = request.body;
      const application = internal ? APPLICATION.internal : APPLICATION.dealer;
      const user = await findUser(username, application);
      const checked = await checkCredentials(request, username, password, user, 'errors.invalidCredentials');
      return startSession(app, request, reply, checked);
    },
  );

  app.post(
    '/msa/login',
    {
      schema: { tags, summary: 'Customer (My Security Account) sign-in', body: msaLoginRequestSchema, response: loginResponses },
      // A sign-in starts afresh: whatever session the browser still holds (even one with steps pending) is not read.
      config: { access: 'public', anonymous: true },
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const user = await findUser(email, APPLICATION.customer);
      const checked = await checkCredentials(request, email, password, user, 'errors.invalidEmailCredentials');
      if (!checked.email_verified_at) throw new HttpError(403, 'errors.emailNotVerified');
      return startSession(app, request, reply, checked);
    },
  );

  app.post(
    '/token/refresh',
    {
      config: { access: 'credential' },
      schema: { tags, summary: 'A new bearer token; rotates the refresh cookie', response: { 200: tokenSchema, 401: errorSchema } },
    },
    async (request, reply) => {
      const presented = request.cookies[REFRESH_COOKIE];
      const result = presented ? await app.sessions.refresh(presented) : ({ outcome: 'invalid' } as const);
      if (result.outcome === 'reused') {
        await writeAudit(app.db, {
          action: 'session.refreshReused',
          actorUserId: result.session.user_id,
          ip: request.ip,
          targetType: 'session',
          targetId: result.session.session_id,
        });
      }
      if (result.outcome !== 'rotated') {
        clearSessionCookies(reply);
        reply.header('Invalid-Session', 'true');
        throw new HttpError(401, 'errors.sessionEnded');
      }
      setRefreshCookie(reply, app.config.publicUrl, result.refreshToken);
      return { token: result.bearer.token, expires: result.bearer.expires.toISOString() };
    },
  );

  app.post(
    '/logout',
    {
      config: { access: 'public' },
      schema: { tags, summary: 'End the session' },
    },
    async (request, reply) => {
      if (request.auth) {
        await app.sessions.end(request.auth.session.session_id, 'logout');
        await writeAudit(app.db, auditFor(request, { action: 'logout', targetType: 'session', targetId: request.auth.session.session_id }));
      }
      clearSessionCookies(reply);
      return reply.status(204).send();
    },
  );

  app.get(
    '/me',
    {
      config: { access: 'signedIn' },
      schema: { tags, summary: 'The signed-in user', response: { 200: userSchema, 401: errorSchema } },
    },
    async (request) => ({
      ...(await identityOf(app.db, request.auth!.user)),
      impersonating: !!request.auth!.session.impersonator_user_id,
    }),
  );
}
