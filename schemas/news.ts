import type { FromSchema } from 'json-schema-to-ts';
import { LIMITS } from './constants.js';
import { closedObject, closedSchema, int4IdsFilter, int4Range, notBlank, nullableDateTime, webUrlPattern } from './shared.js';
import type { UiHints } from './uiHints.js';

/** Icon options, SPEC §3; their labels are locales/<lang>/news.json `icons.*`. */
export const NEWS_ICONS = [
  'bell-alert',
  'calendar',
  'envelope',
  'circle-exclamation-fill',
  'exclamationmark-shield-fill',
  'exclamation-triangle',
  'newspaper-filled',
] as const;

/**
 * Largest news document accepted (SPEC §9 names no size: this is the portal's
 * limit, stated in the README); the server checks it, the form says it first.
 */
export const NEWS_DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

/** Colour options, SPEC §3; labels in `colors.*` (amber is labelled Yellow). */
export const NEWS_COLORS = ['blue', 'green', 'red', 'amber'] as const;

const newsFields = {
  title: { type: 'string', minLength: 1, maxLength: LIMITS.newsTitleMax, ...notBlank },
  body: { type: 'string', minLength: 1, maxLength: LIMITS.newsBodyMax, ...notBlank },
  effectiveDate: nullableDateTime,
  expirationDate: nullableDateTime,
  order: { type: ['integer', 'null'], ...int4Range },
  icon: { type: ['string', 'null'], maxLength: LIMITS.newsIconMax, enum: [...NEWS_ICONS, null] },
  color: { type: ['string', 'null'], maxLength: LIMITS.newsColorMax, enum: [...NEWS_COLORS, null] },
  documentName: { type: ['string', 'null'], maxLength: LIMITS.newsDocumentNameMax },
  url: {
    type: ['string', 'null'],
    maxLength: LIMITS.newsUrlMax,
    pattern: webUrlPattern,
    errorMessage: { pattern: 'validation.url' },
  },
} as const;

/** SPEC §4 news save / §5: 'Start date cannot be after end date'. */
const startNotAfterEnd = {
  field: 'effectiveDate',
  other: 'expirationDate',
  message: 'news.validation.startAfterEnd',
} as const;

/** Computed fields: react-admin sends the whole record back on update; they are ignored. */
const readOnlyFields = {
  id: { type: 'integer', readOnly: true, ...int4Range },
  newsId: { type: 'integer', readOnly: true, ...int4Range },
  hasDocument: { type: 'boolean', readOnly: true },
  active: { type: 'boolean', readOnly: true },
  future: { type: 'boolean', readOnly: true },
  expired: { type: 'boolean', readOnly: true },
} as const;

/** Create and update body (SPEC §3 news item, §5 news). */
export const newsItemInputSchema = {
  $id: 'NewsItemInput',
  ...closedObject(['title', 'body'], { ...newsFields, ...readOnlyFields }),
  notAfter: startNotAfterEnd,
} as const;
export type NewsItemInput = FromSchema<typeof newsItemInputSchema>;

/**
 * How the news form lays out the schema's fields (uiHints.ts): the body as a text area,
 * the dates side by side, the icon and colour pickers and the document input drawn by
 * the form's own inputs (slots). Rules stay in the schema.
 */
export const newsUi = {
  order: ['title', 'body', 'url', 'documentName', 'effectiveDate', 'expirationDate', 'order', 'icon', 'color'],
  fields: {
    body: { widget: 'textarea' },
    effectiveDate: { section: 'news.setup.sections.schedule', row: 'dates' },
    expirationDate: { row: 'dates' },
    icon: {
      section: 'news.setup.sections.appearance',
      widget: 'iconPicker',
      row: 'look',
      optionLabels: 'news.icons',
      emptyLabel: 'news.setup.noIcon',
    },
    color: { widget: 'colorPicker', row: 'look', optionLabels: 'news.colors', emptyLabel: 'news.setup.noColor' },
    documentName: { widget: 'document' },
  },
} as const satisfies UiHints<keyof typeof newsFields>;

/** A news item as the API returns it: stored fields plus the computed flags. */
export const newsItemSchema = closedSchema('NewsItem', {
  id: { type: 'integer', ...int4Range },
  newsId: { type: 'integer', ...int4Range },
  ...newsFields,
  hasDocument: { type: 'boolean' },
  active: { type: 'boolean' },
  future: { type: 'boolean' },
  expired: { type: 'boolean' },
});
export type NewsItem = FromSchema<typeof newsItemSchema>;

/** Filters of the paged list (react-admin's `filter` parameter). */
export const newsFilterSchema = closedSchema('NewsFilter', [], {
  q: { type: 'string', maxLength: 200 },
  includeExpired: { type: 'boolean' },
  active: { type: 'boolean' },
  id: int4IdsFilter,
});
export type NewsFilter = FromSchema<typeof newsFilterSchema>;

/** Columns the list may be sorted by. */
export const NEWS_SORT_FIELDS = ['id', 'title', 'order', 'effectiveDate', 'expirationDate'] as const;
