import { sql, type Kysely } from 'kysely';

/**
 * Authenticator app codes and recovery codes (for a stronger sign-in; src/server/auth/totp*.ts):
 * - user_totp: one authenticator per user. The secret is encrypted at rest (AES-256-GCM under a
 *   key derived from the session secret, auth/secrets.ts `seal`). Until `confirmed_at` it is a
 *   setup waiting for its first code. `last_time_step` is the newest TOTP time step a code was
 *   accepted for: a code of that step or an older one is refused (no replay).
 * - user_recovery_codes: one-time codes for when the phone is lost, stored as SHA-256 (80 random
 *   bits each); a used code keeps its row with `used_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table user_totp (
      user_id integer primary key references users on delete cascade,
      secret_encrypted text not null,
      created_at timestamptz not null default now(),
      confirmed_at timestamptz,
      last_time_step integer,
      last_used_at timestamptz
    );
    create table user_recovery_codes (
      recovery_code_id serial primary key,
      user_id integer not null references users on delete cascade,
      code_hash text not null,
      created_at timestamptz not null default now(),
      used_at timestamptz,
      unique (user_id, code_hash)
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table user_recovery_codes;
    drop table user_totp;
  `.execute(db);
}
