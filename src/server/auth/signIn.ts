import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { LoginResponse } from '../../../schemas/auth.js';
import { setSessionCookies, type UserRow } from './authPlugin.js';
import { pendingRequirements, toLoginRequirements } from './requirements.js';
import { signInRepository } from './signInRepository.js';
import { hasConfirmedAuthenticator } from './totpRepository.js';
import { pendingAfterPasskey } from './passkeysRules.js';
import { recordCodeVerified } from './stepUp.js';
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
  /** The sign-in itself proved the person (a passkey with user verification): the MFA step is done, and sensitive changes pass for a few minutes (stepUp.ts). */
  { mfaProven = false }: { mfaProven?: boolean } = {},
): Promise<LoginResponse> {
  const contacts = await signInRepository(app.db).verifiedContacts(user.user_id);
  const inputs = {
    applicationNum: user.application_num,
    betaUser: user.beta_user,
    // An authenticator app the user turned on asks for a second factor at every sign-in (totpRoutes.ts).
    mfaEnabled: user.mfa_required || (await hasConfirmedAuthenticator(app.db, user.user_id)),
    usernameResetRequired: user.username_reset_required,
    verifySecurityQuestions: user.verify_security_questions,
    passwordResetRequired: user.password_reset_required,
    termsRequired: user.terms_required,
    privacyPolicyRequired: user.privacy_policy_required,
    contacts,
    trustedDevice: await isTrustedDevice(app, request, user.user_id),
  };
  const required = pendingRequirements(inputs);
  const pending = mfaProven ? pendingAfterPasskey(required) : required;
  const tokens = await app.sessions.create({
    userId: user.user_id,
    pending,
    ip: request.ip,
    userAgent: request.headers['user-agent'] ?? null,
  });
  setSessionCookies(reply, app.config.publicUrl, tokens);
  if (mfaProven) await recordCodeVerified(app.db, tokens.sessionId, user.user_id);
  await app.audit.system({
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
