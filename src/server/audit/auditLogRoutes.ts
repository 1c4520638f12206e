import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { stringify } from 'csv-stringify/sync';
import {
  AUDIT_LOG_COUNT_CAP,
  AUDIT_LOG_EXPORT_COLUMNS,
  AUDIT_LOG_SORT_FIELDS,
  auditId,
  auditLogEntrySchema,
  auditLogExportQuerySchema,
  auditLogFilterSchema,
  type AuditLogEntry,
  type AuditLogFilter,
} from '../../../schemas/auditLog.js';
import { errorSchema } from '../../../schemas/shared.js';
import { auditChanges, changesSummary } from '../../common/auditChanges.js';
import { compileCached } from '../../common/validation.js';
import { HttpError } from '../http/errors.js';
import { parseJson } from '../http/simpleRest.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { auditLogRepository } from './auditLogRepository.js';

const errors = { 400: errorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['audit log'];
/** Entries per query of the export (keyset batches; one csv-stringify call each). */
const EXPORT_BATCH = 500;

/** auditLog-<yyyyMMdd-HHmm>.csv, in UTC (the CSV's times are UTC too). */
function auditExportFileName(now: Date): string {
  const iso = now.toISOString();
  return `audit-log-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 16).replace(':', '')}.csv`;
}

/** One entry's CSV cells, in AUDIT_LOG_EXPORT_COLUMNS order. */
function auditCsvCells(entry: AuditLogEntry): string[] {
  const { changes } = auditChanges(entry.details);
  return [
    String(entry.id),
    entry.occurredAt,
    entry.action,
    entry.actorUsername ?? (entry.actorUserId === null ? '' : `#${entry.actorUserId}`),
    entry.actorName ?? '',
    entry.impersonatorUsername ?? (entry.impersonatorUserId === null ? '' : `#${entry.impersonatorUserId}`),
    entry.impersonatorName ?? '',
    entry.targetType ?? '',
    entry.targetId ?? '',
    entry.ip ?? '',
    changesSummary(changes),
    JSON.stringify(entry.details),
  ];
}

/**
 * The audit log viewer's API (access table `auditLog`: application 1): read-only.
 * GET /api/auditLog (ra-data-simple-rest: filter, sort by time, range; Content-Range counts up to
 * AUDIT_LOG_COUNT_CAP), GET /api/auditLog/:id and GET /api/auditLog/export (the same filter as a
 * streamed CSV with the people's usernames and names; the export is itself audited). There is no
 * route that changes or deletes an entry, and the database refuses to (migration 0021).
 */
export async function auditLogRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const repo = auditLogRepository(app.db);
  const validateFilter = compileCached(auditLogFilterSchema);

  function checkedFilter(filter: AuditLogFilter): AuditLogFilter {
    if (filter.from && filter.to && new Date(filter.from) > new Date(filter.to))
      throw new HttpError(400, 'errors.badQuery', { parameter: 'filter' });
    return filter;
  }

  await simpleRestRoutes<AuditLogEntry, AuditLogFilter, (typeof AUDIT_LOG_SORT_FIELDS)[number]>(parent, {
    path: 'auditLog',
    resource: 'auditLog',
    tags,
    record: auditLogEntrySchema,
    filter: auditLogFilterSchema,
    sortFields: AUDIT_LOG_SORT_FIELDS,
    params: { type: 'object', required: ['id'], properties: { id: auditId } },
    errors,
    summaries: {
      list:
        'Audit entries, newest first (filter: q, action prefix, actorUserId, actor, impersonatorUserId, impersonator, impersonated, ' +
        `targetType, targetId, from, to, id; sort occurredAt or id). Counts and pages within the first ${AUDIT_LOG_COUNT_CAP} matches.`,
      one: 'One audit entry',
    },
    list: (query) => {
      if (query.offset >= AUDIT_LOG_COUNT_CAP) throw new HttpError(400, 'errors.badQuery', { parameter: 'range' });
      return repo.list(checkedFilter(query.filter), query);
    },
    one: (id) => repo.get(Number(id)),
  });

  app.get(
    '/auditLog/export',
    {
      config: { access: { resource: 'auditLog', action: 'export' } },
      schema: {
        tags,
        summary:
          'Every entry the filter keeps, newest first, as a streamed CSV (header row in the language of Accept-Language; times in UTC; ' +
          'the changes on one line and the details as JSON). Audited.',
        querystring: auditLogExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: { description: 'The CSV', type: 'string' }, ...errors },
      },
    },
    async (request, reply) => {
      const filter = (parseJson('filter', request.query.filter) ?? {}) as AuditLogFilter;
      if (!validateFilter(filter)) throw new HttpError(400, 'errors.badQuery', { parameter: 'filter' });
      checkedFilter(filter);
      await app.audit(request, { action: 'auditLog.exported', targetType: 'auditLog', details: { filter } });

      const t = request.t;
      let stopped = false;
      request.raw.once('close', () => (stopped = true));
      reply.raw.once('close', () => (stopped = true));
      const batches = repo.batches(filter, EXPORT_BATCH, () => stopped);
      async function* csv() {
        // A byte-order mark, so that spreadsheets read names and accents as UTF-8; formulas are guarded.
        yield `\uFEFF${stringify([AUDIT_LOG_EXPORT_COLUMNS.map((c) => t(`auditLog.export.columns.${c}`))], { escape_formulas: true })}`;
        for await (const batch of batches) yield stringify(batch.map(auditCsvCells), { escape_formulas: true });
      }
      // One batch read ahead at most: the database waits while the client is slow.
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${auditExportFileName(new Date())}"`)
        .header('Cache-Control', 'no-store')
        .send(Readable.from(csv(), { objectMode: true, highWaterMark: 1 }) as unknown as string);
    },
  );
}
