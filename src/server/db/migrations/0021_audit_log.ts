import { sql, type Kysely } from 'kysely';

/**
 * The audit log viewer, staff's contact-request inbox and the dealer's change-request screen:
 * - audit_log is append-only: a trigger refuses UPDATE, DELETE and TRUNCATE (no code path
 *   changes or removes an entry, and no test truncates it; a database owner can still drop the
 *   trigger or the table, so production should also grant the application role INSERT and SELECT
 *   only on it). The one update let through is the foreign keys' own ON DELETE SET NULL when a
 *   user row is deleted (the entry stays; only the actor or impersonator id becomes null): it is
 *   recognised by being fired from another trigger (the foreign key's) and by changing nothing else.
 * - Indexes for the viewer's filters beside 0001's (occurred_at) and (actor_user_id, occurred_at):
 *   action prefix (text_pattern_ops serves LIKE 'prefix%' under any collation), impersonator
 *   (partial: few entries have one), and the target record.
 * - contact_requests: the staff's handling, status new → inProgress → closed, an internal note
 *   (never shown to the sender), and who changed it last.
 * - msa_change_requests: the dealer's resolution, a note for the customer and who resolved it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index audit_log_action_idx on audit_log (action text_pattern_ops, occurred_at desc);
    create index audit_log_impersonator_idx on audit_log (impersonator_user_id, occurred_at desc)
      where impersonator_user_id is not null;
    create index audit_log_target_idx on audit_log (target_type, target_id, occurred_at desc);

    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' and pg_trigger_depth() > 1
        and new.audit_id = old.audit_id
        and new.occurred_at = old.occurred_at
        and new.action = old.action
        and new.target_type is not distinct from old.target_type
        and new.target_id is not distinct from old.target_id
        and new.ip is not distinct from old.ip
        and new.details = old.details
        and (new.actor_user_id is null or new.actor_user_id = old.actor_user_id)
        and (new.impersonator_user_id is null or new.impersonator_user_id = old.impersonator_user_id)
      then
        return new;
      end if;
      raise exception 'audit_log is append-only: % refused', tg_op using errcode = '42501';
    end
    $$;
    create trigger audit_log_no_change before update or delete on audit_log
      for each row execute function audit_log_append_only();
    create trigger audit_log_no_truncate before truncate on audit_log
      for each statement execute function audit_log_append_only();

    alter table contact_requests
      add column status text not null default 'new' check (status in ('new', 'inProgress', 'closed')),
      add column internal_note text,
      add column updated_at timestamptz,
      add column updated_by integer references users on delete set null;
    create index contact_requests_status_idx on contact_requests (status, created_at desc);

    alter table msa_change_requests
      add column resolution_note text,
      add column resolved_by integer references users on delete set null;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table msa_change_requests drop column resolution_note, drop column resolved_by;
    drop index contact_requests_status_idx;
    alter table contact_requests drop column status, drop column internal_note, drop column updated_at, drop column updated_by;
    drop trigger audit_log_no_truncate on audit_log;
    drop trigger audit_log_no_change on audit_log;
    drop function audit_log_append_only();
    drop index audit_log_target_idx;
    drop index audit_log_impersonator_idx;
    drop index audit_log_action_idx;
  `.execute(db);
}
