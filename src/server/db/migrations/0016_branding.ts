import { sql, type Kysely } from 'kysely';

/**
 * Account group settings and branding (SPEC §3 dealer / account group, §6 xtAdmin):
 * - account_groups: the dealer's own contact (phone in E.164, email), office and mailing
 *   addresses (jsonb {country, line1, line2, city, state, postalCode}; mailing null when it is
 *   the office's), the group's time zone (IANA) and when the dealer last changed them.
 * - branding_logos: uploaded header logos, by the SHA-256 of their bytes (one row however many
 *   groups use the same picture), with the type found in the content and the size in pixels
 *   read from its header. account_groups.header_logo_url / dark_header_logo_url name them as
 *   /api/branding/logos/<sha256>; the address never changes for a content, so it is cached long.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table account_groups
      add column contact_phone text,
      add column contact_email text,
      add column office_address jsonb,
      add column mailing_address jsonb,
      add column time_zone text not null default 'America/Chicago',
      add column updated_at timestamptz;
    create table branding_logos (
      sha256 text primary key check (sha256 ~ '^[0-9a-f]{64}$'),
      content_type text not null check (content_type in ('image/png', 'image/jpeg', 'image/webp')),
      width integer not null check (width > 0),
      height integer not null check (height > 0),
      size_bytes integer not null check (size_bytes > 0),
      bytes bytea not null,
      created_by integer references users on delete set null,
      created_at timestamptz not null default now()
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    drop table branding_logos;
    alter table account_groups
      drop column contact_phone,
      drop column contact_email,
      drop column office_address,
      drop column mailing_address,
      drop column time_zone,
      drop column updated_at;
  `.execute(db);
}
