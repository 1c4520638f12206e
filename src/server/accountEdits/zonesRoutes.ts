import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { ScopeUser } from '../db/siteScope.js';
import { DEALER_AUDIENCE, type Audience } from '../http/audience.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import {
  zoneFilterSchema,
  zoneIdSchema,
  zoneInputSchema,
  zoneSchema,
  type Zone,
  type ZoneFilter,
  type ZoneInput,
} from '../../../schemas/zones.js';
import { INT4_MAX } from '../../../schemas/shared.js';
import { accountSites } from './accountSite.js';
import { zonesRepository } from './zonesRepository.js';
import { actorName, auditChange, changedFields, fieldList, siteRowsEntity } from './changes.js';

const idParams = { type: 'object', required: ['id'], properties: { id: zoneIdSchema } } as const;

/** `devNum-zoneNum` as numbers; undefined beyond int4. */
function zoneKey(id: string): { devNum: number; zoneNum: number } | undefined {
  const [devNum, zoneNum] = id.split('-').map(Number);
  if (!Number.isSafeInteger(devNum) || !Number.isSafeInteger(zoneNum) || devNum! > INT4_MAX || zoneNum! > INT4_MAX) return undefined;
  return { devNum: devNum!, zoneNum: zoneNum! };
}

/**
 * Zones: GET /api/zones?filter={"siteNum":N} and PUT /api/zones/{devNum-zoneNum}: a
 * zone's description and event kind. Audited with before and after; a change in the history.
 */
export async function zonesRoutes(parent: FastifyInstance, { audience = DEALER_AUDIENCE }: { audience?: Audience } = {}) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const zones = zonesRepository(app.db);
  const find = (user: ScopeUser, id: string | number) => {
    const key = zoneKey(String(id));
    return key && zones.get(user, key.devNum, key.zoneNum);
  };

  await simpleRestRoutes<Zone, ZoneFilter, 'id', never, ZoneInput>(app, {
    ...siteRowsEntity(accountSites(app.db), audience, 'zones', zones.page),
    tags: ['zones'],
    record: zoneSchema,
    filter: zoneFilterSchema,
    params: idParams,
    summaries: {
      list: 'An account\'s zones by device (filter={"siteNum":N}, devNum too), or zones by id (filter={"id":["devNum-zoneNum",..]}); sort: id, as text',
      one: 'One zone',
    },
    one: async (id, request) => (await find(request.auth!.user, id))?.zone,
    update: {
      summary: "Change a zone's description and event kind",
      body: zoneInputSchema,
      handler: async (id, body, request) => {
        const found = await find(request.auth!.user, id);
        if (!found) return undefined;
        const { site, zone } = found;
        const values = { description: body.description.trim(), eventType: body.eventType };
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
    },
  });
}
