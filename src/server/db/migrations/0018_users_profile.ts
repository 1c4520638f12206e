import { sql, type Kysely } from 'kysely';

/**
 * Users and profile:
 * - users.language, users.theme: what the user chose on /user-account (en, es, fr; light, dark);
 *   null until they choose (the browser's language and the system colour mode apply).
 * - users.invited_by_user_id, users.invited_at: a dealer user invited by their group's
 *   administrator (xtAdmin); the invitation is the registration link (one_time_tokens,
 *   kind registrationOtp) the user sets a first password with.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table users
      add column language text check (language in ('en', 'es', 'fr')),
      add column theme text check (theme in ('light', 'dark')),
      add column invited_by_user_id integer references users on delete set null,
      add column invited_at timestamptz;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table users drop column language, drop column theme, drop column invited_by_user_id, drop column invited_at`.execute(db);
}
