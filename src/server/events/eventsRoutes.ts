import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { stringify } from 'csv-stringify/sync';
import {
  EVENT_EXPORT_COLUMNS,
  EVENT_KINDS,
  eventExportQuerySchema,
  eventFilterSchema,
  eventListQuerySchema,
  eventRecordSchema,
  type EventFilter,
} from '../../../schemas/events.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { compileCached } from '../../common/validation.js';
import { HttpError } from '../http/errors.js';
import { contentRange } from '../http/simpleRest.js';
import { isTimeZone } from '../../common/timeZone.js';
import { exportFileName } from './eventExport.js';
import { encodeCursor, parseEventFilter, parseEventPage } from './eventQuery.js';
import { eventsRepository } from './eventsRepository.js';

/**
 * Events per query of the export: a keyset batch, one chunk of CSV of about 90 KB. Below V8's
 * large-object size (128 KB) a chunk dies young in a scavenge; larger ones wait in the old
 * generation for a full collection, and the process grows by much of the export meanwhile.
 */
const EXPORT_BATCH = 1_000;

const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * Event history of a site (SPEC §2 /site/history and
 * /site/alarm-history): GET /api/events, newest first in keyset pages (the
 * next page's cursor in X-Next-Cursor), and GET /api/events/export, the same
 * rows as a streamed CSV. The site must be in the user's tenant scope, else 404.
 */
export async function eventsRoutes(parent: FastifyInstance, options: { readAhead?: boolean } = {}) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const events = eventsRepository(app.db);
  const validateFilter = compileCached(eventFilterSchema);
  const tags = ['events'];

  async function siteOf(request: FastifyRequest, filter: EventFilter) {
    const site = await events.site(request.auth!.user, filter.siteNum);
    if (!site) throw new HttpError(404, 'errors.notFound');
    return site;
  }

  app.get(
    '/events',
    {
      config: { access: { resource: 'events', action: 'list' } },
      schema: {
        tags,
        summary:
          "A site's events, newest first (filter: siteNum required; deviceNum, from, to, kind, zone, q). Keyset pages: range gives " +
          'the size (50, at most 500), X-Next-Cursor the cursor of the next page; Content-Range: events <start>-<end>/*',
        querystring: eventListQuerySchema,
        response: { 200: { type: 'array', items: eventRecordSchema }, ...errors },
      },
    },
    async (request, reply) => {
      const filter = parseEventFilter(request.query.filter, validateFilter);
      const page = parseEventPage(request.query);
      const site = await siteOf(request, filter);
      const { items, next } = await events.page(site, filter, page.limit, page.after);
      reply.header('Content-Range', contentRange('events', page.start, items.length, '*'));
      if (next) reply.header('X-Next-Cursor', encodeCursor(next));
      return items;
    },
  );

  app.get(
    '/events/export',
    {
      config: { access: { resource: 'events', action: 'export' } },
      schema: {
        tags,
        summary:
          'Every event the list shows for the filter, newest first, as a streamed CSV with a header row in the language of ' +
          'Accept-Language; dates in tz (an IANA zone; default the site’s). X-Total-Count: the number of rows.',
        querystring: eventExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: { description: 'The CSV', type: 'string' }, ...errors },
      },
    },
    async (request, reply) => {
      const filter = parseEventFilter(request.query.filter, validateFilter);
      const { tz } = request.query;
      if (tz !== undefined && !isTimeZone(tz)) throw new HttpError(400, 'errors.badQuery', { parameter: 'tz' });
      const site = await siteOf(request, filter);
      const timeZone = tz ?? (isTimeZone(site.timeZone) ? site.timeZone : 'UTC');
      const total = await events.count(filter);
      await app.audit(request, {
        action: 'events.exported',
        targetType: 'site',
        targetId: site.siteNum,
        details: { filter, timeZone, rows: total },
      });

      const t = request.t;
      // One CSV cell as csv-stringify writes it: the header row, the site's cells and the kind labels; the database writes the rest alike.
      const cells = (values: (string | number)[]) => stringify([values], { escape_formulas: true }).slice(0, -1);
      const siteCells = cells([site.siteNum, site.siteName]);
      const kindLabels = EVENT_KINDS.map((kind) => cells([t(`eventExport.kinds.${kind}`)]));
      let stopped = false;
      request.raw.once('close', () => (stopped = true));
      reply.raw.once('close', () => (stopped = true));
      async function* csv() {
        // A byte-order mark, so that spreadsheets read the labels and names as UTF-8.
        yield `\uFEFF${stringify([EVENT_EXPORT_COLUMNS.map((column) => t(`eventExport.columns.${column}`))], { escape_formulas: true })}`;
        yield* events.csvBatches(filter, {
          timeZone,
          batchSize: EXPORT_BATCH,
          siteCells,
          kindLabels,
          stopped: () => stopped,
          readAhead: options.readAhead,
        });
      }
      reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${exportFileName(site.siteNum, new Date(), timeZone)}"`)
        .header('Cache-Control', 'no-store')
        .header('X-Total-Count', String(total));
      // One batch read ahead at most: the database waits while the client is slow (backpressure). A stream is
      // sent as it is (Fastify does not serialise it); the schema's string is for OpenAPI.
      return reply.send(Readable.from(csv(), { objectMode: true, highWaterMark: 1 }) as unknown as string);
    },
  );
}
