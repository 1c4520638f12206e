import argon2 from 'argon2';
import type { Insertable } from 'kysely';
import { randomToken, sha256 } from '../../../auth/secrets.js';
import type { Db } from '../../database.js';
import type { Database } from '../../schema.js';

/** The seed of the demo's random choices (mulberry32), so the data set is the same on every run. */
export const DEMO_SEED = 9993;
const CHUNK = 500;
export const DAY_MS = 86_400_000;

/** Hash settings for demo passwords and answers (argon2id, OWASP's minimum). */
export function hashDemoSecret(secret: string): Promise<string> {
  return argon2.hash(secret, { type: argon2.argon2id, memoryCost: 19456, timeCost: 2 });
}

/** Inserts rows in chunks of 500, so no statement carries too many parameters. */
export async function insertChunked<T extends keyof Database & string>(db: Db, table: T, rows: Insertable<Database[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await db
      .insertInto(table)
      .values(rows.slice(i, i + CHUNK) as never)
      .execute();
  }
}

/**
 * A set-your-password link for a user who has none yet: its one-time token (valid `days` from
 * `createdAt`) and the email in the demo outbox that carries it (`message` writes the subject and
 * body around the link, /login/register?otp=…).
 */
export async function insertRegistrationLink(
  db: Db,
  link: { userId: number; email: string; createdAt: Date; days: number; publicUrl: string },
  message: (url: string) => { subject: string; body: string },
): Promise<void> {
  const otp = randomToken();
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: sha256(otp),
      kind: 'registrationOtp',
      user_id: link.userId,
      payload: '{}',
      created_at: link.createdAt,
      expires_at: new Date(link.createdAt.getTime() + link.days * DAY_MS),
      used_at: null,
    })
    .execute();
  await db
    .insertInto('outbox_messages')
    .values({ channel: 'email', recipient: link.email, ...message(`${link.publicUrl.replace(/\/$/, '')}/login/register?otp=${otp}`) })
    .execute();
}
