import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Selectable } from 'kysely';
import type { SupportActionId } from '../../../schemas/support.js';
import { APPLICATION } from '../../common/constants.js';
import type { UsersTable } from '../db/schema.js';
import { resetPasskeys } from '../auth/passkeysRepository.js';
import { noticeSecurityChange } from '../auth/securityNotices.js';
import { resetAuthenticator } from '../auth/totpRepository.js';
import { mailLinkBase } from '../mail/links.js';
import { staffRepository } from './staffRepository.js';
import type { SupportRepository } from './supportRepository.js';

/** As the staff-created customer's and the invited dealer's links (recovery/recoveryRules.ts). */
const SET_PASSWORD_TTL_MS = 7 * 24 * 3_600_000;
const VERIFY_EMAIL_TTL_MS = 24 * 3_600_000;

export interface SupportActionContext {
  app: FastifyInstance;
  request: FastifyRequest;
  repo: SupportRepository;
  target: Selectable<UsersTable>;
}

/** Does the action; answers what the audit line's details add to the reason. */
export type SupportActionHandler = (context: SupportActionContext) => Promise<Record<string, unknown>>;

/**
 * What each support action does (when it applies: src/common/supportActions.ts). Every
 * one has a real effect the user meets at their next call or sign-in. One entry per action id: a
 * new action (schemas/support.ts SUPPORT_ACTION_IDS) does not compile until it has its handler here.
 */
export const SUPPORT_ACTION_HANDLERS: Record<SupportActionId, SupportActionHandler> = {
  /** The account's sign-in blocks and counted failures go, from every address. */
  async unlock({ repo, target }) {
    return { addresses: await repo.unlock(target.username) };
  },

  /** As a dealer administrator's reset (staffRepository.resetMfa): contact methods and remembered devices go, sessions end. */
  async resetMfa({ app, target }) {
    const result = await staffRepository(app.db).resetMfa(target.user_id);
    await app.sessions.changed();
    return result;
  },

  /** The authenticator app and its recovery codes go (a lost phone); sign-in falls back to text or email codes. */
  async resetAuthenticator({ app, request, target }) {
    const result = await resetAuthenticator(app.db, target.user_id);
    if (result.removed) await noticeSecurityChange(app, request, target, 'authenticatorOff');
    return result;
  },

  /** Every passkey goes (a lost or stolen device): the user signs in with their password again. */
  async resetPasskeys({ app, request, target }) {
    const removed = await resetPasskeys(app.db, target.user_id);
    if (removed) await noticeSecurityChange(app, request, target, 'passkeyRemoved');
    return { removed };
  },

  /** The next sign-in asks for a new password (SPEC §4 passwordReset step). */
  async requirePasswordReset({ repo, target }) {
    await repo.requirePasswordReset(target.user_id);
    return {};
  },

  /**
   * A fresh registration link by email, the earlier ones retired: the set-your-password link to a
   * user without a password (an invited dealer, a customer staff created), the verification link to
   * a customer who has not verified their email.
   */
  async resendRegistration({ app, request, repo, target }) {
    const customer = target.application_num === APPLICATION.customer;
    const setPassword = !target.password_hash;
    const kind = setPassword ? 'registrationOtp' : 'registration';
    const ttlMs = setPassword ? SET_PASSWORD_TTL_MS : VERIFY_EMAIL_TTL_MS;
    const token = await repo.newRegistrationToken(target.user_id, kind, ttlMs);
    // A customer's link opens on the customer host (My Security Account), whoever sends it.
    const host = customer ? (app.config.msaHosts[0] ?? request.hostname) : request.hostname;
    const link = `${mailLinkBase(host, app.config)}/login/register?${setPassword ? 'otp' : 'code'}=${encodeURIComponent(token)}`;
    const hours = String(ttlMs / 3_600_000);
    const [subject, body] = customer
      ? setPassword
        ? ['recovery.register.otpSubject', 'recovery.register.otpBody']
        : ['recovery.register.verifySubject', 'recovery.register.verifyBody']
      : ['support.mail.setPasswordSubject', 'support.mail.setPasswordBody'];
    const sent = await app.outbox.sendEmail({
      to: target.email ?? target.username,
      subject: request.t(subject),
      text: request.t(body, { link, hours, days: String(ttlMs / 86_400_000), username: target.username }),
    });
    return { kind, delivery: sent.status };
  },

  /** No sign-in until enabled; every session ends now (authPlugin also refuses a disabled user's next call). */
  async disable({ app, repo, target }) {
    await repo.setDisabled(target.user_id, true);
    const sessionsEnded = await repo.endSessions(target.user_id, 'user-disabled');
    await app.sessions.changed();
    return { sessionsEnded };
  },

  async enable({ repo, target }) {
    await repo.setDisabled(target.user_id, false);
    return {};
  },

  /** Every open session of the user ends (theirs and any impersonation of them). */
  async signOutEverywhere({ app, repo, target }) {
    const sessionsEnded = await repo.endSessions(target.user_id, 'signed-out-by-support');
    await app.sessions.changed();
    return { sessionsEnded };
  },
};
