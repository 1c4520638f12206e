import { sql, type Kysely } from 'kysely';

/**
 * The account each ready row of an import would make, as the preview checked and normalised it
 * (the wizard's payload, schemas/siteCreate.ts), so the import job writes it without reading and
 * checking the row again. Null for a refused row, and for rows previewed before this column: the
 * job checks those itself. A row fixed in place gets its payload again with its values.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table site_import_rows add column site jsonb`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table site_import_rows drop column site`.execute(db);
}
