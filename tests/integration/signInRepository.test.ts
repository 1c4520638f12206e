import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MfaPurpose } from '../../schemas/auth.js';
import { signInRepository } from '../../src/server/auth/signInRepository.js';
import { migrateToLatest, type Db } from '../../src/server/db/database.js';
import { openTestDatabase, TEST_DATABASES } from './harness.js';

/** The sign-in repository's own logic, straight on a migrated database (no app, no demo data). */
describe.each(TEST_DATABASES)('signInRepository on $name', (database) => {
  let db: Db;
  let close: () => Promise<void>;

  const addUser = async (username: string, applicationNum: 1 | 2 | 3) =>
    (
      await db
        .insertInto('users')
        .values({ username, name: username, email: null, application_num: applicationNum })
        .returning('user_id')
        .executeTakeFirstOrThrow()
    ).user_id;

  const addSession = async (userId: number, ended = false) => {
    const sessionId = randomUUID();
    await db
      .insertInto('sessions')
      .values({
        session_id: sessionId,
        user_id: userId,
        token_hash: randomUUID(),
        expires_at: new Date(Date.now() + 3_600_000),
        ...(ended && { ended_at: new Date(), end_reason: 'logout' }),
      })
      .execute();
    return sessionId;
  };

  beforeAll(async () => {
    const opened = await openTestDatabase(database);
    db = opened.handle.db;
    close = opened.close;
    await migrateToLatest(db, opened.handle.schema);
  });
  afterAll(() => close?.());

  it('finds a user by username in any case, of the application asked for only', async () => {
    const users = signInRepository(db);
    const dealer = await addUser('Signin.Dealer', 2);
    const customer = await addUser('signin.customer@example.com', 3);
    expect((await users.userByUsername('SIGNIN.dealer', 2))?.user_id).toBe(dealer);
    expect(await users.userByUsername('signin.dealer', 1)).toBeUndefined();
    expect((await users.userByUsername('Signin.Customer@Example.com', 3))?.user_id).toBe(customer);
    expect(await users.userByUsername('signin.nobody', 2)).toBeUndefined();
  });

  it('answers verified contacts only, the phone first', async () => {
    const user = await addUser('signin.contacts', 2);
    const unverified = await addUser('signin.unverified', 2);
    await db
      .insertInto('user_contact_methods')
      .values([
        { user_id: user, type: 'email', value: 'contacts@example.com', verified_at: new Date() },
        { user_id: user, type: 'cellPhone', value: '+15555550100', verified_at: new Date() },
        { user_id: unverified, type: 'email', value: 'unverified@example.com', verified_at: null },
      ])
      .execute();
    const users = signInRepository(db);
    expect(await users.verifiedContacts(user)).toEqual([
      { type: 'cellPhone', value: '+15555550100' },
      { type: 'email', value: 'contacts@example.com' },
    ]);
    expect(await users.verifiedContacts(unverified)).toEqual([]);
  });

  it("answers the purpose of the user's newest waiting code among those asked for", async () => {
    const user = await addUser('signin.codes', 2);
    const now = Date.now();
    const code = (purpose: MfaPurpose, createdAgoMs: number, extra: { used?: boolean; expired?: boolean } = {}) => ({
      user_id: user,
      purpose,
      contact_type: 'email' as const,
      contact_value: 'codes@example.com',
      code_hash: randomUUID(),
      created_at: new Date(now - createdAgoMs),
      expires_at: new Date(extra.expired ? now - 1_000 : now + 600_000),
      used_at: extra.used ? new Date(now) : null,
    });
    const users = signInRepository(db);
    expect(await users.newestWaitingCodePurpose(user, ['identityVerification', 'deviceVerification'])).toBeUndefined();
    await db
      .insertInto('mfa_codes')
      .values([
        code('deviceVerification', 30_000),
        code('identityVerification', 20_000),
        code('passwordReset', 1_000),
        code('identityVerification', 500, { used: true }),
        code('deviceVerification', 100, { expired: true }),
      ])
      .execute();
    expect(await users.newestWaitingCodePurpose(user, ['identityVerification', 'deviceVerification'])).toBe('identityVerification');
    expect(await users.newestWaitingCodePurpose(user, ['deviceVerification'])).toBe('deviceVerification');
    expect(await users.newestWaitingCodePurpose(user, ['passwordReset', 'deviceVerification'])).toBe('passwordReset');
  });

  it("answers the dealer numbers of the user's account groups", async () => {
    const user = await addUser('signin.groups', 2);
    await db
      .insertInto('account_groups')
      .values([
        { site_group_num: 9101, site_group_name: 'Signin North', dealer_number: 'SN9101' },
        { site_group_num: 9102, site_group_name: 'Signin South', dealer_number: 'SS9102' },
        { site_group_num: 9103, site_group_name: 'Signin Other', dealer_number: 'SO9103' },
      ])
      .execute();
    await db
      .insertInto('user_account_groups')
      .values([
        { user_id: user, site_group_num: 9101 },
        { user_id: user, site_group_num: 9102 },
      ])
      .execute();
    const users = signInRepository(db);
    expect((await users.groupDealerNumbers(user)).sort()).toEqual(['SN9101', 'SS9102']);
    expect(await users.groupDealerNumbers(await addUser('signin.nogroups', 2))).toEqual([]);
  });

  it('changes a username and clears its step, never to one another user holds in any case', async () => {
    const users = signInRepository(db);
    const user = await addUser('signin.rename', 2);
    await addUser('signin.held', 1);
    await db.updateTable('users').set({ username_reset_required: true }).where('user_id', '=', user).execute();
    expect(await users.changeUsername(user, 'Signin.HELD')).toBe(false);
    let row = await db
      .selectFrom('users')
      .select(['username', 'username_reset_required'])
      .where('user_id', '=', user)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ username: 'signin.rename', username_reset_required: true });
    // Its own name in another case is no other user's.
    expect(await users.changeUsername(user, 'Signin.Renamed')).toBe(true);
    expect(await users.changeUsername(user, 'signin.RENAMED')).toBe(true);
    row = await db
      .selectFrom('users')
      .select(['username', 'username_reset_required'])
      .where('user_id', '=', user)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ username: 'signin.RENAMED', username_reset_required: false });
  });

  it('gives a username claimed by two users at once to one of them only', async () => {
    const users = signInRepository(db);
    const first = await addUser('signin.race1', 2);
    const second = await addUser('signin.race2', 2);
    const results = await Promise.all([users.changeUsername(first, 'signin.raced'), users.changeUsername(second, 'Signin.Raced')]);
    expect(results.filter(Boolean)).toHaveLength(1);
    const holders = await db
      .selectFrom('users')
      .select('user_id')
      .where('user_id', 'in', [first, second])
      .where('username', 'ilike', 'signin.raced')
      .execute();
    expect(holders).toHaveLength(1);
  });

  it('replaces the security questions in their order and clears their step', async () => {
    const users = signInRepository(db);
    const user = await addUser('signin.questions', 2);
    await db.updateTable('users').set({ verify_security_questions: true }).where('user_id', '=', user).execute();
    await db.insertInto('user_security_questions').values({ user_id: user, position: 1, question: 'Old?', answer_hash: 'old' }).execute();
    await users.replaceSecurityQuestions(user, [
      { question: 'First?', answerHash: 'h1' },
      { question: 'Second?', answerHash: 'h2' },
    ]);
    const rows = await db
      .selectFrom('user_security_questions')
      .select(['position', 'question', 'answer_hash'])
      .where('user_id', '=', user)
      .orderBy('position')
      .execute();
    expect(rows).toEqual([
      { position: 1, question: 'First?', answer_hash: 'h1' },
      { position: 2, question: 'Second?', answer_hash: 'h2' },
    ]);
    const flags = await db.selectFrom('users').select('verify_security_questions').where('user_id', '=', user).executeTakeFirstOrThrow();
    expect(flags.verify_security_questions).toBe(false);
  });

  it("changes the password, clears its step and ends the user's other open sessions only", async () => {
    const users = signInRepository(db);
    const user = await addUser('signin.password', 2);
    const bystander = await addUser('signin.bystander', 2);
    await db.updateTable('users').set({ password_hash: 'old', password_reset_required: true }).where('user_id', '=', user).execute();
    const kept = await addSession(user);
    const others = [await addSession(user), await addSession(user)];
    const alreadyEnded = await addSession(user, true);
    const bystanderSession = await addSession(bystander);

    expect(await users.changePassword(user, 'new-hash', kept)).toBe(2);

    const row = await db
      .selectFrom('users')
      .select(['password_hash', 'password_reset_required'])
      .where('user_id', '=', user)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ password_hash: 'new-hash', password_reset_required: false });
    const sessions = await db.selectFrom('sessions').select(['session_id', 'ended_at', 'end_reason']).execute();
    const reason = (id: string) => sessions.find((s) => s.session_id === id)?.end_reason ?? null;
    expect(reason(kept)).toBeNull();
    expect(others.map(reason)).toEqual(['password-changed', 'password-changed']);
    expect(reason(alreadyEnded)).toBe('logout');
    expect(reason(bystanderSession)).toBeNull();
  });

  it('records an acceptance of the terms with its address and clears their step', async () => {
    const users = signInRepository(db);
    const user = await addUser('signin.terms', 2);
    await db.updateTable('users').set({ terms_required: true }).where('user_id', '=', user).execute();
    await users.acceptTerms(user, '203.0.113.7');
    const acceptances = await db.selectFrom('terms_acceptances').select(['user_id', 'ip']).where('user_id', '=', user).execute();
    expect(acceptances).toEqual([{ user_id: user, ip: '203.0.113.7' }]);
    const flags = await db.selectFrom('users').select('terms_required').where('user_id', '=', user).executeTakeFirstOrThrow();
    expect(flags.terms_required).toBe(false);
  });
});
