import type { FromSchema } from 'json-schema-to-ts';
import { SIGNAL_KINDS } from './events.js';
import { closedSchema, idsFilter, INT4_MAX, nonEmptySchema, notBlank, nullableDateTime } from './shared.js';

/**
 * Place on test (SPEC §6 noActionRead, the "No Action" state): the
 * `tests` resource in ra-data-simple-rest conventions. GET /api/tests (filter
 * siteNum, active; total in Content-Range), GET /api/tests/{id}, POST
 * /api/tests places a test, PUT /api/tests/{id} changes its end or reason,
 * DELETE /api/tests/{id} ends it early. The rules (durations, scopes,
 * coverage) are src/common/siteTests.ts, which the dialog uses too.
 */

/** Mirrors src/common/siteTests.ts (schemas/ is the floor: it cannot import it). */
const SCOPES = ['site', 'device', 'zones', 'kinds'] as const;
const MAX_MINUTES = 43_200;
const REASON_MAX = 500;
const positiveInt = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;

export const siteTestInputSchema = closedSchema('SiteTestInput', ['siteNum', 'scope', 'durationMinutes', 'reason'], {
  siteNum: positiveInt,
  /** The device of a device or zones test; a kinds test may name one. */
  deviceNum: { type: ['integer', 'null'], minimum: 1, maximum: INT4_MAX },
  scope: { type: 'string', enum: SCOPES },
  zones: { type: 'array', items: { type: 'integer', minimum: 0, maximum: INT4_MAX }, maxItems: 200, uniqueItems: true },
  kinds: { type: 'array', items: { type: 'string', enum: SIGNAL_KINDS }, maxItems: SIGNAL_KINDS.length, uniqueItems: true },
  /** Absent or null: now. */
  startAt: nullableDateTime,
  /** 1 minute to 30 days: never open-ended. */
  durationMinutes: { type: 'integer', minimum: 1, maximum: MAX_MINUTES },
  reason: { type: 'string', minLength: 1, maxLength: REASON_MAX, ...notBlank },
});
export type SiteTestInput = FromSchema<typeof siteTestInputSchema>;

/** PUT /api/tests/{id}: a new end time and/or reason (the reason of the change is recorded in the audit log). */
export const siteTestUpdateSchema = nonEmptySchema('SiteTestUpdate', {
  endsAt: { type: 'string', format: 'date-time' },
  reason: { type: 'string', minLength: 1, maxLength: REASON_MAX, ...notBlank },
});
export type SiteTestUpdate = FromSchema<typeof siteTestUpdateSchema>;

/** DELETE /api/tests/{id}: why it ends early (optional). */
export const siteTestEndSchema = {
  $id: 'SiteTestEnd',
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    reason: { type: 'string', maxLength: REASON_MAX },
  },
} as const;
export type SiteTestEnd = FromSchema<typeof siteTestEndSchema>;

const SITE_TEST_STATES = ['scheduled', 'active', 'ended'] as const;

/** A test as answered. */
export const siteTestSchema = closedSchema('SiteTest', {
  id: positiveInt,
  siteNum: positiveInt,
  siteName: { type: 'string' },
  deviceNum: { type: ['integer', 'null'] },
  scope: { type: 'string', enum: SCOPES },
  zones: { type: 'array', items: { type: 'integer' } },
  kinds: { type: 'array', items: { type: 'string', enum: SIGNAL_KINDS } },
  startsAt: { type: 'string', format: 'date-time' },
  endsAt: { type: 'string', format: 'date-time' },
  reason: { type: 'string' },
  state: { type: 'string', enum: SITE_TEST_STATES },
  /** The name of who placed it (null: a user since removed). */
  createdBy: { type: ['string', 'null'] },
  createdAt: { type: 'string', format: 'date-time' },
  updatedBy: { type: ['string', 'null'] },
  updatedAt: { type: 'string', format: 'date-time' },
  endedAt: nullableDateTime,
  /** Who ended it early; null when it expired (the system) or has not ended. */
  endedBy: { type: ['string', 'null'] },
  endReason: { type: ['string', 'null'], enum: ['expired', 'cancelled', null] },
});
export type SiteTest = FromSchema<typeof siteTestSchema>;

/** `filter` of GET /api/tests. active: not ended (scheduled or in force). */
export const siteTestFilterSchema = closedSchema('SiteTestFilter', [], {
  siteNum: positiveInt,
  active: { type: 'boolean' },
  /** react-admin getMany: `filter={"id":[…]}`. */
  id: idsFilter,
});
export type SiteTestFilter = FromSchema<typeof siteTestFilterSchema>;

export const SITE_TEST_SORT_FIELDS = ['id', 'startsAt', 'endsAt', 'siteNum'] as const;
