import type { Generated } from 'kysely';
import type { Timestamp } from './columns.js';

/** Mail and text messages waiting to be sent. */
export interface OutboxTables {
  outbox_messages: OutboxMessagesTable;
}

export interface OutboxMessagesTable {
  message_id: Generated<number>;
  channel: 'email' | 'sms';
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Generated<Date>;
  sent_at: Timestamp | null;
  error: string | null;
}
