import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { LoginResponse } from '../../../schemas/auth.js';
import { writeAudit } from '../audit/audit.js';
import { setSessionCookies, type UserRow } from './authPlugin.js';
import { pendingRequirements, toLoginRequirements } from './requirements.js';
import { isRememberedDevice, TRUSTED_DEVICE_COOKIE } from './trustedDevices.js';

/** True when the request carries an unrevoked, unexpired remembered-device token of the user (trustedDevices.ts). */
async function isTrustedDevice(app: FastifyInstance, request: FastifyRequest, userId: number): Promise<boolean> {
  return isRememberedDevice(app.db, request.cookies[TRUSTED_DEVICE_COOKIE], userId);
}

/**
 * A new session for a user whose identity is proven (password, SSO code):
 * the pending login requirements, the session and refresh cookies, the audit
 * line, and the login answer {success, reqs, token} of SPEC §3.
 */
export async function startSession(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  method = 'password',
): Promise<LoginResponse> {
  const contacts = await app.db
    .selectFrom('user_contact_methods')
    .select(['type', 'value'])
    .where('user_id', '=', user.user_id)
    .where('verified_at', 'is not', null)
    .orderBy(sql`case when type = 'cellPhone' then 0 else 1 end`)
    .execute();
  const inputs = {
    applicationNum: user.application_num,
    betaUser: user.beta_user,
    mfaEnabled: user.mfa_required,
    usernameResetRequired: user.username_reset_required,
    verifySecurityQuestions: user.verify_security_questions,
    passwordResetRequired: user.password_reset_required,
    termsRequired: user.terms_required,
    privacyPolicyRequired: user.privacy_policy_required,
    contacts,
    trustedDevice: await isTrustedDevice(app, request, user.user_id),
  };
  const pending = pendingRequirements(inputs);
  const tokens = await app.sessions.create({
    userId: user.user_id,
    pending,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  setSessionCookies(reply, app.config.publicUrl, tokens);
  await writeAudit(app.db, {
    action: 'login.succeeded',
    actorUserId: user.user_id,
    ip: request.ip,
    targetType: 'session',
    targetId: tokens.sessionId,
    details: { method, pending: Object.keys(pending).filter((k) => pending[k as keyof typeof pending]) },
  });
  return {
    success: true,
    reqs: toLoginRequirements(pending, inputs),
    token: { token: tokens.bearer.token, expires: tokens.bearer.expires.toISOString() },
  };
}
