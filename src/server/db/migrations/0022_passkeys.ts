import { sql, type Kysely } from 'kysely';

/**
 * Passkeys (WebAuthn, for a stronger sign-in; src/server/auth/passkeys*.ts):
 * - webauthn_credentials: a user's registered passkeys. The credential id and the user handle
 *   are base64url as the browser sends them; the public key is the COSE key the authenticator
 *   made; the signature counter only grows (a lower one is refused as a clone). The name is the
 *   user's own; rp_id is the host the passkey belongs to (the portal's, or a customer host's).
 * - webauthn_challenges: the challenge of each ceremony (options → verify), kept in the database
 *   so any process behind the load balancer can check it: short-lived, used once (used_at set
 *   by the verify that takes it), and bound to what asked for it (the session, or before sign-in
 *   the browser's pre-session: binding_hash). Only the challenge's hash is stored.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table webauthn_credentials (
      passkey_id serial primary key,
      credential_id text not null unique,
      user_id integer not null references users on delete cascade,
      user_handle text not null,
      public_key bytea not null,
      counter bigint not null default 0 check (counter >= 0),
      transports text[] not null default '{}',
      device_type text not null check (device_type in ('singleDevice', 'multiDevice')),
      backed_up boolean not null default false,
      aaguid text,
      rp_id text not null,
      name text not null check (char_length(name) between 1 and 64),
      created_at timestamptz not null default now(),
      last_used_at timestamptz
    );
    create index webauthn_credentials_user_idx on webauthn_credentials (user_id);
    create table webauthn_challenges (
      challenge_hash text primary key,
      purpose text not null check (purpose in ('registration', 'signIn', 'mfa')),
      binding_hash text not null,
      user_id integer references users on delete cascade,
      variant text check (variant in ('dealer', 'customer')),
      rp_id text not null,
      created_at timestamptz not null default now(),
      expires_at timestamptz not null,
      used_at timestamptz
    );
    create index webauthn_challenges_expires_idx on webauthn_challenges (expires_at);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table webauthn_challenges;
    drop table webauthn_credentials;
  `.execute(db);
}
