import { sql } from 'kysely';
import type { ContactRequest, ContactRequestFilter, ContactRequestStatus, ContactTopic } from '../../../schemas/documents.js';
import type { Db } from '../db/database.js';
import { containsPattern, iso, listPage } from '../db/listing.js';

/**
 * Staff's inbox of contact-us messages (access table `contactRequests`
 * list/show/edit, application 1): every message, newest first; no tenant scope (support reads
 * them all). The attachment's bytes are read only by `attachment`.
 */

const columns = [
  'contact_requests.contact_request_id',
  'contact_requests.reference',
  'contact_requests.topic',
  'contact_requests.message',
  'contact_requests.status',
  'contact_requests.internal_note',
  'contact_requests.created_at',
  'contact_requests.updated_at',
  'editor.username as updated_by_username',
  'contact_requests.user_id',
  'sender.username as sender_username',
  'sender.name as sender_name',
  'sender.email as sender_email',
  'sender.application_num as sender_application_num',
  'sender.dealer_number as sender_dealer_number',
  'contact_requests.attachment_name',
  'contact_requests.attachment_type',
  'contact_requests.attachment_size',
] as const;

interface Row {
  contact_request_id: number;
  reference: string | null;
  topic: string;
  message: string;
  status: ContactRequestStatus;
  internal_note: string | null;
  created_at: Date;
  updated_at: Date | null;
  updated_by_username: string | null;
  user_id: number | null;
  sender_username: string | null;
  sender_name: string | null;
  sender_email: string | null;
  sender_application_num: number | null;
  sender_dealer_number: string | null;
  attachment_name: string | null;
  attachment_type: string | null;
  attachment_size: number | null;
}

const toRecord = (row: Row): ContactRequest => ({
  id: row.contact_request_id,
  reference: row.reference,
  topic: row.topic as ContactTopic,
  message: row.message,
  status: row.status,
  internalNote: row.internal_note,
  createdAt: iso(row.created_at),
  updatedAt: iso(row.updated_at),
  updatedBy: row.updated_by_username,
  senderUserId: row.user_id,
  senderUsername: row.sender_username,
  senderName: row.sender_name,
  senderEmail: row.sender_email,
  senderApplicationNum: row.sender_application_num,
  senderDealerNumber: row.sender_dealer_number,
  attachmentName: row.attachment_name,
  attachmentType: row.attachment_type,
  attachmentSize: row.attachment_size,
});

export function contactRequestsRepository(db: Db) {
  const base = () =>
    db
      .selectFrom('contact_requests')
      .leftJoin('users as sender', 'sender.user_id', 'contact_requests.user_id')
      .leftJoin('users as editor', 'editor.user_id', 'contact_requests.updated_by');

  function filtered(filter: ContactRequestFilter) {
    let query = base();
    if (filter.id) query = query.where('contact_requests.contact_request_id', 'in', filter.id.length ? filter.id : [-1]);
    if (filter.status) query = query.where('contact_requests.status', '=', filter.status);
    if (filter.topic) query = query.where('contact_requests.topic', '=', filter.topic);
    if (filter.q?.trim()) {
      const pattern = containsPattern(filter.q.trim());
      query = query.where((eb) =>
        eb.or([
          eb('contact_requests.reference', 'ilike', pattern),
          eb('contact_requests.message', 'ilike', pattern),
          eb('sender.username', 'ilike', pattern),
          eb('sender.name', 'ilike', pattern),
          eb('sender.email', 'ilike', pattern),
        ]),
      );
    }
    return query;
  }

  return {
    /** Newest first unless sorted; by status in the workflow's order, newest first within each. */
    async list(
      filter: ContactRequestFilter,
      page: { offset: number; limit: number; sort?: { field: 'createdAt' | 'status' | 'id'; order: 'asc' | 'desc' } },
    ): Promise<{ items: ContactRequest[]; total: number }> {
      const query = filtered(filter);
      let ordered = query.select(columns);
      if (page.sort?.field === 'id') {
        ordered = ordered.orderBy('contact_requests.contact_request_id', page.sort.order);
      } else {
        if (page.sort?.field === 'status') {
          ordered = ordered.orderBy(sql`array_position(array['new', 'inProgress', 'closed'], contact_requests.status)`, page.sort.order);
        }
        const order = page.sort?.field === 'createdAt' ? page.sort.order : 'desc';
        ordered = ordered.orderBy('contact_requests.created_at', order).orderBy('contact_requests.contact_request_id', order);
      }
      const { rows, total } = await listPage(ordered, query, page);
      return { items: (rows as Row[]).map(toRecord), total };
    },

    async get(id: number): Promise<ContactRequest | undefined> {
      const row = await base().select(columns).where('contact_requests.contact_request_id', '=', id).executeTakeFirst();
      return row ? toRecord(row as Row) : undefined;
    },

    /** The status and the note; who changed them and when. */
    async update(id: number, change: { status: ContactRequestStatus; internalNote: string | null }, userId: number): Promise<void> {
      await db
        .updateTable('contact_requests')
        .set({ status: change.status, internal_note: change.internalNote, updated_at: new Date(), updated_by: userId })
        .where('contact_request_id', '=', id)
        .execute();
    },

    async attachment(id: number) {
      return db
        .selectFrom('contact_requests')
        .select(['attachment_name', 'attachment_type', 'attachment_size', 'attachment'])
        .where('contact_request_id', '=', id)
        .where('attachment', 'is not', null)
        .executeTakeFirst();
    },
  };
}
