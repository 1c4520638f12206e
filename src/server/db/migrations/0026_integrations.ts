import { sql, type Kysely } from 'kysely';

/**
 * Dealer API keys (src/server/apiKeys): one row per key of an account group. The key's secret is
 * kept as SHA-256 only (`secret_hash`); `prefix` finds the row and is shown in the list. A revoked
 * key keeps its row (the audit log names it) with `revoked_at`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table api_keys (
      api_key_id serial primary key,
      site_group_num integer not null references account_groups on delete cascade,
      name text not null,
      prefix text not null unique,
      secret_hash text not null,
      scopes text[] not null,
      allowed_addresses text[] not null default '{}',
      expires_at timestamptz not null,
      created_at timestamptz not null default now(),
      created_by integer references users on delete set null,
      last_used_at timestamptz,
      last_used_address text,
      revoked_at timestamptz,
      revoked_by integer references users on delete set null
    );
    create index api_keys_group on api_keys (site_group_num, api_key_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table api_keys;`.execute(db);
}
