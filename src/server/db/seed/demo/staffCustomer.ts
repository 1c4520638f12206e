import type { Db } from '../../database.js';
import { insertRegistrationLink } from './helpers.js';

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
  await insertRegistrationLink(
    db,
    { userId, email: DEMO_STAFF_CUSTOMER.email, createdAt: new Date(now), days: STAFF_OTP_DAYS, publicUrl },
    (url) => ({
      subject: 'Set your password',
      body:
        `An account has been created for you in My Security Account. Open this link to choose your password:\n\n` +
        `${url}\n\nThe link expires in ${STAFF_OTP_DAYS * 24} hours.`,
    }),
  );
}
