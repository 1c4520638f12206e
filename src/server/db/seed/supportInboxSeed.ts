import type { Transaction } from 'kysely';
import type { Database } from '../schema.js';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/**
 * The demo's inboxes: contact-us messages support has to read (/contact-requests,
 * one new, one in progress with an internal note, one closed) and the customer's change requests
 * the dealer of group 9993 answers (/change-requests: one pending for Carter Residence, one done
 * with the dealer's note). No audit entries: the audit log shows only what really happened.
 */
export async function seedSupportInbox(
  trx: Transaction<Database>,
  {
    ids,
    customerSite,
    now,
  }: { ids: Record<string, number>; customerSite: { siteNum: number; groupNum: number; address: string }; now: number },
): Promise<void> {
  const messages = [
    {
      user_id: ids.beta,
      topic: 'technical',
      message:
        'Since this morning the call list of account 100101 shows the old order after saving. Could you check whether the change reached the station?',
      status: 'new' as const,
      internal_note: null,
      created_at: new Date(now - 3 * HOUR_MS),
      updated_at: null,
      updated_by: null,
    },
    {
      user_id: ids.summit,
      topic: 'billing',
      message: 'Our March invoice lists 14 accounts, but we moved two of them to another dealer in February. Please correct it.',
      status: 'inProgress' as const,
      internal_note: 'Asked billing to check the transfer dates; waiting for their answer.',
      created_at: new Date(now - 2 * DAY_MS),
      updated_at: new Date(now - 1 * DAY_MS),
      updated_by: ids.support,
    },
    {
      user_id: ids.beta,
      topic: 'feedback',
      message: 'It would help to export the answering-service messages as Excel too.',
      status: 'closed' as const,
      internal_note: 'Added to the roadmap as a candidate.',
      created_at: new Date(now - 9 * DAY_MS),
      updated_at: new Date(now - 8 * DAY_MS),
      updated_by: ids.support,
    },
  ];
  for (const message of messages) {
    const row = await trx.insertInto('contact_requests').values(message).returning('contact_request_id').executeTakeFirstOrThrow();
    const reference = `CU-${message.created_at.getUTCFullYear()}-${String(row.contact_request_id).padStart(6, '0')}`;
    await trx.updateTable('contact_requests').set({ reference }).where('contact_request_id', '=', row.contact_request_id).execute();
  }

  await trx
    .insertInto('msa_change_requests')
    .values([
      {
        site_num: customerSite.siteNum,
        site_group_num: customerSite.groupNum,
        user_id: ids.customer,
        field: 'premisePhones',
        current_value: null,
        requested_value: 'Add the kitchen line (612) 555-0147',
        note: null,
        status: 'done',
        created_at: new Date(now - 12 * DAY_MS),
        resolved_at: new Date(now - 11 * DAY_MS),
        resolution_note: 'Added as the second premise phone.',
        resolved_by: ids.beta,
      },
      {
        site_num: customerSite.siteNum,
        site_group_num: customerSite.groupNum,
        user_id: ids.customer,
        field: 'address',
        current_value: customerSite.address,
        requested_value: '1484 Willow Parkway, Duluth, MN 55803',
        note: 'We move on the first of next month.',
        status: 'pending',
        created_at: new Date(now - 2 * HOUR_MS),
        resolved_at: null,
        resolution_note: null,
        resolved_by: null,
      },
    ])
    .execute();
}
