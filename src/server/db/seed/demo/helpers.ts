import argon2 from 'argon2';
import type { Insertable } from 'kysely';
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
