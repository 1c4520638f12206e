import type { SiteCreate } from '../../../schemas/siteCreate.js';
import { SITE_COUNTRIES } from '../../../schemas/siteCreate.js';
import { SITE_TYPES, type SiteWarning } from '../../../schemas/sites.js';
import { ZONE_EVENT_TYPES } from '../../../schemas/zones.js';
import { newSiteProblems, normaliseNewSite } from '../siteCreateRules.js';
import { defaultTimeZone, regionsOf } from '../postalAddress.js';
import { siteWarnings } from '../siteWarnings.js';
import { normaliseTransmitter } from '../transmitter.js';
import { COLUMN_GROUPS, IMPORT_LIMITS, parseGroupColumn, type ColumnGroup } from './columns.js';
import { foldHeader } from './headers.js';

/**
 * One row of an import as the create-account wizard's payload (schemas/siteCreate.ts), and its
 * check by the wizard's own rules: the schema (the caller's validator: ajv on the server), then
 * src/common/siteCreateRules.ts. Every problem is put on the cell it comes from, as a locale key.
 */

/** A row's values by import column (texts as read from the file). */
export type RowValues = Record<string, string>;

/** A problem of one cell: a locale key and its arguments. */
export interface CellError {
  key: string;
  args?: Record<string, string | number>;
}
/** A row's problems by import column. */
export type CellErrors = Record<string, CellError>;

/** The row's values by mapping: file cells by position to import columns (trimmed; blank cells left out). */
export function valuesOf(cells: readonly string[], mapping: readonly (string | null)[]): RowValues {
  const values: RowValues = {};
  mapping.forEach((column, i) => {
    const value = (cells[i] ?? '').trim();
    if (column && value) values[column] = value;
  });
  return values;
}

const TRUE_WORDS = new Set(['yes', 'y', 'true', '1', 'x', 'si', 'oui', 'o', 'vrai', 'verdadero']);
const FALSE_WORDS = new Set(['no', 'n', 'false', '0', 'non', 'faux', 'falso']);

/** Countries as dealers write them (folded), beyond their codes. */
const COUNTRY_NAMES: Record<string, (typeof SITE_COUNTRIES)[number]> = {
  usa: 'US',
  unitedstates: 'US',
  unitedstatesofamerica: 'US',
  estadosunidos: 'US',
  etatsunis: 'US',
  can: 'CA',
  canada: 'CA',
  canade: 'CA',
  mex: 'MX',
  mexico: 'MX',
  mexique: 'MX',
};

/** Event types in the three languages (folded, first letters), beyond their codes. */
const EVENT_WORDS: [string, (typeof ZONE_EVENT_TYPES)[number]][] = [
  ['burg', 'Burglary'],
  ['intru', 'Burglary'],
  ['robo', 'Burglary'],
  ['fire', 'Fire'],
  ['incend', 'Fire'],
  ['feu', 'Fire'],
  ['pani', 'Panic'],
  ['medic', 'Medical'],
  ['super', 'Supervisory'],
  ['troub', 'Trouble'],
  ['falla', 'Trouble'],
  ['averi', 'Trouble'],
  ['panne', 'Trouble'],
  ['defau', 'Trouble'],
  ['proble', 'Trouble'],
];

/** Site types by their first letters, the same in English, Spanish and French. */
const SITE_TYPE_STEMS: [string, (typeof SITE_TYPES)[number]][] = [
  ['resid', 'residential'],
  ['comm', 'commercial'],
  ['comer', 'commercial'],
  ['indus', 'industrial'],
  ['insti', 'institutional'],
];

function countryOf(value: string): string {
  const folded = foldHeader(value);
  const code = value.trim().toUpperCase();
  return (SITE_COUNTRIES as readonly string[]).includes(code) ? code : (COUNTRY_NAMES[folded] ?? code);
}

/** A state as its code: the code itself (any case), or the region's name. */
function stateOf(country: string, value: string): string {
  const regions = regionsOf(country);
  const code = value.trim().toUpperCase();
  if (regions.some((r) => r.code === code)) return code;
  const folded = foldHeader(value);
  return regions.find((r) => foldHeader(r.name) === folded)?.code ?? code;
}

/** The row as the wizard's payload, where each payload field came from, and the cells that could not be read. */
export interface MappedRow {
  site: SiteCreate;
  /** The import column of a payload path ('contacts.1.phoneNumber' → 'contact2Phone'). */
  columnOf(path: string): string;
  /** Cells whose text is not a value of their column (a yes/no, a number, a type). */
  problems: CellErrors;
}

/**
 * The numbers of each group present in the row (any of its cells filled), in order. One pass
 * over the row's columns, without an entry array per column: this runs for every row of a file
 * of thousands, and the garbage it made was about a fifth of what the preview allocated.
 */
function membersOf(values: RowValues): Record<ColumnGroup, number[]> {
  const found: Record<ColumnGroup, number[]> = { device: [], contact: [], zone: [], passcode: [] };
  for (const column in values) {
    const parsed = parseGroupColumn(column);
    if (!parsed || !values[column].trim()) continue;
    const numbers = found[parsed.group];
    if (!numbers.includes(parsed.n)) numbers.push(parsed.n);
  }
  for (const numbers of Object.values(found)) numbers.sort((a, b) => a - b);
  return found;
}

const PAYLOAD_FIELDS: Record<ColumnGroup, Record<string, string>> = {
  device: { transmitterCode: 'TransmitterCode', panelType: 'PanelType', description: 'Description' },
  contact: { name: 'Name', relation: 'Relation', phoneNumber: 'Phone', email: 'Email', verifies: 'Verifies', hasKey: 'HasKey' },
  zone: { device: 'Device', zoneNum: 'Number', description: 'Description', eventType: 'EventType' },
  passcode: { name: 'Name', passcode: 'Value', isDuress: 'Duress' },
};
const PAYLOAD_ARRAYS: Record<string, ColumnGroup> = { devices: 'device', contacts: 'contact', zones: 'zone', passcodes: 'passcode' };
const ACCOUNT_PATHS: Record<string, string> = {
  'account.siteName': 'siteName',
  'account.siteType': 'siteType',
  'account.timeZone': 'timeZone',
  'address.country': 'country',
  'address.line1': 'addressLine1',
  'address.line2': 'addressLine2',
  'address.city': 'city',
  'address.state': 'state',
  'address.postalCode': 'postalCode',
  'address.phoneNumber': 'premisePhone',
};

/** Maps a row's values to the wizard's payload. */
export function mapRow(values: RowValues): MappedRow {
  const problems: CellErrors = {};
  const text = (column: string) => values[column] ?? '';
  const flag = (column: string): boolean | undefined => {
    const value = values[column];
    if (value === undefined) return undefined;
    const folded = foldHeader(value);
    if (TRUE_WORDS.has(folded)) return true;
    if (FALSE_WORDS.has(folded)) return false;
    problems[column] = { key: 'siteImport.errors.yesNo' };
    return undefined;
  };
  const whole = (column: string, fallback: number): number => {
    const value = values[column];
    if (value === undefined) return fallback;
    if (/^\d{1,6}(\.0+)?$/.test(value)) return Number.parseInt(value, 10);
    problems[column] = { key: 'siteImport.errors.wholeNumber' };
    return fallback;
  };

  const country = countryOf(text('country'));
  const state = stateOf(country, text('state'));
  const rawType = foldHeader(text('siteType'));
  const siteType = rawType ? SITE_TYPE_STEMS.find(([stem]) => rawType.startsWith(stem))?.[1] : 'residential';
  if (!siteType) problems.siteType = { key: 'siteImport.errors.siteType', args: { options: SITE_TYPES.join(', ') } };

  const numbersOf = membersOf(values);
  const deviceIndex = new Map(numbersOf.device.map((n, i) => [n, i]));

  const site: SiteCreate = {
    account: {
      siteName: text('siteName'),
      siteType: siteType ?? 'residential',
      timeZone: text('timeZone') || defaultTimeZone(country, state) || '',
    },
    address: {
      country: country as SiteCreate['address']['country'],
      line1: text('addressLine1'),
      line2: text('addressLine2'),
      city: text('city'),
      state,
      postalCode: text('postalCode'),
      phoneNumber: text('premisePhone'),
    },
    devices: numbersOf.device.map((n) => ({
      transmitterCode: text(`device${n}TransmitterCode`),
      panelType: text(`device${n}PanelType`),
      description: text(`device${n}Description`),
    })),
    contacts: numbersOf.contact.map((n) => {
      const verifies = flag(`contact${n}Verifies`);
      const hasKey = flag(`contact${n}HasKey`);
      return {
        name: text(`contact${n}Name`),
        relation: text(`contact${n}Relation`),
        phoneNumber: text(`contact${n}Phone`),
        email: text(`contact${n}Email`),
        ...(verifies !== undefined && { verifies }),
        ...(hasKey !== undefined && { hasKey }),
      };
    }),
    zones: numbersOf.zone.map((n) => {
      const deviceNumber = whole(`zone${n}Device`, numbersOf.device[0] ?? 1);
      const device = deviceIndex.get(deviceNumber);
      if (device === undefined && !problems[`zone${n}Device`])
        problems[`zone${n}Device`] = { key: 'siteImport.errors.zoneDevice', args: { n: deviceNumber } };
      const eventText = foldHeader(text(`zone${n}EventType`));
      const eventType =
        ZONE_EVENT_TYPES.find((t) => t.toLowerCase() === eventText) ?? EVENT_WORDS.find(([stem]) => eventText.startsWith(stem))?.[1];
      if (eventText && !eventType)
        problems[`zone${n}EventType`] = { key: 'siteImport.errors.eventType', args: { options: ZONE_EVENT_TYPES.join(', ') } };
      return {
        device: device ?? 0,
        zoneNum: whole(`zone${n}Number`, 0),
        description: text(`zone${n}Description`),
        eventType: eventType ?? (eventText ? 'Burglary' : ('' as 'Burglary')),
      };
    }),
    passcodes: numbersOf.passcode.map((n) => {
      const isDuress = flag(`passcode${n}Duress`);
      return { name: text(`passcode${n}Name`), passcode: text(`passcode${n}Value`), ...(isDuress !== undefined && { isDuress }) };
    }),
  };

  const columnOf = (path: string): string => {
    const account = ACCOUNT_PATHS[path];
    if (account) return account;
    const [head, index, field] = path.split('.');
    if (head === 'account') return 'siteName';
    if (head === 'address') return 'addressLine1';
    const group = PAYLOAD_ARRAYS[head];
    if (!group) return 'siteName';
    const n = numbersOf[group][Number(index)] ?? 1;
    const name = PAYLOAD_FIELDS[group][field] ?? COLUMN_GROUPS[group].fields[0];
    return `${group}${n}${name}`;
  };
  return { site, columnOf, problems };
}

/** The schema's messages by payload path (the caller's validator; `root` for the payload itself). */
export type SchemaCheck = (site: SiteCreate) => Record<string, CellError>;

/** A row checked: its problems by cell, the completeness warnings of the account it would make, and that account. */
export interface CheckedRow {
  errors: CellErrors;
  warnings: SiteWarning[];
  /** The account as the wizard stores it (normalised); only when the row has no error. */
  site?: SiteCreate;
}

/**
 * Warnings every account imported or typed in the wizard has (neither takes agencies): left out
 * of a row's warnings so that a row is 'with warnings' only for what the file could have held.
 */
const ALWAYS: ReadonlySet<SiteWarning> = new Set(['noAgency']);

/** Checks one row with the schema and the wizard's rules; the first problem of a cell wins (reading before rules). */
export function checkRow(values: RowValues, schema: SchemaCheck): CheckedRow {
  const mapped = mapRow(values);
  const errors: CellErrors = { ...mapped.problems };
  const put = (path: string, error: CellError) => {
    const column = mapped.columnOf(path);
    if (!errors[column]) errors[column] = error;
  };
  for (const column in values)
    if (values[column].length > IMPORT_LIMITS.maxCellLength)
      errors[column] ??= { key: 'validation.maxLength', args: { max: IMPORT_LIMITS.maxCellLength } };
  if (mapped.site.devices.length === 0) errors.device1TransmitterCode ??= { key: 'validation.required' };
  for (const [path, error] of Object.entries(schema(mapped.site))) put(path === 'root' ? 'account.siteName' : path, error);
  for (const [path, key] of Object.entries(newSiteProblems(mapped.site))) put(path, { key });
  if (Object.keys(errors).length) return { errors, warnings: [] };
  const site = normaliseNewSite(mapped.site);
  const warnings = siteWarnings(
    {
      passcodes: site.passcodes,
      contacts: site.contacts.map((c) => ({ verifies: c.verifies ?? true, phoneNumber: c.phoneNumber || null })),
      agencies: [],
      premisePhones: site.address.phoneNumber ? [site.address.phoneNumber] : [],
    },
    '',
  ).filter((w) => !ALWAYS.has(w));
  return { errors, warnings, site };
}

/** The transmitter codes of a row's values, normalised, with their columns. */
export function transmittersOf(values: RowValues): { column: string; code: string }[] {
  const found: { column: string; code: string }[] = [];
  for (const column in values) {
    if (parseGroupColumn(column)?.field !== 'TransmitterCode') continue;
    const code = normaliseTransmitter(values[column]);
    if (code !== '') found.push({ column, code });
  }
  return found;
}

/**
 * Transmitter codes a row shares with an earlier row of the file: the cell of each later use
 * gets 'already in row N'. `rows` in file order; answers the problems of the rows that have any.
 */
export function fileDuplicates(rows: Iterable<{ rowNum: number; values: RowValues }>): Map<number, CellErrors> {
  const firstRow = new Map<string, number>();
  const found = new Map<number, CellErrors>();
  for (const { rowNum, values } of rows) {
    for (const { column, code } of transmittersOf(values)) {
      const first = firstRow.get(code);
      if (first === undefined) firstRow.set(code, rowNum);
      else if (first !== rowNum)
        found.set(rowNum, { ...found.get(rowNum), [column]: { key: 'siteImport.errors.transmitterInFile', args: { row: first } } });
    }
  }
  return found;
}
