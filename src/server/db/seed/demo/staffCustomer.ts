import { randomToken, sha256 } from '../../../auth/secrets.js';
import type { Db } from '../../database.js';
import { DAY_MS } from './helpers.js';

/**
 * A customer created by staff who has not set a password yet: the seed puts
 * the set-your-password link (/login/register?otp=…) in the demo outbox.
 */
export const DEMO_STAFF_CUSTOMER = { email: 'new.customer@example.com', name: 'Jordan Newcomb', siteNum: 100012 };

/** Days the staff-created customer's set-your-password link stays valid (as registration links do). */
const STAFF_OTP_DAYS = 7;

/** The staff-created customer's linked account and set-your-password link, sent at seed time. */
export async function seedStaffCustomerLink(
  db: Db,
  { userId, publicUrl, now }: { userId: number; publicUrl: string; now: number },
): Promise<void> {
  await db.insertInto('msa_account_links').values({ user_id: userId, site_num: DEMO_STAFF_CUSTOMER.siteNum, is_default: true }).execute();
  const otp = randomToken();
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: sha256(otp),
      kind: 'registrationOtp',
      user_id: userId,
      payload: '{}',
      created_at: new Date(now),
      expires_at: new Date(now + STAFF_OTP_DAYS * DAY_MS),
      used_at: null,
    })
    .execute();
  await db
    .insertInto('outbox_messages')
    .values({
      channel: 'email',
      recipient: DEMO_STAFF_CUSTOMER.email,
      subject: 'Set your password',
      body:
        `An account has been created for you in My Security Account. Open this link to choose your password:\n\n` +
        `${publicUrl.replace(/\/$/, '')}/login/register?otp=${otp}\n\nThe link expires in ${STAFF_OTP_DAYS * 24} hours.`,
    })
    .execute();
}
