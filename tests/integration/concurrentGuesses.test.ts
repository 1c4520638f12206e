import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/common/constants.js';
import { MFA_CODE_POLICY } from '../../src/server/auth/mfaCodes.js';
import { DEMO_ACCOUNT_PASSCODES } from '../../src/server/db/seed/demo/accountPasscodes.js';
import { signedInClient, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';

/**
 * Guesses sent all at once, as a script would send them: each limited check counts the attempt
 * before it checks (throttle.ts reserve, or one statement for a code's attempts), so a burst gets
 * no more checks than the same guesses sent one by one. Counted from the audit log (each checked
 * guess is audited as such) and the codes' attempt counts. Behind a proxy (TRUST_PROXY), each test
 * speaks from an address of its own.
 *
 * One by one, five wrong passwords are free, the sixth starts a block of 1 s, and each block that
 * ends lets one more through for twice as long: a burst that lasts T seconds gets 6 + log2(T + 1)
 * checks at most, whatever the machine's speed. Bounded by CHECKS (a burst of up to 15 s); before
 * attempts were counted first, 27 to 35 of 50 were checked (the probe's figures, 50 at once as here).
 */
const BURST = 50;
const CHECKS = 10;

describe.each(TEST_DATABASES)('guesses sent at once on $name', (database) => {
  const { t } = demoSuite(database, {}, { TRUST_PROXY: 'true' });

  /** Audit entries of `action` since `since` whose details match `where` (a JSON fragment). */
  const audited = async (action: string, since: Date, where: Record<string, unknown> = {}) =>
    (await t.db.selectFrom('audit_log').select('details').where('action', '=', action).where('occurred_at', '>=', since).execute()).filter(
      (row) => Object.entries(where).every(([key, value]) => (row.details as Record<string, unknown>)[key] === value),
    ).length;

  it(`sign-in: ${BURST} wrong passwords at once from a fresh address get no more checks than one by one, the rest refused`, async () => {
    const since = new Date();
    const c = await new TestClient(t.origin).init();
    const statuses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        c
          .request(
            'POST',
            '/api/account/login',
            { username: 'dealer.beta', password: `Wrong-Password-${i}` },
            { 'X-Forwarded-For': '198.51.100.77' },
          )
          .then((response) => response.status),
      ),
    );
    const checked = await audited('login.failed', since, { throttled: false });
    expect(checked).toBeGreaterThanOrEqual(6);
    expect(checked).toBeLessThanOrEqual(CHECKS);
    expect(statuses.filter((s) => s === 429).length).toBe(BURST - checked);
    // From another address the owner signs in.
    const owner = await c.request(
      'POST',
      '/api/account/login',
      { username: 'dealer.beta', password: DEMO_PASSWORD },
      { 'X-Forwarded-For': '198.51.100.78' },
    );
    expect(owner.status).toBe(200);
  });

  it(`account link: ${BURST} wrong passcodes at once get no more checks than one by one, the rest refused`, async () => {
    const since = new Date();
    const customer = await signedInClient(t.origin, 'customer@example.com');
    const [extra] = DEMO_ACCOUNT_PASSCODES;
    const statuses = await Promise.all(
      Array.from({ length: BURST }, (_, i) =>
        customer
          .request('POST', '/api/msa/accountLinks', { accountNumber: String(extra.siteNum), accountPasscode: String(1000 + i) })
          .then((response) => response.status),
      ),
    );
    const checked = await audited('accountLink.refused', since);
    expect(checked).toBeGreaterThanOrEqual(6);
    expect(checked).toBeLessThanOrEqual(CHECKS);
    expect(statuses.filter((s) => s === 429).length).toBe(BURST - checked);
  });

  it(`a one-time code: ${BURST} guesses at once compare ${MFA_CODE_POLICY.maxAttempts} at most; then even the right code is refused`, async () => {
    const codes = t.app.mfaCodes;
    const user = await t.db.selectFrom('users').select('user_id').where('username', '=', 'dealer.summit').executeTakeFirstOrThrow();
    const code = await codes.issue({
      userId: user.user_id,
      purpose: 'deviceVerification',
      contactType: 'email',
      contactValue: 'x@example.com',
    });
    const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
    const results = await Promise.allSettled(
      Array.from({ length: BURST }, (_, i) => codes.verify(user.user_id, 'deviceVerification', wrong(i))),
    );
    expect(results.every((r) => r.status === 'rejected' || r.value === undefined)).toBe(true);
    const { attempts } = await t.db
      .selectFrom('mfa_codes')
      .select('attempts')
      .where('user_id', '=', user.user_id)
      .where('purpose', '=', 'deviceVerification')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(attempts).toBe(MFA_CODE_POLICY.maxAttempts);
    // Guesses answered 'wrong' (not 429) are at most the free ones.
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeLessThan(MFA_CODE_POLICY.maxAttempts);
    await expect(codes.verify(user.user_id, 'deviceVerification', code)).rejects.toMatchObject({ statusCode: 429 });
  });

  it('a right code gives its attempt back: four wrong, then the right one, leaves a code left usable at four', async () => {
    const codes = t.app.mfaCodes;
    const user = await t.db.selectFrom('users').select('user_id').where('username', '=', 'dealer.classic').executeTakeFirstOrThrow();
    const code = await codes.issue({ userId: user.user_id, purpose: 'passwordReset', contactType: 'email', contactValue: 'y@example.com' });
    for (let i = 1; i <= 4; i++)
      expect(await codes.verify(user.user_id, 'passwordReset', code === '000000' ? '000001' : '000000')).toBeUndefined();
    expect(await codes.verify(user.user_id, 'passwordReset', code, new Date(), { spend: false })).toBeDefined();
    const row = await t.db
      .selectFrom('mfa_codes')
      .select(['attempts', sql<boolean>`used_at is null`.as('usable')])
      .where('user_id', '=', user.user_id)
      .where('purpose', '=', 'passwordReset')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ attempts: 4, usable: true });
  });
});
