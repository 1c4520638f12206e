import { ACCOUNT_COLUMNS, COLUMN_GROUPS, GROUP_NAMES, isImportColumn, REQUIRED_COLUMNS, type ColumnGroup } from './columns.js';

/**
 * Header matching: which import column each header of a file names. A header is compared
 * without case, accents, spaces or punctuation ('Contact 1 – Phone' is 'contact1phone'), with
 * the template's names, the common other spellings below and each language's column names
 * (locales/<lang>/siteImport.json `columns`, given by the caller: `%{n}` stands for the number).
 */

/** A header as compared: lower case, no accents, letters and digits only. */
export function foldHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** Other spellings of the account's columns (folded when used). */
const ACCOUNT_ALIASES: Record<(typeof ACCOUNT_COLUMNS)[number], string[]> = {
  siteName: ['account name', 'site name', 'name', 'customer name', 'customer', 'subscriber', 'subscriber name', 'account'],
  siteType: ['type', 'site type', 'account type', 'premises type', 'property type'],
  timeZone: ['time zone', 'tz'],
  country: ['country code', 'nation'],
  addressLine1: ['address', 'address 1', 'address line 1', 'street', 'street address', 'line 1'],
  addressLine2: ['address 2', 'address line 2', 'suite', 'apartment', 'apt', 'unit', 'line 2'],
  city: ['town', 'municipality', 'locality'],
  state: ['province', 'region', 'state province', 'st', 'state code'],
  postalCode: ['zip', 'zip code', 'postal', 'postcode', 'zipcode', 'postal zip'],
  premisePhone: ['phone', 'premise phone', 'premises phone', 'site phone', 'phone number', 'telephone'],
};

/** Other names of each group (the part before the number). */
const GROUP_ALIASES: Record<ColumnGroup, string[]> = {
  device: ['device', 'dev', 'panel'],
  contact: ['contact', 'keyholder', 'calllist'],
  zone: ['zone'],
  passcode: ['passcode', 'password', 'codeword'],
};

/** Other names of each group's fields (the part after or before the number). */
const FIELD_ALIASES: Record<ColumnGroup, Record<string, string[]>> = {
  device: {
    TransmitterCode: ['transmitter', 'transmittercode', 'transmitterid', 'txcode', 'txid', 'accountnumber', 'receiveraccount'],
    PanelType: ['type', 'model', 'panel', 'paneltype'],
    Description: ['desc', 'location'],
  },
  contact: {
    Name: ['fullname'],
    Relation: ['relationship'],
    Phone: ['phonenumber', 'telephone', 'tel', 'mobile', 'cell'],
    Email: ['mail', 'emailaddress'],
    Verifies: ['canverify', 'verify'],
    HasKey: ['key', 'keyholder'],
  },
  zone: {
    Device: ['dev', 'panel', 'devicenumber'],
    Number: ['num', 'no', 'zone', 'zonenumber'],
    Description: ['desc', 'name', 'location'],
    EventType: ['type', 'event', 'alarmtype'],
  },
  passcode: {
    Name: ['user', 'holder'],
    Value: ['passcode', 'code', 'password'],
    Duress: ['isduress'],
  },
};

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

interface GroupPattern {
  pattern: RegExp;
  group: ColumnGroup;
  field: string;
}

/** A column's name in one language (locales' `siteImport.columns`): account columns by name, group fields by group+field. */
export type ColumnLabels = Record<string, string>;

/** The matcher of a set of languages' column names: built once, used for every file. */
export interface HeaderMatcher {
  /** The import column a header names, or null. */
  match(header: string): string | null;
}

export function headerMatcher(languages: readonly ColumnLabels[] = []): HeaderMatcher {
  const exact = new Map<string, string>();
  const add = (alias: string, column: string) => {
    const folded = foldHeader(alias);
    if (folded && !exact.has(folded)) exact.set(folded, column);
  };
  for (const column of ACCOUNT_COLUMNS) add(column, column);
  for (const column of ACCOUNT_COLUMNS) for (const alias of ACCOUNT_ALIASES[column]) add(alias, column);

  const patterns: GroupPattern[] = [];
  for (const group of GROUP_NAMES) {
    const prefixes = [group, ...GROUP_ALIASES[group]].map(foldHeader);
    for (const field of COLUMN_GROUPS[group].fields) {
      const names = [field, ...(FIELD_ALIASES[group][field] ?? [])].map(foldHeader);
      for (const prefix of prefixes)
        for (const name of names) {
          patterns.push({ pattern: new RegExp(`^${escape(prefix)}(\\d{1,3})${escape(name)}$`), group, field });
          patterns.push({ pattern: new RegExp(`^${escape(prefix)}${escape(name)}(\\d{1,3})$`), group, field });
        }
    }
  }
  // Each language's names: the account's exactly, a group field's with its number where `%{n}` is.
  for (const labels of languages) {
    for (const column of ACCOUNT_COLUMNS) if (labels[column]) add(labels[column], column);
    for (const group of GROUP_NAMES)
      for (const field of COLUMN_GROUPS[group].fields) {
        const label = labels[`${group}${field}`];
        if (!label?.includes('%{n}')) continue;
        const [before, after] = label.split('%{n}').map(foldHeader);
        patterns.push({ pattern: new RegExp(`^${escape(before)}(\\d{1,3})${escape(after ?? '')}$`), group, field });
      }
  }

  return {
    match(header) {
      const folded = foldHeader(header);
      if (!folded) return null;
      const column = exact.get(folded);
      if (column) return column;
      for (const { pattern, group, field } of patterns) {
        const found = pattern.exec(folded);
        if (!found) continue;
        const candidate = `${group}${Number(found[1])}${field}`;
        if (isImportColumn(candidate)) return candidate;
      }
      return null;
    },
  };
}

/** The suggested mapping of a file's header row, and what the user should know about it. */
export interface MappingSuggestion {
  /** The import column of each file column, by position; null for a column left out. */
  mapping: (string | null)[];
  /** Headers that occur more than once (each position after the first is left out). */
  repeated: { header: string; columns: number[] }[];
}

/** Suggests a mapping: each header's column, a column taken once (by the first header that names it). */
export function suggestMapping(headers: readonly string[], matcher: HeaderMatcher): MappingSuggestion {
  const taken = new Set<string>();
  const byText = new Map<string, number[]>();
  const mapping = headers.map((header, i) => {
    const folded = foldHeader(header);
    if (folded) byText.set(folded, [...(byText.get(folded) ?? []), i]);
    const column = matcher.match(header);
    if (!column || taken.has(column)) return null;
    taken.add(column);
    return column;
  });
  const repeated = [...byText.values()]
    .filter((columns) => columns.length > 1)
    .map((columns) => ({ header: headers[columns[0]], columns }));
  return { mapping, repeated };
}

/** The required columns a mapping leaves out. */
export function missingColumns(mapping: readonly (string | null)[]): string[] {
  const mapped = new Set(mapping.filter((c): c is string => c !== null));
  return REQUIRED_COLUMNS.filter((column) => !mapped.has(column));
}

/** What is wrong with a mapping the user sent: an unknown column, or one column named twice (locale keys by file column). */
export function mappingProblems(mapping: readonly (string | null)[]): Record<number, string> {
  const problems: Record<number, string> = {};
  const seen = new Set<string>();
  mapping.forEach((column, i) => {
    if (column === null) return;
    if (!isImportColumn(column)) problems[i] = 'siteImport.errors.unknownColumn';
    else if (seen.has(column)) problems[i] = 'siteImport.errors.columnTwice';
    seen.add(column);
  });
  return problems;
}

/** A header that is a value rather than a name: a number, a phone number, an email address. */
const DATA_LIKE = /^[\d\s()+./-]+$|@/;

/**
 * Whether a file's first row is data rather than names: no header names a column of the
 * import and one of them looks like a value. Such a file has no header row.
 */
export function lacksHeaderRow(headers: readonly string[], mapping: readonly (string | null)[]): boolean {
  return mapping.every((c) => c === null) && headers.some((h) => h.trim() !== '' && DATA_LIKE.test(h.trim()));
}
