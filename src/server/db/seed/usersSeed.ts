import { APPLICATION } from '../../../common/constants.js';
import type { Db } from '../database.js';
import { DAY_MS, insertRegistrationLink } from './demo/helpers.js';

/** A dealer user dealer.beta invited to group 9993 who has not set a password yet (/account-group/users). */
export const DEMO_INVITED_STAFF = { email: 'riley.invited@example.com', name: 'Riley Park', siteGroupNum: 9993 };
const INVITATION_DAYS = 7;

/**
 * The invited user, with Reports and Create New Account, and their invitation (the registration
 * link /login/register?otp=…) in the demo outbox, as the Users page's Invite sends it.
 */
export async function seedInvitedStaff(db: Db, input: { invitedBy: number; publicUrl: string; now: number }): Promise<void> {
  const invitedAt = new Date(input.now - 2 * DAY_MS);
  const { user_id } = await db
    .insertInto('users')
    .values({
      username: DEMO_INVITED_STAFF.email,
      name: DEMO_INVITED_STAFF.name,
      email: DEMO_INVITED_STAFF.email,
      application_num: APPLICATION.dealer,
      password_hash: null,
      dealer_number: String(DEMO_INVITED_STAFF.siteGroupNum),
      current_site_group_num: DEMO_INVITED_STAFF.siteGroupNum,
      beta_user: true,
      roles: ['reportRead'],
      auth_flags: ['allowCreateAccountFlag'],
      terms_required: true,
      privacy_policy_required: true,
      email_verified_at: null,
      invited_by_user_id: input.invitedBy,
      invited_at: invitedAt,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_account_groups').values({ user_id, site_group_num: DEMO_INVITED_STAFF.siteGroupNum }).execute();
  await insertRegistrationLink(
    db,
    { userId: user_id, email: DEMO_INVITED_STAFF.email, createdAt: invitedAt, days: INVITATION_DAYS, publicUrl: input.publicUrl },
    (url) => ({
      subject: 'Your invitation to the Northwind Security dealer portal',
      body:
        `Dana Whitfield invited you to the Northwind Security dealer portal.\n\n` +
        `Set your password with this link (it works for ${INVITATION_DAYS} days):\n` +
        `${url}\n\nThen sign in with the username ${DEMO_INVITED_STAFF.email}.`,
    }),
  );
}
