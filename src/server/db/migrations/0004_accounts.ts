import { sql, type Kysely } from 'kysely';

/**
 * Accounts: what the account view and the lists show beyond 0001.
 * - sites.status: where the account stands (SITE_STATUSES); 'onTest' and
 *   'inAlarm' are set by place-on-test and by alarm ingest, and reset by them.
 * - sites.site_type (SITE_TYPES).
 * - contacts.verifies: the contact may verify an alarm.
 * - site_agencies: police, fire, medical and guard agencies with their permits.
 * - premise_phones: the phones at the premises.
 * - alarm_events.event_kind: the Contact ID family of the code (EVENT_KINDS),
 *   computed by the database so that every writer agrees; eventKind() in
 *   src/common/eventKinds.ts is the same rule in TypeScript.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table sites
      add column status text not null default 'active'
        check (status in ('active', 'inAlarm', 'onTest', 'outOfService', 'pending')),
      add column site_type text not null default 'residential'
        check (site_type in ('residential', 'commercial', 'industrial', 'institutional'));
    alter table contacts add column verifies boolean not null default true;
    create table site_agencies (
      agency_id serial primary key,
      site_num integer not null references sites on delete cascade,
      kind text not null check (kind in ('police', 'fire', 'medical', 'guard')),
      name text not null,
      phone_number text,
      permit_number text,
      permit_expires_on date
    );
    create index site_agencies_site_idx on site_agencies (site_num);
    create table premise_phones (
      phone_id serial primary key,
      site_num integer not null references sites on delete cascade,
      label text not null,
      phone_number text not null
    );
    create index premise_phones_site_idx on premise_phones (site_num);
    alter table alarm_events add column event_kind text generated always as (
      case
        when event_code ~ '^[EeRrPp]?4' then 'openClose'
        when event_code ~ '^[Rr]' then 'restore'
        when event_code ~ '^[EePp]?1' then 'alarm'
        when event_code ~ '^[EePp]?[235]' then 'trouble'
        when event_code ~ '^[EePp]?6' then 'test'
        else 'other'
      end
    ) stored not null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table alarm_events drop column event_kind;
    drop table premise_phones;
    drop table site_agencies;
    alter table contacts drop column verifies;
    alter table sites drop column site_type, drop column status;
  `.execute(db);
}
