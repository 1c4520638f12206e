import { sql } from 'kysely';
import type { Db } from '../db/database.js';

/**
 * Throttling of guesses (sign-in, recovery, registration, SSO), with growing
 * delays: after `freeFailures` consecutive failures each further one blocks
 * the key for twice as long as the last, up to `maxDelayMs`. Nothing is ever
 * locked for good, so a stranger cannot lock an owner out for longer than the cap.
 *
 * Sign-in (signInDecision) keys its blocks on the account and address
 * together, so whoever knows a username can only block themselves; an address
 * with many recent failures is asked for a captcha with each attempt instead
 * of being refused, so the other accounts behind that address keep working.
 * A success clears only its own pair: an address's failures fade with time
 * (`windowMs`), not with a success of the attacker's own account.
 */
export interface ThrottlePolicy {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this are forgotten: the next one counts from 1 again. */
  windowMs?: number;
}

/** One account from one address (sign-in), or one account (recovery, registration). */
export const ACCOUNT_POLICY: ThrottlePolicy = { freeFailures: 5, baseDelayMs: 1000, maxDelayMs: 15 * 60_000 };
export const ADDRESS_POLICY: ThrottlePolicy = { freeFailures: 20, baseDelayMs: 1000, maxDelayMs: 15 * 60_000 };
/** Sign-in: the pair account + address, blocked with growing delays. */
export const PAIR_POLICY: ThrottlePolicy = { ...ACCOUNT_POLICY, windowMs: 24 * 60 * 60_000 };
/** Sign-in: an address never blocked, but asked for a captcha after `captchaAfter` failures within the window. */
export const SIGN_IN_ADDRESS_POLICY: ThrottlePolicy & { captchaAfter: number; windowMs: number } = {
  freeFailures: Number.POSITIVE_INFINITY,
  baseDelayMs: 0,
  maxDelayMs: 0,
  captchaAfter: 10,
  windowMs: 60 * 60_000,
};
/**
 * Sign-in: one account from every address together, against guesses spread over many addresses
 * (each pair and each address staying under its own limits). Never blocked, so nobody can lock
 * an owner out: past `captchaAfter` failures within the window every sign-in to the account needs
 * a solved captcha, the owner's too, and the owner is emailed once (docs/security.md compares this
 * with Keycloak's brute-force detection and NIST SP 800-63B §5.2.2).
 */
export const SIGN_IN_ACCOUNT_POLICY: ThrottlePolicy & { captchaAfter: number; windowMs: number } = {
  freeFailures: Number.POSITIVE_INFINITY,
  baseDelayMs: 0,
  maxDelayMs: 0,
  captchaAfter: 30,
  windowMs: 60 * 60_000,
};

/** How long a key is blocked after its `failures`-th consecutive failure. */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures <= policy.freeFailures) return 0;
  return Math.min(policy.baseDelayMs * 2 ** (failures - policy.freeFailures - 1), policy.maxDelayMs);
}

/** What the store holds for a key. */
export interface ThrottleState {
  failures: number;
  lastFailureAt: Date | null;
  blockedUntil: Date | null;
}

/** Failures still counted at `now`: none once the last one is older than the window. */
export function recentFailures(state: ThrottleState | undefined, now: Date, windowMs: number | undefined): number {
  if (!state?.lastFailureAt) return 0;
  if (windowMs !== undefined && now.getTime() - state.lastFailureAt.getTime() >= windowMs) return 0;
  return state.failures;
}

/** Milliseconds the key stays blocked from `now` (0 when it is not). */
export function blockedFor(state: ThrottleState | undefined, now: Date): number {
  if (!state?.blockedUntil) return 0;
  return Math.max(0, state.blockedUntil.getTime() - now.getTime());
}

/** Whole minutes to wait, rounded up, at least 1 ('Try again in N minutes'). */
export function retryMinutes(ms: number): number {
  return Math.max(1, Math.ceil(ms / 60_000));
}

/** The Retry-After header: whole seconds, rounded up, at least 1. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}

export type SignInDecision =
  /** The pair is blocked: 429 with Retry-After; the attempt is not counted (it must not extend the block). */
  | { kind: 'throttled'; retryAfterMs: number }
  /** The address must send a solved captcha with the login; the attempt is not counted. */
  | { kind: 'captcha' }
  /** The password may be checked. */
  | { kind: 'check' };

/**
 * Whether a sign-in attempt may check the password: the pair's block first,
 * then the captcha that the address or the account asks for (only
 * `captchaSolved` lets the attempt through).
 */
export function signInDecision(input: {
  pair: ThrottleState | undefined;
  address: ThrottleState | undefined;
  account?: ThrottleState | undefined;
  captchaSolved: boolean;
  now: Date;
}): SignInDecision {
  const blocked = blockedFor(input.pair, input.now);
  if (blocked > 0) return { kind: 'throttled', retryAfterMs: blocked };
  if (signInNeedsCaptcha(input.address, input.account, input.now) && !input.captchaSolved) return { kind: 'captcha' };
  return { kind: 'check' };
}

/** True when an address has failed often enough lately that each sign-in from it needs a captcha. */
export function addressNeedsCaptcha(state: ThrottleState | undefined, now: Date): boolean {
  return recentFailures(state, now, SIGN_IN_ADDRESS_POLICY.windowMs) >= SIGN_IN_ADDRESS_POLICY.captchaAfter;
}

/** True when an account has failed often enough lately, from any addresses, that each sign-in to it needs a captcha. */
export function accountNeedsCaptcha(state: ThrottleState | undefined, now: Date): boolean {
  return recentFailures(state, now, SIGN_IN_ACCOUNT_POLICY.windowMs) >= SIGN_IN_ACCOUNT_POLICY.captchaAfter;
}

/** The captcha of a sign-in: asked for when the address or the account asks for it. */
export function signInNeedsCaptcha(address: ThrottleState | undefined, account: ThrottleState | undefined, now: Date): boolean {
  return addressNeedsCaptcha(address, now) || accountNeedsCaptcha(account, now);
}

/** The same from the counts a reservation answers (reserve(): this attempt's failure included, within each window). */
export function countsNeedCaptcha(failures: Map<string, number>, keys: { address: string; account: string }): boolean {
  return (
    (failures.get(keys.address) ?? 0) >= SIGN_IN_ADDRESS_POLICY.captchaAfter ||
    (failures.get(keys.account) ?? 0) >= SIGN_IN_ACCOUNT_POLICY.captchaAfter
  );
}

/**
 * The failure that puts an account under the challenge: exactly the `captchaAfter`-th within the
 * window, so its owner is told once however many guesses follow (reserve() counts under a lock).
 */
export function startsAccountChallenge(failures: number): boolean {
  return failures === SIGN_IN_ACCOUNT_POLICY.captchaAfter;
}

/** Prefix of an account's own sign-in key (support reads and clears it through signInKeys). */
const SIGN_IN_ACCOUNT_PREFIX = 'signin-account:';

/** The sign-in throttle keys of an attempt: the account with the address, the address, and the account alone. */
export function signInKeys(account: string, ip: string) {
  const name = account.toLowerCase();
  return { pair: `pair:${name}|${ip}`, address: `signin-ip:${ip}`, account: `${SIGN_IN_ACCOUNT_PREFIX}${name}` };
}

/**
 * What reserve() answers: the refusal (the attempt not counted), or that it was counted, whether,
 * wrong, it starts a block, and each key's count of failures with it.
 */
export type Reservation<R> = { refused: R } | { refused?: undefined; blocks: boolean; failures: Map<string, number> };

/** reserve()'s default refusal: a key still blocked, with how long. */
function blockedRefusal(states: Map<string, ThrottleState>, now: Date): { retryAfterMs: number } | undefined {
  const retryAfterMs = Math.max(0, ...[...states.values()].map((state) => blockedFor(state, now)));
  return retryAfterMs > 0 ? { retryAfterMs } : undefined;
}

const stateOf = (row: { failures: number; last_failure_at: Date | string | null; blocked_until: Date | string | null }): ThrottleState => ({
  failures: row.failures,
  lastFailureAt: row.last_failure_at ? new Date(row.last_failure_at) : null,
  blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null,
});

export function throttle(db: Db) {
  return {
    /**
     * Counts an attempt of each key as a failure before it is checked, under a lock on the keys'
     * rows: guesses sent at once are each counted (and blocked, past the free ones) before any is
     * checked, where reading the count first and adding a failure after the check let dozens through.
     * `refuse` (by default a key still blocked) may turn the attempt away first, uncounted. A right
     * answer then calls succeed(), or forgive() for a key a success must not clear.
     */
    async reserve<R = { retryAfterMs: number }>(
      entries: { key: string; policy: ThrottlePolicy }[],
      refuse: (states: Map<string, ThrottleState>, now: Date) => R | undefined = blockedRefusal as never,
      now = new Date(),
    ): Promise<Reservation<R>> {
      const keys = [...new Set(entries.map((e) => e.key))].sort();
      return db.transaction().execute(async (trx) => {
        await trx
          .insertInto('login_throttle')
          .values(keys.map((key) => ({ throttle_key: key, failures: 0 })))
          .onConflict((oc) => oc.column('throttle_key').doNothing())
          .execute();
        // In key order, so two reservations of overlapping keys cannot wait on each other.
        const rows = await trx
          .selectFrom('login_throttle')
          .selectAll()
          .where('throttle_key', 'in', keys)
          .orderBy('throttle_key')
          .forUpdate()
          .execute();
        const states = new Map(rows.map((row) => [row.throttle_key, stateOf(row)]));
        const refused = refuse(states, now);
        if (refused !== undefined) return { refused };
        let blocks = false;
        const counted = new Map<string, number>();
        for (const { key, policy } of entries) {
          const failures = recentFailures(states.get(key), now, policy.windowMs) + 1;
          counted.set(key, failures);
          const delay = delayAfter(failures, policy);
          blocks ||= delay > 0;
          await trx
            .updateTable('login_throttle')
            .set({ failures, last_failure_at: now, ...(delay > 0 && { blocked_until: new Date(now.getTime() + delay) }) })
            .where('throttle_key', '=', key)
            .execute();
        }
        return { blocks, failures: counted };
      });
    },

    /** Takes back the failure a reservation counted, for a key a right answer must not clear (a sign-in address). */
    async forgive(keys: string[]): Promise<void> {
      await db
        .updateTable('login_throttle')
        .set((eb) => ({ failures: sql<number>`greatest(${eb.ref('failures')} - 1, 0)` }))
        .where('throttle_key', 'in', keys)
        .execute();
    },

    async isBlocked(keys: string[], now = new Date()): Promise<boolean> {
      const row = await db
        .selectFrom('login_throttle')
        .select('throttle_key')
        .where('throttle_key', 'in', keys)
        .where('blocked_until', '>', now)
        .executeTakeFirst();
      return !!row;
    },

    /** The stored state of each key that has one. */
    async states(keys: string[]): Promise<Map<string, ThrottleState>> {
      const rows = await db.selectFrom('login_throttle').selectAll().where('throttle_key', 'in', keys).execute();
      return new Map(rows.map((row) => [row.throttle_key, stateOf(row)]));
    },

    /** Counts a failure of each key (atomically; restarting from 1 past the policy's window) and blocks it as the policy says. */
    async fail(entries: { key: string; policy: ThrottlePolicy }[], now = new Date()): Promise<void> {
      for (const { key, policy } of entries) {
        const counted =
          policy.windowMs === undefined
            ? sql<number>`login_throttle.failures + 1`
            : sql<number>`case when login_throttle.last_failure_at < ${new Date(now.getTime() - policy.windowMs)} then 1 else login_throttle.failures + 1 end`;
        const { failures } = await db
          .insertInto('login_throttle')
          .values({ throttle_key: key, failures: 1, last_failure_at: now })
          .onConflict((oc) =>
            oc.column('throttle_key').doUpdateSet({
              failures: counted,
              last_failure_at: now,
            }),
          )
          .returning('failures')
          .executeTakeFirstOrThrow();
        const delay = delayAfter(failures, policy);
        if (delay) {
          await db
            .updateTable('login_throttle')
            .set({ blocked_until: new Date(now.getTime() + delay) })
            .where('throttle_key', '=', key)
            .execute();
        }
      }
    },

    async succeed(keys: string[]): Promise<void> {
      await db.deleteFrom('login_throttle').where('throttle_key', 'in', keys).execute();
    },
  };
}
