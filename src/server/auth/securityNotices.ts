import type { FastifyInstance, FastifyRequest } from 'fastify';

/**
 * Changes to how a user signs in that the user is told of by email, whoever made them (the user,
 * support on the user page, a dealer administrator): a new way in that the user did not add, or
 * one of theirs gone, is how an account takeover shows itself. Sent to the user's email, in the
 * language they chose on /user-account, else the request's; a user without an email is not told.
 */
export type SecurityChange =
  | 'passwordChanged'
  | 'emailChanged'
  | 'passkeyAdded'
  | 'passkeyRemoved'
  | 'authenticatorOn'
  | 'authenticatorOff'
  | 'recoveryCodeUsed'
  | 'recoveryCodesRenewed';

export interface NoticeRecipient {
  username: string;
  name: string | null;
  email: string | null;
  language?: string | null;
}

/** '2026-11-26 14:05 UTC': the mail cannot know the reader's zone. */
const utcMinute = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** Emails `user` that `change` happened now, from the request's address; never fails the change itself. */
export async function noticeSecurityChange(
  app: FastifyInstance,
  request: FastifyRequest,
  user: NoticeRecipient,
  change: SecurityChange,
): Promise<void> {
  await sendNotice(app, request, user, change, (t) => {
    const what = t(`securityNotices.changes.${change}`);
    return {
      subject: t('securityNotices.subject', { what }),
      text: t('securityNotices.body', {
        name: user.name || user.username,
        username: user.username,
        what,
        time: utcMinute(new Date()),
        ip: request.ip,
        portal: app.config.portalName,
      }),
    };
  });
}

/**
 * Emails `user` that so many wrong passwords were tried for the account within the hour, from
 * any addresses, that every sign-in to it now asks for a captcha (throttle.ts
 * SIGN_IN_ACCOUNT_POLICY); sent once, by the failure that starts the challenge.
 */
export async function noticeSignInChallenge(
  app: FastifyInstance,
  request: FastifyRequest,
  user: NoticeRecipient,
  failures: number,
): Promise<void> {
  await sendNotice(app, request, user, 'signInChallenge', (t) => ({
    subject: t('securityNotices.challenge.subject'),
    text: t('securityNotices.challenge.body', {
      name: user.name || user.username,
      username: user.username,
      failures,
      time: utcMinute(new Date()),
      portal: app.config.portalName,
    }),
  }));
}

async function sendNotice(
  app: FastifyInstance,
  request: FastifyRequest,
  user: NoticeRecipient,
  kind: string,
  compose: (t: (key: string, options?: Record<string, unknown>) => string) => { subject: string; text: string },
): Promise<void> {
  if (!user.email) return;
  const t = user.language ? app.i18n.forRequest(user.language) : request.t;
  try {
    await app.outbox.sendEmail({ to: user.email, ...compose(t) });
  } catch (error) {
    request.log.warn({ err: error, kind }, 'security notice not written to the outbox');
  }
}
