import { sql, type Kysely } from 'kysely';

/**
 * What a dealer API key does is audited as the key and the user who created it: `actor_user_id`
 * is the creator (the key acts with their rights, within its scopes), `api_key_id` the key. A
 * revoked key keeps its row, so the log can still name it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table audit_log add column api_key_id integer references api_keys on delete set null;
    create index audit_log_api_key on audit_log (api_key_id, audit_id) where api_key_id is not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table audit_log drop column api_key_id;`.execute(db);
}
