import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseGroupColumn, templateColumns } from './columns.js';
import {
  foldHeader,
  headerMatcher,
  lacksHeaderRow,
  mappingProblems,
  missingColumns,
  suggestMapping,
  type ColumnLabels,
} from './headers.js';

const labels = (lang: string) =>
  (JSON.parse(readFileSync(new URL(`../../../locales/${lang}/siteImport.json`, import.meta.url), 'utf8')) as { columns: ColumnLabels })
    .columns;
const matcher = headerMatcher(['en', 'es', 'fr'].map(labels));

describe('import header matching', () => {
  it('folds case, accents, spaces and punctuation', () => {
    expect(foldHeader(' Código  Postal ')).toBe('codigopostal');
    expect(foldHeader('Contact 1 – Phone')).toBe('contact1phone');
    expect(foldHeader('État')).toBe('etat');
  });

  it("matches every template column by the template's own name", () => {
    for (const column of templateColumns()) expect(matcher.match(column)).toBe(column);
  });

  it('matches common other spellings', () => {
    expect(matcher.match('ZIP')).toBe('postalCode');
    expect(matcher.match('Zip Code')).toBe('postalCode');
    expect(matcher.match('Account Name')).toBe('siteName');
    expect(matcher.match('Street Address')).toBe('addressLine1');
    expect(matcher.match('Province')).toBe('state');
    expect(matcher.match('Contact 2 Phone')).toBe('contact2Phone');
    expect(matcher.match('Contact Phone 2')).toBe('contact2Phone');
    expect(matcher.match('Keyholder 3 Mobile')).toBe('contact3Phone');
    expect(matcher.match('Panel 1 Transmitter')).toBe('device1TransmitterCode');
    expect(matcher.match('Zone 12 Type')).toBe('zone12EventType');
    expect(matcher.match('Password 1')).toBeNull();
  });

  it('matches the Spanish and French column names', () => {
    expect(matcher.match('Nombre de la cuenta')).toBe('siteName');
    expect(matcher.match('Código postal')).toBe('postalCode');
    expect(matcher.match('Contacto 2 teléfono')).toBe('contact2Phone');
    expect(matcher.match('Dispositivo 1 código del transmisor')).toBe('device1TransmitterCode');
    expect(matcher.match('Nom du compte')).toBe('siteName');
    expect(matcher.match("Zone 3 type d'événement")).toBe('zone3EventType');
    expect(matcher.match("Code d'accès 2 valeur")).toBe('passcode2Value');
  });

  it('refuses numbers beyond a group limit and unknown names', () => {
    expect(matcher.match('contact21Name')).toBeNull();
    expect(matcher.match('device9TransmitterCode')).toBeNull();
    expect(matcher.match('Favourite colour')).toBeNull();
    expect(matcher.match('')).toBeNull();
    expect(parseGroupColumn('contact0Name')).toBeUndefined();
  });

  it('suggests each column once, names repeated headers and the required columns left out', () => {
    const suggestion = suggestMapping(['Account name', 'Name', 'ZIP', 'zip', 'Notes'], matcher);
    expect(suggestion.mapping).toEqual(['siteName', null, 'postalCode', null, null]);
    expect(suggestion.repeated).toEqual([{ header: 'ZIP', columns: [2, 3] }]);
    expect(missingColumns(suggestion.mapping)).toEqual(['country', 'addressLine1', 'city', 'state', 'device1TransmitterCode']);
  });

  it('finds unknown columns and a column mapped twice', () => {
    expect(mappingProblems(['siteName', 'siteName', 'colour', null])).toEqual({
      1: 'siteImport.errors.columnTwice',
      2: 'siteImport.errors.unknownColumn',
    });
  });
});

describe('a file without a header row', () => {
  it('is one whose first row names no column and holds a value', () => {
    const first = ['Okafor Residence', '12 Elm Street', '60201', 'C001234'];
    expect(lacksHeaderRow(first, suggestMapping(first, matcher).mapping)).toBe(true);
    const names = ['Customer', 'Street', 'Notes'];
    expect(lacksHeaderRow(names, suggestMapping(names, matcher).mapping)).toBe(false);
    const unknown = ['Colour', 'Shape'];
    expect(lacksHeaderRow(unknown, suggestMapping(unknown, matcher).mapping)).toBe(false);
  });
});
