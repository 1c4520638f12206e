import type { FromSchema } from 'json-schema-to-ts';
import { closedObject, closedSchema, INT4_MAX, serialId } from './shared.js';
import { SITE_WARNINGS } from './sites.js';

/**
 * Importing accounts from a CSV or XLSX file (/site/import): the import batch, its rows, and
 * the bodies of its routes (src/server/siteImport/siteImportRoutes.ts). The columns and the
 * row rules are src/common/siteImport/.
 */

/** draft: uploaded; previewed: rows checked against a mapping; running: accounts being created; then cancelled, done or undone. */
export const SITE_IMPORT_STATUSES = ['draft', 'previewed', 'running', 'cancelled', 'done', 'undone'] as const;
export type SiteImportStatus = (typeof SITE_IMPORT_STATUSES)[number];

/** A row: ready (or with warnings) to import, refused by a rule, left out by the user, created, removed by undo. */
export const SITE_IMPORT_ROW_STATUSES = ['ready', 'warning', 'refused', 'skipped', 'created', 'removed'] as const;
export type SiteImportRowStatus = (typeof SITE_IMPORT_ROW_STATUSES)[number];

/** How long after it finished an import can be undone. */
export const SITE_IMPORT_UNDO_HOURS = 24;

const counts = closedObject({
  ready: { type: 'integer' },
  warning: { type: 'integer' },
  refused: { type: 'integer' },
  skipped: { type: 'integer' },
  created: { type: 'integer' },
  removed: { type: 'integer' },
});

const mappingItems = { type: ['string', 'null'], maxLength: 64 } as const;

/** An import batch as answered. */
const siteImportProperties = {
  id: { type: 'integer' },
  status: { type: 'string', enum: SITE_IMPORT_STATUSES },
  fileName: { type: 'string' },
  kind: { type: 'string', enum: ['csv', 'xlsx'] },
  /** The workbook's sheets (empty for a CSV) and the one read. */
  sheets: { type: 'array', items: { type: 'string' } },
  sheet: { type: ['string', 'null'] },
  /** The file's header row. */
  headers: { type: 'array', items: { type: 'string' } },
  /** The import column of each file column, by position (null: left out); suggested at upload. */
  mapping: { type: 'array', items: mappingItems },
  /** Required import columns the mapping leaves out. */
  missing: { type: 'array', items: { type: 'string' } },
  /** What the user should know about the file (a header repeated), in their language. */
  notices: { type: 'array', items: { type: 'string' } },
  /** Data rows in the file. */
  rowCount: { type: 'integer' },
  /** Rows by status (after the preview). */
  counts,
  /** Rows the import has gone through (created, refused at creation). */
  processed: { type: 'integer' },
  /** 0 to 100 while running. */
  progress: { type: 'integer', minimum: 0, maximum: 100 },
  createdAt: { type: 'string', format: 'date-time' },
  startedAt: { type: ['string', 'null'], format: 'date-time' },
  finishedAt: { type: ['string', 'null'], format: 'date-time' },
  /** Until when the batch may be undone (null: not, or no longer). */
  undoUntil: { type: ['string', 'null'], format: 'date-time' },
} as const;
export const siteImportSchema = closedSchema('SiteImport', siteImportProperties);
export type SiteImport = FromSchema<typeof siteImportSchema>;

/** GET /api/siteImports: the user's latest imports (newest first). */
export const siteImportListSchema = { type: 'array', items: closedObject(siteImportProperties) } as const;

/** PUT /api/siteImports/{id}/mapping: the column mapping (and the sheet); checks every row. */
export const siteImportMappingSchema = closedSchema('SiteImportMapping', ['mapping'], {
  mapping: { type: 'array', maxItems: 1000, items: mappingItems },
  sheet: { type: 'string', minLength: 1, maxLength: 200 },
});
export type SiteImportMapping = FromSchema<typeof siteImportMappingSchema>;

export const SITE_IMPORT_ROW_FILTERS = ['all', 'errors', 'warnings', 'problems', 'ready', 'skipped', 'created'] as const;

/** GET /api/siteImports/{id}/rows: a page of rows; `errors`: refused rows only, `problems`: refused or with warnings. */
export const siteImportRowsQuerySchema = closedSchema('SiteImportRowsQuery', [], {
  filter: { type: 'string', enum: SITE_IMPORT_ROW_FILTERS },
  offset: { type: 'integer', minimum: 0, maximum: INT4_MAX },
  limit: { type: 'integer', minimum: 1, maximum: 500 },
});

/** A row as answered: its values by import column, each bad cell's message in the user's language, its warnings. */
const siteImportRowProperties = {
  rowNum: { type: 'integer' },
  status: { type: 'string', enum: SITE_IMPORT_ROW_STATUSES },
  values: { type: 'object', additionalProperties: { type: 'string' } },
  errors: { type: 'object', additionalProperties: { type: 'string' } },
  warnings: { type: 'array', items: { type: 'string', enum: SITE_WARNINGS } },
  siteNum: { type: ['integer', 'null'] },
} as const;
export const siteImportRowSchema = closedSchema('SiteImportRow', siteImportRowProperties);
export type SiteImportRow = FromSchema<typeof siteImportRowSchema>;

export const siteImportRowsSchema = closedSchema('SiteImportRows', {
  total: { type: 'integer' },
  rows: { type: 'array', items: closedObject(siteImportRowProperties) },
});

/** PUT /api/siteImports/{id}/rows/{rowNum}: the row's values fixed in place (import column → text). */
export const siteImportRowInputSchema = closedSchema('SiteImportRowInput', {
  values: { type: 'object', maxProperties: 1000, additionalProperties: { type: 'string', maxLength: 1000 } },
});
export type SiteImportRowInput = FromSchema<typeof siteImportRowInputSchema>;

/** POST /api/siteImports/{id}/rows/{rowNum}/skip: leave the row out (true) or take it back (false). */
export const siteImportSkipSchema = closedSchema('SiteImportSkip', {
  skipped: { type: 'boolean' },
});

export const siteImportParamsSchema = closedSchema('SiteImportParams', { id: serialId });
export const siteImportRowParamsSchema = closedSchema('SiteImportRowParams', {
  id: serialId,
  rowNum: { type: 'integer', minimum: 1, maximum: INT4_MAX },
});

/** ?format= of the template and the result. */
export const siteImportFormatSchema = closedSchema('SiteImportFormat', [], {
  format: { type: 'string', enum: ['csv', 'xlsx'] },
});

/** POST /api/siteImports/{id}/undo: the accounts removed, and those kept with the reason (a locale text). */
export const siteImportUndoneSchema = closedSchema('SiteImportUndone', {
  removed: { type: 'array', items: { type: 'integer' } },
  kept: {
    type: 'array',
    items: closedObject({ siteNum: { type: 'integer' }, rowNum: { type: 'integer' }, reason: { type: 'string' } }),
  },
});
export type SiteImportUndone = FromSchema<typeof siteImportUndoneSchema>;

/** The hub message 'importProgress' (reports hub, the owner's connections). */
export const siteImportProgressSchema = closedSchema('SiteImportProgress', {
  importId: { type: 'integer' },
  status: { type: 'string', enum: SITE_IMPORT_STATUSES },
  processed: { type: 'integer' },
  total: { type: 'integer' },
  created: { type: 'integer' },
  refused: { type: 'integer' },
  progress: { type: 'integer', minimum: 0, maximum: 100 },
});
export type SiteImportProgress = FromSchema<typeof siteImportProgressSchema>;

/** Every schema of the import, for the catalogue (schemas/catalog.ts). */
export const SITE_IMPORT_SCHEMAS = [
  siteImportSchema,
  siteImportMappingSchema,
  siteImportRowsQuerySchema,
  siteImportRowSchema,
  siteImportRowsSchema,
  siteImportRowInputSchema,
  siteImportSkipSchema,
  siteImportParamsSchema,
  siteImportRowParamsSchema,
  siteImportFormatSchema,
  siteImportUndoneSchema,
  siteImportProgressSchema,
];
