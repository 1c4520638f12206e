import { format } from 'date-fns';
import type { NewsItem } from '../../../schemas/news.js';
import { LIMITS } from '../../common/constants.js';
import { editableFields } from '../forms/schemaFields.js';
import { dateLocale } from '../i18n/calendar.js';
import { newsItemInputSchema } from '../../../schemas/news.js';

/** SPEC §2 news setup: 'Body, truncated to 50 characters plus an ellipsis'. */
export function truncateBody(body: string, max: number = LIMITS.newsBodyTruncation): string {
  const characters = [...body];
  return characters.length > max ? `${characters.slice(0, max).join('')}…` : body;
}

/** SPEC §2: dates as 'L HH:mm' (the locale's short date, 24-hour time), '-' when empty. */
export function formatNewsDate(iso: string | null | undefined, locale = 'en'): string {
  if (!iso) return '-';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '-';
  return format(date, 'P HH:mm', { locale: dateLocale(locale) });
}

/** SPEC §2: 'Order, '-' when empty'. */
export function formatOrder(order: number | null | undefined): string {
  return order === null || order === undefined ? '-' : String(order);
}

export type NewsTag = 'active' | 'future' | 'expired';

/** SPEC §2 tags: Active green, Future blue, Expired red. */
export function newsTag(item: Pick<NewsItem, 'active' | 'future' | 'expired'>): NewsTag {
  if (item.expired) return 'expired';
  if (item.future) return 'future';
  return 'active';
}

/** The tag colours: filled chips with white text, WCAG AA in light and dark themes. */
export const TAG_COLORS: Record<NewsTag, string> = { active: '#2e7d32', future: '#1565c0', expired: '#c62828' };

/** The fields the item itself is saved with (the document has its own calls). */
const ITEM_FIELDS = editableFields(newsItemInputSchema).filter((field) => field !== 'documentName');

function same(a: unknown, b: unknown): boolean {
  const empty = (v: unknown) => v === undefined || v === null || v === '';
  if (empty(a) && empty(b)) return true;
  if (
    typeof a === 'string' &&
    typeof b === 'string' &&
    !Number.isNaN(Date.parse(a)) &&
    !Number.isNaN(Date.parse(b)) &&
    /T/.test(a) &&
    /T/.test(b)
  ) {
    return Date.parse(a) === Date.parse(b);
  }
  return a === b;
}

/** The body of the create or update call: the schema's writable fields, empty ones as null. */
export function toNewsInput(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    ITEM_FIELDS.map((field) => [field, values[field] === '' || values[field] === undefined ? null : values[field]]),
  );
}

export type DocumentStep = { kind: 'upload'; file: File } | { kind: 'delete' } | { kind: 'none' };

export interface SavePlan {
  /** Create (no record yet), update (its fields changed) or leave the item alone. */
  item: 'create' | 'update' | 'none';
  document: DocumentStep;
}

/**
 * SPEC §4 news save: 'Save creates or updates the item only if the form
 * changed. Then the document is uploaded if a new file was chosen, or deleted
 * if the document name was cleared.'
 */
export function savePlan(record: Partial<NewsItem> | undefined, values: Record<string, unknown>): SavePlan {
  const item = !record?.id
    ? 'create'
    : ITEM_FIELDS.some((field) => !same(record[field as keyof NewsItem], values[field]))
      ? 'update'
      : 'none';
  const file = values.documentFile;
  let document: DocumentStep = { kind: 'none' };
  if (file instanceof File) document = { kind: 'upload', file };
  else if (record?.hasDocument && !values.documentName) document = { kind: 'delete' };
  return { item, document };
}

/** A chosen file the browser may send: a PDF by name or type, within the size limit (the server checks the content). */
export function checkChosenFile(file: { name: string; type: string; size: number }, maxBytes: number): 'ok' | 'notPdf' | 'tooLarge' {
  if (!/\.pdf$/i.test(file.name) && file.type !== 'application/pdf') return 'notPdf';
  if (file.size > maxBytes) return 'tooLarge';
  return 'ok';
}
