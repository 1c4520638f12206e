import { sql, type Kysely } from 'kysely';

/**
 * Editing the account (dealer side; later the customer's screens):
 * - contacts.passcode: the contact's own passcode (nullable), masked like the site's.
 * - passcodes.is_duress: the passcode a person under duress gives; at most one per account
 *   (passcodes_one_duress_idx, the same rule as src/common/passcodeRules.ts).
 * - schedule_holidays: a day the weekly windows do not apply: closed all day (both times null)
 *   or open at special times (overnight allowed), one per account and date.
 * - alarm_events.event_kind gains 'change': an account change is a row of the history with the
 *   code 'CHANGE' (ACCOUNT_CHANGE_CODE), so the history's filters, keyset pages and export show it
 *   as they show an alarm. PostgreSQL cannot alter a generation expression: the column is
 *   dropped and added again, and the partial index of 0007 that reads it rebuilt.
 * - event_days_apply (0007): the dashboard's per-day counts leave changes out; a change is
 *   not a signal of the premises.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table contacts add column passcode text;
    alter table passcodes add column is_duress boolean not null default false;
    create unique index passcodes_one_duress_idx on passcodes (site_num) where is_duress;
    create table schedule_holidays (
      holiday_id serial primary key,
      site_num integer not null references sites on delete cascade,
      date date not null,
      name text not null,
      opens_at time,
      closes_at time,
      check ((opens_at is null) = (closes_at is null)),
      unique (site_num, date)
    );
    ${eventKindColumn({ changes: true })}
  `.execute(db);
  await eventDaysFunction(db, `where event_kind <> 'change'`);
}

/**
 * alarm_events.event_kind from the event code's Contact ID family (0004), with 'change' for the
 * history's account changes when `changes`, and 0007's partial index of alarms that reads it: a
 * generation expression cannot be altered, so the column is dropped and added again.
 */
function eventKindColumn({ changes }: { changes: boolean }) {
  return sql.raw(`drop index alarm_events_group_alarm_idx;
    alter table alarm_events drop column event_kind;
    alter table alarm_events add column event_kind text generated always as (
      case${changes ? "\n        when event_code = 'CHANGE' then 'change'" : ''}
        when event_code ~ '^[EeRrPp]?4' then 'openClose'
        when event_code ~ '^[Rr]' then 'restore'
        when event_code ~ '^[EePp]?1' then 'alarm'
        when event_code ~ '^[EePp]?[235]' then 'trouble'
        when event_code ~ '^[EePp]?6' then 'test'
        else 'other'
      end
    ) stored not null;
    create index alarm_events_group_alarm_idx on alarm_events (site_group_num, alarm_date) where event_kind = 'alarm';`);
}

/** 0007's trigger function, with the rows it counts narrowed by `where`. */
async function eventDaysFunction(db: Kysely<unknown>, where: string): Promise<void> {
  const w = sql.raw(where);
  await sql`
    create or replace function event_days_apply() returns trigger language plpgsql as $$
    begin
      if tg_op in ('DELETE', 'UPDATE') then
        insert into event_days as d (site_group_num, site_num, day, event_kind, count)
          select site_group_num, site_num, (alarm_date at time zone 'UTC')::date, event_kind, -count(*)
          from old_rows ${w} group by 1, 2, 3, 4 order by 1, 4, 3, 2
          on conflict (site_group_num, event_kind, day, site_num) do update set count = d.count + excluded.count;
        insert into group_event_days as g (site_group_num, day, event_kind, count)
          select site_group_num, (alarm_date at time zone 'UTC')::date, event_kind, -count(*)
          from old_rows ${w} group by 1, 2, 3 order by 1, 2, 3
          on conflict (site_group_num, day, event_kind) do update set count = g.count + excluded.count;
      end if;
      if tg_op in ('INSERT', 'UPDATE') then
        insert into event_days as d (site_group_num, site_num, day, event_kind, count)
          select site_group_num, site_num, (alarm_date at time zone 'UTC')::date, event_kind, count(*)
          from new_rows ${w} group by 1, 2, 3, 4 order by 1, 4, 3, 2
          on conflict (site_group_num, event_kind, day, site_num) do update set count = d.count + excluded.count;
        insert into group_event_days as g (site_group_num, day, event_kind, count)
          select site_group_num, (alarm_date at time zone 'UTC')::date, event_kind, count(*)
          from new_rows ${w} group by 1, 2, 3 order by 1, 2, 3
          on conflict (site_group_num, day, event_kind) do update set count = g.count + excluded.count;
      end if;
      return null;
    end $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await eventDaysFunction(db, '');
  await sql`
    delete from alarm_events where event_code = 'CHANGE';
    ${eventKindColumn({ changes: false })}
    drop table schedule_holidays;
    drop index passcodes_one_duress_idx;
    alter table passcodes drop column is_duress;
    alter table contacts drop column passcode;
  `.execute(db);
}
