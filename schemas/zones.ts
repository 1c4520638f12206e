import type { FromSchema } from 'json-schema-to-ts';
import { closedSchema, int4Range, notBlank, serialId, siteRowsFilterSchema } from './shared.js';
import type { UiHints } from './uiHints.js';

/**
 * Zones (editing the account): `GET /api/zones?filter={"siteNum":N}` and
 * `PUT /api/zones/{id}` (id `devNum-zoneNum`): a dealer edits a zone's description and its
 * event kind; zones come and go with the panel's programming, not here.
 */

/** What a zone reports as (zones.event_type). */
export const ZONE_EVENT_TYPES = ['Burglary', 'Fire', 'Panic', 'Medical', 'Supervisory', 'Trouble'] as const;
export type ZoneEventType = (typeof ZONE_EVENT_TYPES)[number];

const ZONE_DESCRIPTION_MAX = 60;

/** `devNum-zoneNum`. */
const ZONE_ID_PATTERN = '^[0-9]{1,10}-[0-9]{1,10}$';
/** A zone's id as a path parameter or in getMany's list. */
export const zoneIdSchema = { type: 'string', pattern: ZONE_ID_PATTERN, maxLength: 21 } as const;

const zoneFields = {
  description: { type: 'string', minLength: 1, maxLength: ZONE_DESCRIPTION_MAX, ...notBlank },
  eventType: { type: 'string', enum: ZONE_EVENT_TYPES },
} as const;

/** PUT body; the other fields of the record are sent back by react-admin and ignored. */
export const zoneInputSchema = closedSchema('ZoneInput', ['description', 'eventType'], {
  ...zoneFields,
  id: { type: 'string', readOnly: true },
  siteNum: { type: 'integer', readOnly: true, ...int4Range },
  devNum: { type: 'integer', readOnly: true, ...int4Range },
  zoneNum: { type: 'integer', readOnly: true, ...int4Range },
});
export type ZoneInput = FromSchema<typeof zoneInputSchema>;

export const zoneSchema = closedSchema('Zone', {
  id: { type: 'string', pattern: ZONE_ID_PATTERN },
  siteNum: { type: 'integer', ...int4Range },
  devNum: { type: 'integer', ...int4Range },
  zoneNum: { type: 'integer', ...int4Range },
  description: { type: 'string' },
  /** One of ZONE_EVENT_TYPES (older rows: as stored). */
  eventType: { type: 'string' },
});
export type Zone = FromSchema<typeof zoneSchema>;

/** getMany's ids: zone ids are text. */
const zoneIdsFilter = { type: 'array', items: zoneIdSchema, maxItems: 1000 } as const;

/** `filter` of GET /api/zones: one account's zones (of one device), or zones by id (getMany). */
export const zoneFilterSchema = siteRowsFilterSchema('ZoneFilter', {
  siteNum: serialId,
  devNum: serialId,
  id: zoneIdsFilter,
});
export type ZoneFilter = FromSchema<typeof zoneFilterSchema>;

export const zonesUi = {
  order: ['description', 'eventType'],
  fields: {
    description: { label: 'accountEdits.zones.fields.description', autoFocus: true },
    eventType: { label: 'accountEdits.zones.fields.eventType', optionLabels: 'accountEdits.zones.eventTypes' },
  },
} as const satisfies UiHints<keyof typeof zoneFields>;
