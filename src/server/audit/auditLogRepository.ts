import { sql, type ExpressionBuilder } from 'kysely';
import { AUDIT_LOG_COUNT_CAP, type AuditLogEntry, type AuditLogFilter } from '../../../schemas/auditLog.js';
import type { Db } from '../db/database.js';
import { containsPattern, escapeLike, iso } from '../db/listing.js';
import type { Database } from '../db/schema.js';

/**
 * Every query of the audit log viewer. Application 1 sees every entry: no tenant scope.
 * The filters use the table's indexes: time (0001), actor (0001), action prefix, impersonator and
 * target (0021). People are matched by username or name in the users table first (small), then
 * by id in the log.
 */

/** The ids of users whose username or name contains `text` (any case). */
function usersMatching(eb: ExpressionBuilder<Database, 'audit_log'>, text: string) {
  const pattern = containsPattern(text);
  return eb
    .selectFrom('users')
    .select('users.user_id')
    .where((w) => w.or([w('users.username', 'ilike', pattern), w('users.name', 'ilike', pattern)]));
}

function filtered(db: Db, filter: AuditLogFilter) {
  let query = db.selectFrom('audit_log');
  if (filter.id) query = query.where('audit_log.audit_id', 'in', filter.id.length ? filter.id : [-1]);
  if (filter.action) query = query.where('audit_log.action', 'like', `${escapeLike(filter.action)}%`);
  if (filter.actorUserId !== undefined) query = query.where('audit_log.actor_user_id', '=', filter.actorUserId);
  if (filter.actor?.trim()) {
    const text = filter.actor.trim();
    query = query.where('audit_log.actor_user_id', 'in', (eb) => usersMatching(eb, text));
  }
  if (filter.impersonatorUserId !== undefined) query = query.where('audit_log.impersonator_user_id', '=', filter.impersonatorUserId);
  if (filter.impersonator?.trim()) {
    const text = filter.impersonator.trim();
    query = query.where('audit_log.impersonator_user_id', 'in', (eb) => usersMatching(eb, text));
  }
  if (filter.impersonated !== undefined) {
    query = query.where('audit_log.impersonator_user_id', filter.impersonated ? 'is not' : 'is', null);
  }
  if (filter.targetType) query = query.where('audit_log.target_type', '=', filter.targetType);
  if (filter.targetId) query = query.where('audit_log.target_id', '=', filter.targetId);
  if (filter.from) query = query.where('audit_log.occurred_at', '>=', new Date(filter.from));
  if (filter.to) query = query.where('audit_log.occurred_at', '<', new Date(filter.to));
  if (filter.q?.trim()) {
    const text = filter.q.trim();
    const contains = containsPattern(text);
    query = query.where((eb) =>
      eb.or([
        eb('audit_log.action', 'ilike', contains),
        eb('audit_log.target_id', '=', text),
        eb(sql<string>`host(audit_log.ip)`, '=', text),
        eb('audit_log.actor_user_id', 'in', usersMatching(eb, text)),
        eb('audit_log.impersonator_user_id', 'in', usersMatching(eb, text)),
      ]),
    );
  }
  return query;
}

function withPeople(query: ReturnType<typeof filtered>) {
  return query
    .leftJoin('users as actor', 'actor.user_id', 'audit_log.actor_user_id')
    .leftJoin('users as impersonator', 'impersonator.user_id', 'audit_log.impersonator_user_id')
    .leftJoin('api_keys as api_key', 'api_key.api_key_id', 'audit_log.api_key_id');
}

const columns = [
  'audit_log.audit_id',
  'audit_log.occurred_at',
  'audit_log.action',
  'audit_log.actor_user_id',
  'actor.username as actor_username',
  'actor.name as actor_name',
  'audit_log.impersonator_user_id',
  'impersonator.username as impersonator_username',
  'impersonator.name as impersonator_name',
  'audit_log.api_key_id',
  'api_key.name as api_key_name',
  'api_key.prefix as api_key_prefix',
  'audit_log.target_type',
  'audit_log.target_id',
  sql<string | null>`host(audit_log.ip)`.as('ip'),
  'audit_log.details',
] as const;

interface Row {
  audit_id: number | string | bigint;
  occurred_at: Date | string;
  action: string;
  actor_user_id: number | null;
  actor_username: string | null;
  actor_name: string | null;
  impersonator_user_id: number | null;
  impersonator_username: string | null;
  impersonator_name: string | null;
  api_key_id: number | null;
  api_key_name: string | null;
  api_key_prefix: string | null;
  target_type: string | null;
  target_id: string | null;
  ip: string | null;
  details: unknown;
}

function toEntry(row: Row): AuditLogEntry {
  const details = typeof row.details === 'string' ? (JSON.parse(row.details) as unknown) : row.details;
  return {
    id: Number(row.audit_id),
    occurredAt: iso(row.occurred_at),
    action: row.action,
    actorUserId: row.actor_user_id,
    actorUsername: row.actor_username,
    actorName: row.actor_name,
    impersonatorUserId: row.impersonator_user_id,
    impersonatorUsername: row.impersonator_username,
    impersonatorName: row.impersonator_name,
    apiKeyId: row.api_key_id,
    apiKeyName: row.api_key_name,
    apiKeyPrefix: row.api_key_prefix,
    targetType: row.target_type,
    targetId: row.target_id,
    ip: row.ip,
    details: details && typeof details === 'object' && !Array.isArray(details) ? (details as Record<string, unknown>) : { value: details },
  };
}

/** Where an export batch starts: after this entry, newest first. */
interface Cursor {
  /** occurred_at to the microsecond, as the database keeps it. */
  at: string;
  id: string;
}

export function auditLogRepository(db: Db) {
  return {
    /**
     * A page of entries, newest first by default, and the number of matches counted up to
     * AUDIT_LOG_COUNT_CAP (a page must start within them).
     */
    async list(
      filter: AuditLogFilter,
      page: { offset: number; limit: number; sort?: { field: 'occurredAt' | 'id'; order: 'asc' | 'desc' } },
    ): Promise<{ items: AuditLogEntry[]; total: number }> {
      const order = page.sort?.order ?? 'desc';
      const limit = Math.min(page.limit, Math.max(0, AUDIT_LOG_COUNT_CAP - page.offset));
      const base = withPeople(filtered(db, filter)).select(columns);
      const ordered =
        page.sort?.field === 'id'
          ? base.orderBy('audit_log.audit_id', order)
          : base.orderBy('audit_log.occurred_at', order).orderBy('audit_log.audit_id', order);
      const [rows, counted] = await Promise.all([
        limit > 0 ? ordered.offset(page.offset).limit(limit).execute() : Promise.resolve([]),
        db
          .selectFrom(
            filtered(db, filter)
              .select(sql`1`.as('one'))
              .limit(AUDIT_LOG_COUNT_CAP)
              .as('capped'),
          )
          .select(sql<string>`count(*)`.as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      return { items: (rows as Row[]).map(toEntry), total: Number(counted.n) };
    },

    async get(id: number): Promise<AuditLogEntry | undefined> {
      const row = await withPeople(db.selectFrom('audit_log').where('audit_log.audit_id', '=', id))
        .select(columns)
        .executeTakeFirst();
      return row ? toEntry(row as Row) : undefined;
    },

    /** Every entry the filter keeps, newest first, in keyset batches (the CSV export); stops when `stopped()`. */
    async *batches(filter: AuditLogFilter, batchSize: number, stopped: () => boolean): AsyncGenerator<AuditLogEntry[]> {
      let after: Cursor | undefined;
      for (;;) {
        let query = withPeople(filtered(db, filter)).select([
          ...columns,
          sql<string>`to_char(audit_log.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`.as('cursor_at'),
        ]);
        if (after) {
          const { at, id } = after;
          query = query.where((eb) =>
            eb(
              eb.refTuple('audit_log.occurred_at', 'audit_log.audit_id'),
              '<',
              eb.tuple(sql<Date>`${at}::timestamptz`, sql<number>`${id}::bigint`),
            ),
          );
        }
        const rows = (await query
          .orderBy('audit_log.occurred_at', 'desc')
          .orderBy('audit_log.audit_id', 'desc')
          .limit(batchSize)
          .execute()) as (Row & { cursor_at: string })[];
        if (stopped()) return;
        if (rows.length) yield rows.map(toEntry);
        if (rows.length < batchSize) return;
        const last = rows[rows.length - 1];
        after = { at: last.cursor_at, id: String(last.audit_id) };
      }
    },
  };
}
