import { SITE_CREATE_LIMITS } from '../../../schemas/siteCreate.js';

/**
 * The columns of an account import (one row per account): the template's names, which are
 * also the keys a mapping, a row's values and its per-cell errors use. The account and its
 * address are one column each; devices, contacts (in call-list order), zones and passcodes are
 * repeated groups numbered from 1 (`contact1Name`, `contact1Phone`, `contact2Name`, …).
 */
export const IMPORT_LIMITS = {
  /** The largest file, in bytes. */
  maxBytes: 50 * 1024 * 1024,
  /** The most accounts (data rows) one file may hold. */
  maxRows: 20_000,
  /** The most columns a header row may have. */
  maxColumns: 1_000,
  /** The longest cell, in characters. */
  maxCellLength: 1_000,
} as const;

/** The account's own columns, in template order. */
export const ACCOUNT_COLUMNS = [
  'siteName',
  'siteType',
  'timeZone',
  'country',
  'addressLine1',
  'addressLine2',
  'city',
  'state',
  'postalCode',
  'premisePhone',
] as const;

/** The repeated groups: their fields, how many a row may hold, and how many the template shows. */
export const COLUMN_GROUPS = {
  device: { fields: ['TransmitterCode', 'PanelType', 'Description'], max: SITE_CREATE_LIMITS.devices, template: 2 },
  contact: { fields: ['Name', 'Relation', 'Phone', 'Email', 'Verifies', 'HasKey'], max: SITE_CREATE_LIMITS.contacts, template: 3 },
  zone: { fields: ['Device', 'Number', 'Description', 'EventType'], max: SITE_CREATE_LIMITS.zones, template: 8 },
  passcode: { fields: ['Name', 'Value', 'Duress'], max: SITE_CREATE_LIMITS.passcodes, template: 2 },
} as const;
export type ColumnGroup = keyof typeof COLUMN_GROUPS;
export const GROUP_NAMES = Object.keys(COLUMN_GROUPS) as ColumnGroup[];

/** Columns a file must map: without them no row can be an account. */
export const REQUIRED_COLUMNS = ['siteName', 'country', 'addressLine1', 'city', 'state', 'postalCode', 'device1TransmitterCode'] as const;

/** A column of a repeated group, parsed: `contact2Phone` is group contact, n 2, field Phone. */
export interface GroupColumn {
  group: ColumnGroup;
  n: number;
  field: string;
}

const GROUP_PATTERN = new RegExp(`^(${GROUP_NAMES.join('|')})(\\d{1,3})([A-Z][A-Za-z]*)$`);

/** Columns parsed so far: an import asks for each column of each row; the names are the import's own columns. */
const PARSED = new Map<string, GroupColumn | undefined>();
const PARSED_MAX = 10_000;

/** The group, number and field of a repeated column; undefined for an account column or an unknown name. */
export function parseGroupColumn(column: string): GroupColumn | undefined {
  if (PARSED.has(column)) return PARSED.get(column);
  const parsed = parse(column);
  if (PARSED.size < PARSED_MAX) PARSED.set(column, parsed && Object.freeze(parsed));
  return parsed;
}

function parse(column: string): GroupColumn | undefined {
  const match = GROUP_PATTERN.exec(column);
  if (!match) return undefined;
  const group = match[1] as ColumnGroup;
  const n = Number(match[2]);
  const spec = COLUMN_GROUPS[group];
  if (n < 1 || n > spec.max || !(spec.fields as readonly string[]).includes(match[3])) return undefined;
  return { group, n, field: match[3] };
}

/** Whether a name is a column of the import (an account column, or a group's within its limit). */
export function isImportColumn(column: string): boolean {
  return (ACCOUNT_COLUMNS as readonly string[]).includes(column) || parseGroupColumn(column) !== undefined;
}

/** The template's columns, in order: the account's, then each group's first `template` members. */
export function templateColumns(): string[] {
  const columns: string[] = [...ACCOUNT_COLUMNS];
  for (const group of GROUP_NAMES) {
    const spec = COLUMN_GROUPS[group];
    for (let n = 1; n <= spec.template; n++) for (const field of spec.fields) columns.push(`${group}${n}${field}`);
  }
  return columns;
}

/** The locale key of a column's name (`siteImport.columns.<key>`): account columns by name, group columns by group and field. */
export function columnLabelKey(column: string): { key: string; n?: number } {
  const parsed = parseGroupColumn(column);
  return parsed ? { key: `siteImport.columns.${parsed.group}${parsed.field}`, n: parsed.n } : { key: `siteImport.columns.${column}` };
}
