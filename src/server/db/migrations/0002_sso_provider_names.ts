import { sql, type Kysely } from 'kysely';

/**
 * SSO providers get a name to show (SPEC §2 provider picker: 'Microsoft', 'Okta',
 * 'DUO' and others); `name` stays the stable key the login path carries.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sso_providers add column display_name text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sso_providers drop column display_name`.execute(db);
}
