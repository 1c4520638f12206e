import type { Db } from '../../database.js';
import { DAY_MS, insertChunked } from './helpers.js';

const DEMO_PRIVACY_POLICY = `# Privacy Policy

_Last updated: January 15, 2026_

This policy explains how the monitoring portal ("the portal") collects, uses and protects
information about dealers, their staff and the customers whose alarm systems we monitor.

## Information we collect

We collect the information needed to monitor alarm systems and to run the portal:

- **Account information**: name, username, e-mail address, mobile phone number and the dealer you work for.
- **Site information**: site names, addresses, emergency contacts, passcodes, zones and schedules.
- **Alarm history**: signals received from your alarm panels, with the date, time and event type.
- **Usage information**: sign-in times, IP addresses, browser type and the pages you open, used to keep the portal secure.

## How we use information

1. To receive and respond to alarm signals and to notify your emergency contacts.
2. To verify your identity, including with one-time codes sent by e-mail or text message.
3. To produce the reports you request and to send you service announcements.
4. To investigate security incidents and prevent misuse of the portal.

We do not sell personal information, and we do not use it for advertising.

## Sharing

We share information only with your alarm dealer, with emergency services when responding to an
alarm, with service providers that operate the portal on our behalf under written agreements, and
when the law requires it.

## Retention

Alarm history is kept for seven years to meet industry and insurance requirements. Account
information is kept while your account is active and deleted within 90 days after it is closed.
Sign-in records are kept for one year.

## Your choices

You can review and update your contact information on the portal at any time. To ask for a copy
of your information or its deletion, contact us using the details below.

## Security

Passwords are stored as salted hashes, connections are encrypted, and access to monitoring data is
limited to staff who need it.

## Contact

Privacy Office, 100 Example Plaza, Suite 400, Chicago, IL 60601
E-mail: privacy@example.com · Phone: (312) 555-0100
`;

/** The privacy policy, written by support.admin (`authorId`), and its and the terms' acceptance by the users in `acceptedBy`. */
export async function seedPrivacyPolicy(
  db: Db,
  { authorId, acceptedBy, now }: { authorId: number; acceptedBy: number[]; now: number },
): Promise<void> {
  const policy = await db
    .insertInto('privacy_policies')
    .values({ policy_text: DEMO_PRIVACY_POLICY, created_by: authorId, created_at: new Date(now - 90 * DAY_MS) })
    .returning('version')
    .executeTakeFirstOrThrow();
  await insertChunked(
    db,
    'privacy_policy_acceptances',
    acceptedBy.map((user_id) => ({
      user_id,
      version: policy.version,
      accepted_at: new Date(now - 45 * DAY_MS),
      ip: null,
    })),
  );
  await insertChunked(
    db,
    'terms_acceptances',
    acceptedBy.map((user_id) => ({
      user_id,
      accepted_at: new Date(now - 45 * DAY_MS),
      ip: null,
    })),
  );
}
