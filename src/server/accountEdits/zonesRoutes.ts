import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { audienceAccess, DEALER_AUDIENCE, withDefaultSite, type Audience } from '../http/audience.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { ZONE_ID_PATTERN, zoneFilterSchema, zoneInputSchema, zoneSchema, type ZoneFilter } from '../../../schemas/zones.js';
import { accountSites } from './accountSite.js';
import { zonesRepository } from './zonesRepository.js';
import { actorName, auditChange, changedFields, fieldList, listAnswer, listQuery, notFound } from './changes.js';

const idParams = {
  type: 'object',
  required: ['id'],
  properties: { id: { type: 'string', pattern: ZONE_ID_PATTERN, maxLength: 21 } },
} as const;
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['zones'];

/** `devNum-zoneNum` as numbers; undefined beyond int4. */
function zoneKey(id: string): { devNum: number; zoneNum: number } | undefined {
  const [devNum, zoneNum] = id.split('-').map(Number);
  if (!Number.isSafeInteger(devNum) || !Number.isSafeInteger(zoneNum) || devNum! > 2147483647 || zoneNum! > 2147483647) return undefined;
  return { devNum: devNum!, zoneNum: zoneNum! };
}

/**
 * Zones: GET /api/zones?filter={"siteNum":N} and PUT /api/zones/{devNum-zoneNum}: a
 * zone's description and event kind. Audited with before and after; a change in the history.
 */
export async function zonesRoutes(parent: FastifyInstance, { audience = DEALER_AUDIENCE }: { audience?: Audience } = {}) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const sites = accountSites(app.db);
  const zones = zonesRepository(app.db);
  const list = listAnswer<ZoneFilter>(zoneFilterSchema);

  app.get(
    '/zones',
    {
      config: { access: audienceAccess(audience, 'zones', 'list') },
      schema: {
        tags,
        summary: 'An account\'s zones by device (filter={"siteNum":N})',
        querystring: listQuery,
        response: { 200: { type: 'array', items: zoneSchema }, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { filter, offset, limit } = list.filter(await withDefaultSite(audience, request.auth!.user, request.query));
      if (!(await sites.site(request.auth!.user, filter.siteNum))) throw notFound();
      return list.send(reply, 'zones', await zones.list(filter.siteNum, filter.devNum), offset, limit);
    },
  );

  app.get(
    '/zones/:id',
    {
      config: { access: audienceAccess(audience, 'zones', 'show') },
      schema: { tags, summary: 'One zone', params: idParams, response: { 200: zoneSchema, ...errors } },
    },
    async (request) => {
      const key = zoneKey(request.params.id);
      const found = key && (await zones.get(request.auth!.user, key.devNum, key.zoneNum));
      if (!found) throw notFound();
      return found.zone;
    },
  );

  app.put(
    '/zones/:id',
    {
      config: { access: audienceAccess(audience, 'zones', 'edit') },
      schema: {
        tags,
        summary: "Change a zone's description and event kind",
        params: idParams,
        body: zoneInputSchema,
        response: { 200: zoneSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request) => {
      const key = zoneKey(request.params.id);
      const found = key && (await zones.get(request.auth!.user, key.devNum, key.zoneNum));
      if (!found) throw notFound();
      const { site, zone } = found;
      const values = { description: request.body.description.trim(), eventType: request.body.eventType };
      const fields = changedFields(zone, { ...zone, ...values }, ['description', 'eventType']);
      const after = await zones.update(
        site,
        zone,
        values,
        fields.length
          ? {
              devNum: zone.devNum,
              zoneNum: zone.zoneNum,
              description: request.t('accountEdits.history.zoneUpdated', {
                zoneNum: zone.zoneNum,
                user: actorName(request),
                fields: fieldList(request, 'accountEdits.zones.fields', fields),
              }),
            }
          : undefined,
      );
      await auditChange(app, request, { action: 'zone.updated', site, targetType: 'zone', targetId: zone.id, before: zone, after });
      return after;
    },
  );
}
