import { randomUUID } from 'node:crypto';
import { APPLICATION } from '../../../common/constants.js';
import { randomToken, sha256 } from '../../auth/secrets.js';
import type { Db } from '../database.js';
import type { AuditAction } from '../../../common/auditActions.js';
import type { AuditTargetType } from '../../../common/auditTargets.js';

/**
 * Demo data for /support, so its screens show every status and history:
 * - dealer.locked (group 4120): locked after failed sign-ins from one address, with those
 *   attempts in the audit log and a remembered device;
 * - dealer.former (group 4120): disabled;
 * - sign-ins of dealer.beta and customer@example.com (and a failed one) in the audit log;
 * - one past impersonation of dealer.beta by support.admin, which dealer.beta's /user-account
 *   lists under Support access.
 * dealer.newuser (every login step pending) and riley.invited@example.com (invited) are the
 * other statuses (demo/users.ts, usersSeed.ts).
 */
export const DEMO_SUPPORT_USERS = {
  locked: { username: 'dealer.locked', name: 'Lee Locke', email: 'dealer.locked@example.com', address: '203.0.113.24' },
  disabled: { username: 'dealer.former', name: 'Frances Oduya', email: 'dealer.former@example.com' },
  siteGroupNum: 4120,
} as const;

export const DEMO_IMPERSONATION_REASON = 'Dana asked why the on-call rota shows a gap on Sunday night (ticket 4471)';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export async function seedSupportDemo(
  db: Db,
  input: { passwordHash: string; supportUserId: number; betaUserId: number; customerUserId: number; now: number },
): Promise<void> {
  const { now } = input;
  const verified = new Date(now - 60 * DAY);
  const dealer = {
    application_num: APPLICATION.dealer,
    password_hash: input.passwordHash,
    dealer_number: '4120',
    current_site_group_num: DEMO_SUPPORT_USERS.siteGroupNum,
    beta_user: true,
    roles: ['reportRead'],
    email_verified_at: verified,
  };
  const locked = await db
    .insertInto('users')
    .values({
      ...dealer,
      username: DEMO_SUPPORT_USERS.locked.username,
      name: DEMO_SUPPORT_USERS.locked.name,
      email: DEMO_SUPPORT_USERS.locked.email,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  const disabled = await db
    .insertInto('users')
    .values({
      ...dealer,
      username: DEMO_SUPPORT_USERS.disabled.username,
      name: DEMO_SUPPORT_USERS.disabled.name,
      email: DEMO_SUPPORT_USERS.disabled.email,
      disabled_at: new Date(now - 12 * DAY),
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('user_account_groups')
    .values([
      { user_id: locked.user_id, site_group_num: DEMO_SUPPORT_USERS.siteGroupNum },
      { user_id: disabled.user_id, site_group_num: DEMO_SUPPORT_USERS.siteGroupNum },
    ])
    .execute();
  await db
    .insertInto('user_contact_methods')
    .values([
      { user_id: locked.user_id, type: 'email', value: DEMO_SUPPORT_USERS.locked.email, verified_at: verified },
      { user_id: locked.user_id, type: 'cellPhone', value: '+16125550142', verified_at: verified },
      { user_id: disabled.user_id, type: 'email', value: DEMO_SUPPORT_USERS.disabled.email, verified_at: verified },
    ])
    .execute();
  await db
    .insertInto('trusted_devices')
    .values({
      device_id: randomUUID(),
      user_id: locked.user_id,
      token_hash: sha256(randomToken()),
      label: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
      created_at: new Date(now - 20 * DAY),
      last_used_at: new Date(now - 2 * DAY),
      revoked_at: null,
    })
    .execute();

  // Sixteen failures from one address: the sign-in throttle's 15-minute block (throttle.ts PAIR_POLICY),
  // kept for 30 days here so the demo shows a locked user until support unlocks them.
  const { address } = DEMO_SUPPORT_USERS.locked;
  const failures = 16;
  await db
    .insertInto('login_throttle')
    .values({
      throttle_key: `pair:${DEMO_SUPPORT_USERS.locked.username}|${address}`,
      failures,
      last_failure_at: new Date(now - 20 * MINUTE),
      blocked_until: new Date(now + 30 * DAY),
    })
    .execute();

  const attempt = (at: number, userId: number, ip: string, outcome: 'succeeded' | 'failed' | 'throttled', account = '') =>
    outcome === 'succeeded'
      ? {
          occurred_at: new Date(at),
          actor_user_id: userId,
          impersonator_user_id: null,
          action: 'login.succeeded' satisfies AuditAction,
          target_type: 'session' satisfies AuditTargetType,
          target_id: randomUUID(),
          ip,
          details: JSON.stringify({ method: 'password', pending: [] }),
        }
      : {
          occurred_at: new Date(at),
          actor_user_id: null,
          impersonator_user_id: null,
          action: 'login.failed' satisfies AuditAction,
          target_type: 'user' satisfies AuditTargetType,
          target_id: String(userId),
          ip,
          details: JSON.stringify({ account, throttled: outcome === 'throttled' }),
        };
  const lockedName = DEMO_SUPPORT_USERS.locked.username;
  const lockedAttempts = [
    attempt(now - 3 * DAY, locked.user_id, '198.51.100.20', 'succeeded'),
    ...Array.from({ length: failures }, (_, i) =>
      attempt(now - 80 * MINUTE + i * 3 * MINUTE, locked.user_id, address, 'failed', lockedName),
    ),
    attempt(now - 25 * MINUTE, locked.user_id, address, 'throttled', lockedName),
    attempt(now - 21 * MINUTE, locked.user_id, address, 'throttled', lockedName),
  ];
  const betaAttempts = [
    attempt(now - 6 * DAY - 2 * HOUR, input.betaUserId, '198.51.100.7', 'succeeded'),
    attempt(now - 4 * DAY - 30 * MINUTE, input.betaUserId, '198.51.100.7', 'failed', 'dealer.beta'),
    attempt(now - 4 * DAY - 29 * MINUTE, input.betaUserId, '198.51.100.7', 'succeeded'),
    attempt(now - 1 * DAY - 3 * HOUR, input.betaUserId, '192.0.2.44', 'succeeded'),
    attempt(now - 2 * DAY, input.customerUserId, '198.51.100.91', 'succeeded'),
  ];
  await db
    .insertInto('audit_log')
    .values([...lockedAttempts, ...betaAttempts])
    .execute();

  // A past impersonation: support.admin saw the portal as dealer.beta for 12 of its 30 minutes.
  const startedAt = new Date(now - 3 * DAY - 5 * HOUR);
  const impersonation = await db
    .insertInto('impersonations')
    .values({
      impersonator_user_id: input.supportUserId,
      impersonator_name: 'Sam Support',
      target_user_id: input.betaUserId,
      session_id: null,
      reason: DEMO_IMPERSONATION_REASON,
      duration_minutes: 30,
      started_at: startedAt,
      expires_at: new Date(startedAt.getTime() + 30 * MINUTE),
      ended_at: new Date(startedAt.getTime() + 12 * MINUTE),
    })
    .returning('impersonation_id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('audit_log')
    .values([
      {
        occurred_at: startedAt,
        actor_user_id: input.supportUserId,
        impersonator_user_id: null,
        action: 'impersonation.started' satisfies AuditAction,
        target_type: 'user' satisfies AuditTargetType,
        target_id: String(input.betaUserId),
        ip: '192.0.2.10',
        details: JSON.stringify({
          reason: DEMO_IMPERSONATION_REASON,
          durationMinutes: 30,
          impersonationId: impersonation.impersonation_id,
        }),
      },
      {
        occurred_at: new Date(startedAt.getTime() + 12 * MINUTE),
        actor_user_id: input.betaUserId,
        impersonator_user_id: input.supportUserId,
        action: 'impersonation.ended' satisfies AuditAction,
        target_type: 'user' satisfies AuditTargetType,
        target_id: String(input.betaUserId),
        ip: '192.0.2.10',
        details: JSON.stringify({ impersonator: input.supportUserId }),
      },
    ])
    .execute();
}
