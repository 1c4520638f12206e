import { sql, type Kysely } from 'kysely';

/**
 * Support tools:
 * - impersonations: each time support acted as a user (who, whom, why, for how long, the session
 *   it opened, when it ended). The impersonated user reads their own rows on /user-account; the
 *   support user's name is kept as it was, so the line survives a rename.
 * - The directory's substring search (GET /api/users?filter={"q":…} as support) over username,
 *   name, email and dealer number (user_search_doc, folded as account search folds: search_fold of
 *   migration 0005), phone digits, contact methods and linked account numbers: one pg_trgm GIN
 *   index per source, so each branch of the search (src/server/users/supportRepository.ts) finds
 *   a rare substring of 3 characters or more without reading every user. pg_trgm is installed by
 *   migration 0005 (PostgreSQL and PGlite alike).
 * - Partial indexes on the audit log's sign-ins by user: the failures (by target) and the
 *   successes (by actor), for the user page's recent attempts and each user's last sign-in.
 */

async function extensionSchema(db: Kysely<unknown>, name: string): Promise<string> {
  const found = await sql<{ schema: string }>`
    select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = ${name}`.execute(db);
  const schema = found.rows[0]?.schema;
  if (!schema) throw new Error(`extension ${name} is not installed`);
  return schema;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const trgm = sql.id(await extensionSchema(db, 'pg_trgm'));
  // Index builds run with a safe search_path (PostgreSQL 17): a function an index calls names the schema of what it calls.
  const here = (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0].schema;
  const fold = sql`${sql.id(here)}.search_fold`;
  await sql`
    create table impersonations (
      impersonation_id serial primary key,
      impersonator_user_id integer references users on delete set null,
      impersonator_name text not null,
      target_user_id integer not null references users on delete cascade,
      session_id uuid references sessions on delete set null,
      reason text not null,
      duration_minutes integer not null check (duration_minutes in (15, 30, 60)),
      started_at timestamptz not null default now(),
      expires_at timestamptz not null,
      ended_at timestamptz
    );
    create index impersonations_target_idx on impersonations (target_user_id, started_at desc);
    create unique index impersonations_session_idx on impersonations (session_id);

    create function user_search_doc(text, text, text, text) returns text language sql immutable parallel safe
      as $doc$ select ${fold}(coalesce($1, '') || E'\n' || coalesce($2, '') || E'\n' || coalesce($3, '') || E'\n' || coalesce($4, '')) $doc$;

    create index users_search_trgm on users using gin (user_search_doc(username, name, email, dealer_number) ${trgm}.gin_trgm_ops);
    create index users_phone_digits_trgm on users using gin (search_digits(phone_number) ${trgm}.gin_trgm_ops);
    create index user_contact_methods_search_trgm on user_contact_methods using gin (search_fold(value) ${trgm}.gin_trgm_ops);
    create index user_contact_methods_digits_trgm on user_contact_methods using gin (search_digits(value) ${trgm}.gin_trgm_ops)
      where type = 'cellPhone';
    create index msa_account_links_site_text_trgm on msa_account_links using gin ((site_num::text) ${trgm}.gin_trgm_ops);

    create index audit_log_failed_sign_in_idx on audit_log (target_id, occurred_at desc) where action = 'login.failed';
    create index audit_log_sign_in_idx on audit_log (actor_user_id, occurred_at desc) where action = 'login.succeeded';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop index if exists audit_log_sign_in_idx, audit_log_failed_sign_in_idx, msa_account_links_site_text_trgm,
      user_contact_methods_digits_trgm, user_contact_methods_search_trgm, users_phone_digits_trgm, users_search_trgm;
    drop function if exists user_search_doc(text, text, text, text);
    drop table if exists impersonations;
  `.execute(db);
}
