import type { Insertable } from 'kysely';
import { APPLICATION } from '../../../../common/constants.js';
import type { Db } from '../../database.js';
import type { Database } from '../../schema.js';
import { DEMO_GROUPS } from './groups.js';
import { DAY_MS, hashDemoSecret, insertChunked } from './helpers.js';
import { DEMO_STAFF_CUSTOMER } from './staffCustomer.js';

export interface DemoSecurityQuestion {
  question: string;
  answer: string;
}

/** dealer.beta's security questions; the seed stores argon2id hashes of the lower-case answers. */
export const DEMO_SECURITY_QUESTIONS: DemoSecurityQuestion[] = [
  { question: 'What was the name of your first pet?', answer: 'Biscuit' },
  { question: 'In what city were you born?', answer: 'Duluth' },
  { question: 'What was the make of your first car?', answer: 'Subaru' },
];

/** Users who hold no role, flag or canEdit: the drawer's gated items stay hidden for them (README demo users). */
const DEMO_LIMITED_USERS = {
  staff: { username: 'support.viewer', name: 'Val Viewer', email: 'support.viewer@example.com' },
  customer: { email: 'customer.basic@example.com', name: 'Blair Basic' },
};

/**
 * A second dealer user with dealer.classic's email address: forgot username
 * for that address asks for the dealer number (409).
 */
export const DEMO_SHARED_CONTACT_DEALER = {
  username: 'dealer.summit',
  name: 'Chris Lindqvist',
  email: 'dealer.classic@example.com',
  dealerNumber: '5877',
  siteGroupNum: 5877,
};

type UserRow = Insertable<Database['users']>;

const CUSTOMER_ROLES = ['noActionRead', 'contactsRead', 'zonesRead', 'sitePasscodeRead', 'scheduleRead', 'billingRead'];

/** The argon2id hashes of dealer.beta's answers, lower case. */
export function hashSecurityAnswers(): Promise<string[]> {
  return Promise.all(DEMO_SECURITY_QUESTIONS.map((q) => hashDemoSecret(q.answer.trim().toLowerCase())));
}

/**
 * The demo's users, one per kind the spec describes (README lists them), with their groups,
 * contact methods and dealer.beta's security questions. Answers their ids by key ('support',
 * 'beta', 'classic', 'newuser', 'customer', 'summit', 'staffCustomer', 'viewer', 'basicCustomer').
 */
export async function seedDemoUsers(
  db: Db,
  { passwordHash, answerHashes, now }: { passwordHash: string; answerHashes: string[]; now: number },
): Promise<Record<string, number>> {
  const verified = new Date(now - 30 * DAY_MS);
  const base = { password_hash: passwordHash, phone_number: null, email_verified_at: null, disabled_at: null };
  const users: (UserRow & { key: string })[] = [
    {
      ...base,
      key: 'support',
      username: 'support.admin',
      name: 'Sam Support',
      email: 'support.admin@example.com',
      application_num: APPLICATION.internal,
      dealer_number: null,
      current_site_group_num: 9993,
      can_edit_news: true,
      beta_user: false,
      roles: ['reportRead'],
      email_verified_at: verified,
    },
    {
      ...base,
      key: 'beta',
      username: 'dealer.beta',
      name: 'Dana Whitfield',
      email: 'dealer.beta@example.com',
      phone_number: '+13125550187',
      application_num: APPLICATION.dealer,
      dealer_number: '9993',
      current_site_group_num: 9993,
      beta_user: true,
      roles: ['reportRead', 'billingRead', 'level8'],
      // §6 Answering Service: level8, ansServiceBlockFlag and group 9993's answering service (4120 has none).
      auth_flags: ['xtAdmin', 'allowCreateAccountFlag', 'ansServiceBlockFlag'],
      email_verified_at: verified,
    },
    {
      ...base,
      key: 'classic',
      username: 'dealer.classic',
      name: 'Chris Lindqvist',
      email: 'dealer.classic@example.com',
      application_num: APPLICATION.dealer,
      dealer_number: '4120',
      current_site_group_num: 4120,
      beta_user: false,
      roles: ['reportRead'],
      email_verified_at: verified,
    },
    {
      ...base,
      key: 'newuser',
      username: 'dealer.newuser',
      name: 'Noah Newman',
      email: null,
      application_num: APPLICATION.dealer,
      dealer_number: '9993',
      current_site_group_num: 9993,
      beta_user: true,
      roles: ['reportRead'],
      mfa_required: true,
      username_reset_required: true,
      verify_security_questions: true,
      password_reset_required: true,
      terms_required: true,
      privacy_policy_required: true,
    },
    {
      ...base,
      key: 'customer',
      username: 'customer@example.com',
      name: 'Casey Carter',
      email: 'customer@example.com',
      phone_number: '+16305550164',
      application_num: APPLICATION.customer,
      dealer_number: null,
      current_site_group_num: null,
      roles: CUSTOMER_ROLES,
      email_verified_at: verified,
    },
    {
      ...base,
      key: 'summit',
      username: DEMO_SHARED_CONTACT_DEALER.username,
      name: DEMO_SHARED_CONTACT_DEALER.name,
      email: DEMO_SHARED_CONTACT_DEALER.email,
      application_num: APPLICATION.dealer,
      dealer_number: DEMO_SHARED_CONTACT_DEALER.dealerNumber,
      current_site_group_num: DEMO_SHARED_CONTACT_DEALER.siteGroupNum,
      beta_user: true,
      // The dealer who holds no role and no flag: the drawer's gated items stay hidden (README demo users).
      roles: [],
      email_verified_at: verified,
    },
    {
      ...base,
      key: 'staffCustomer',
      username: DEMO_STAFF_CUSTOMER.email,
      name: DEMO_STAFF_CUSTOMER.name,
      email: DEMO_STAFF_CUSTOMER.email,
      password_hash: null,
      application_num: APPLICATION.customer,
      dealer_number: null,
      current_site_group_num: null,
      roles: CUSTOMER_ROLES,
      privacy_policy_required: true,
    },
    {
      // Application 1 without reportRead or canEdit: no Reports, Support, News Setup or Banner Settings.
      ...base,
      key: 'viewer',
      username: DEMO_LIMITED_USERS.staff.username,
      name: DEMO_LIMITED_USERS.staff.name,
      email: DEMO_LIMITED_USERS.staff.email,
      application_num: APPLICATION.internal,
      dealer_number: null,
      current_site_group_num: 9993,
      can_edit_news: false,
      beta_user: false,
      roles: [],
      email_verified_at: verified,
    },
    {
      // Application 3 without roles: Home and Account Info only.
      ...base,
      key: 'basicCustomer',
      username: DEMO_LIMITED_USERS.customer.email,
      name: DEMO_LIMITED_USERS.customer.name,
      email: DEMO_LIMITED_USERS.customer.email,
      application_num: APPLICATION.customer,
      dealer_number: null,
      current_site_group_num: null,
      roles: [],
      email_verified_at: verified,
    },
  ];
  const ids: Record<string, number> = {};
  for (const { key, ...row } of users) {
    const inserted = await db.insertInto('users').values(row).returning('user_id').executeTakeFirstOrThrow();
    ids[key] = inserted.user_id;
  }

  await insertChunked(db, 'user_account_groups', [
    ...DEMO_GROUPS.map((g) => ({ user_id: ids.support, site_group_num: g.siteGroupNum })),
    { user_id: ids.beta, site_group_num: 9993 },
    { user_id: ids.beta, site_group_num: 4120 },
    { user_id: ids.classic, site_group_num: 4120 },
    { user_id: ids.newuser, site_group_num: 9993 },
    { user_id: ids.summit, site_group_num: DEMO_SHARED_CONTACT_DEALER.siteGroupNum },
    { user_id: ids.viewer, site_group_num: 9993 },
  ]);
  await insertChunked(db, 'user_contact_methods', [
    { user_id: ids.support, type: 'email', value: 'support.admin@example.com', verified_at: verified },
    { user_id: ids.beta, type: 'email', value: 'dealer.beta@example.com', verified_at: verified },
    { user_id: ids.beta, type: 'cellPhone', value: '+13125550187', verified_at: verified },
    { user_id: ids.classic, type: 'email', value: 'dealer.classic@example.com', verified_at: verified },
    { user_id: ids.customer, type: 'email', value: 'customer@example.com', verified_at: verified },
    { user_id: ids.summit, type: 'email', value: DEMO_SHARED_CONTACT_DEALER.email, verified_at: verified },
    { user_id: ids.viewer, type: 'email', value: DEMO_LIMITED_USERS.staff.email, verified_at: verified },
    { user_id: ids.basicCustomer, type: 'email', value: DEMO_LIMITED_USERS.customer.email, verified_at: verified },
  ]);
  await insertChunked(
    db,
    'user_security_questions',
    DEMO_SECURITY_QUESTIONS.map((q, i) => ({ user_id: ids.beta, position: i + 1, question: q.question, answer_hash: answerHashes[i] })),
  );
  return ids;
}
