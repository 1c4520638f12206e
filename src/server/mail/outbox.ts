import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { createTransport, type Transporter } from 'nodemailer';
import { redact, type Config } from '../config.js';
import type { Db } from '../db/database.js';

/**
 * Outbound email and text messages (MFA codes, links). Every message is first
 * written to `outbox_messages` (the record of what was sent, and what the demo
 * outbox shows), then delivered: email by SMTP (nodemailer, SMTP_URL), texts by
 * an SmsProvider (HttpSmsProvider, SMS_URL). Without SMTP_URL or SMS_URL the
 * message stays in the outbox only.
 *
 * Message bodies hold one-time codes: nothing here logs the text of a message,
 * and the error stored for a failed delivery never includes it.
 */

export interface EmailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface TextMessage {
  /** A phone number, as the user gave it. */
  to: string;
  text: string;
}

export type SendStatus = 'sent' | 'outboxOnly' | 'failed';

/**
 * What became of a message. Delivery problems never throw: the message is in
 * the outbox with its error, and the caller decides what to tell the user (an
 * MFA step usually carries on: the user can ask for a new code). Only a failure
 * to write the outbox record itself (the database) throws.
 */
export interface SendResult {
  messageId: number;
  /** True when SMTP or the SMS provider accepted the message. */
  delivered: boolean;
  /** `outboxOnly`: nothing is configured for this channel (demo, development). */
  status: SendStatus;
}

/** One message as the demo outbox lists it. */
export interface OutboxEntry {
  channel: 'email' | 'sms';
  to: string;
  subject: string | null;
  text: string;
  createdAt: Date;
}

export interface Outbox {
  sendEmail(message: EmailMessage): Promise<SendResult>;
  sendText(message: TextMessage): Promise<SendResult>;
  /** Messages sent to an address (case-insensitive), newest first. */
  listFor(to: string, limit?: number): Promise<OutboxEntry[]>;
  /** Waits for deliveries under way, then closes the SMTP connection. */
  close(): Promise<void>;
}

/** Sends one text message; throws when the provider does not accept it. */
export interface SmsProvider {
  send(message: TextMessage): Promise<void>;
}

export interface HttpSmsProviderOptions {
  /** Milliseconds before the request is abandoned; 10 s by default. */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * POSTs `{ "to": "...", "text": "..." }` as JSON to SMS_URL; any 2xx answer
 * means accepted. Credentials in the URL (`https://user:pass@host/...`) are sent
 * as HTTP Basic authorisation, since fetch refuses URLs that carry them.
 */
class HttpSmsProvider implements SmsProvider {
  private readonly url: string;
  private readonly authorization: string | undefined;
  private readonly timeoutMs: number;
  private readonly fetchImpl: typeof fetch;

  constructor(url: string, options: HttpSmsProviderOptions = {}) {
    const parsed = new URL(url);
    if (parsed.username || parsed.password) {
      const user = decodeURIComponent(parsed.username);
      const password = decodeURIComponent(parsed.password);
      this.authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      parsed.username = '';
      parsed.password = '';
    }
    this.url = parsed.toString();
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.fetchImpl = options.fetch ?? fetch;
  }

  async send(message: TextMessage): Promise<void> {
    const response = await this.fetchImpl(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        ...(this.authorization ? { authorization: this.authorization } : {}),
      },
      body: JSON.stringify({ to: message.to, text: message.text }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    // The answer is not read: a provider may echo the message back.
    await response.body?.cancel().catch(() => undefined);
    if (!response.ok) throw new Error(`SMS provider answered HTTP ${response.status}`);
  }
}

export type OutboxLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

export interface OutboxOptions {
  db: Db;
  config: Pick<Config, 'smtpUrl' | 'smsUrl' | 'mailFrom'>;
  log: OutboxLog;
  /** Replaces the provider SMS_URL would give (tests, another provider). */
  smsProvider?: SmsProvider;
}

/** Longest error text kept in the outbox record. */
const MAX_ERROR_LENGTH = 500;
/** One address: no list separators, spaces or angle brackets (no header tricks). */
const SINGLE_ADDRESS = /^[^\s,;<>"]+$/;

function errorText(err: unknown, secretUrl: string | undefined): string {
  let text = err instanceof Error ? err.message : String(err);
  if (err instanceof Error && err.name === 'TimeoutError') text = 'Timed out';
  // Connection errors may quote the configured URL; keep its password out.
  if (secretUrl) text = text.split(secretUrl).join(redact(secretUrl));
  return text.slice(0, MAX_ERROR_LENGTH);
}

export function createOutbox({ db, config, log, smsProvider }: OutboxOptions): Outbox {
  const transporter: Transporter | undefined = config.smtpUrl
    ? createTransport(
        // Settings in the URL's query string win over these timeouts.
        { url: config.smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 },
        { from: config.mailFrom },
      )
    : undefined;
  const sms: SmsProvider | undefined = smsProvider ?? (config.smsUrl ? new HttpSmsProvider(config.smsUrl) : undefined);
  const pending = new Set<Promise<unknown>>();

  async function record(channel: 'email' | 'sms', to: string, subject: string | null, text: string) {
    const row = await db
      .insertInto('outbox_messages')
      .values({ channel, recipient: to, subject, body: text })
      .returning('message_id')
      .executeTakeFirstOrThrow();
    return Number(row.message_id);
  }

  async function deliver(channel: 'email' | 'sms', messageId: number, send: (() => Promise<unknown>) | undefined): Promise<SendResult> {
    if (!send) {
      log.info(
        { messageId, channel },
        `${channel} message ${messageId} kept in the outbox only: ${channel === 'email' ? 'SMTP_URL' : 'SMS_URL'} is not set`,
      );
      return { messageId, delivered: false, status: 'outboxOnly' };
    }
    try {
      await send();
    } catch (err) {
      const error = errorText(err, channel === 'email' ? config.smtpUrl : config.smsUrl);
      // The error text, never the message: bodies carry one-time codes.
      log.warn({ messageId, channel, error }, `${channel} message ${messageId} was not delivered`);
      await db.updateTable('outbox_messages').set({ error }).where('message_id', '=', messageId).execute();
      return { messageId, delivered: false, status: 'failed' };
    }
    await db.updateTable('outbox_messages').set({ sent_at: new Date(), error: null }).where('message_id', '=', messageId).execute();
    return { messageId, delivered: true, status: 'sent' };
  }

  function track<T>(work: Promise<T>): Promise<T> {
    pending.add(work);
    const forget = () => pending.delete(work);
    work.then(forget, forget);
    return work;
  }

  return {
    sendEmail({ to, subject, text }) {
      return track(
        (async () => {
          const messageId = await record('email', to, subject, text);
          const send = transporter
            ? async () => {
                if (!SINGLE_ADDRESS.test(to)) throw new Error('The recipient is not a single email address');
                await transporter.sendMail({ to, subject, text });
              }
            : undefined;
          return deliver('email', messageId, send);
        })(),
      );
    },

    sendText({ to, text }) {
      return track(
        (async () => {
          const messageId = await record('sms', to, null, text);
          return deliver('sms', messageId, sms ? () => sms.send({ to, text }) : undefined);
        })(),
      );
    },

    async listFor(to, limit = 50) {
      const rows = await db
        .selectFrom('outbox_messages')
        .select(['channel', 'recipient', 'subject', 'body', 'created_at'])
        // lower(recipient) matches the outbox_recipient_idx index.
        .where(sql<string>`lower(recipient)`, '=', to.trim().toLowerCase())
        .orderBy('created_at', 'desc')
        .orderBy('message_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((row) => ({
        channel: row.channel,
        to: row.recipient,
        subject: row.subject,
        text: row.body,
        createdAt: new Date(row.created_at),
      }));
    },

    async close() {
      await Promise.allSettled([...pending]);
      transporter?.close();
    },
  };
}
