import { describe, expect, it } from 'vitest';
import { SEARCH_FOLD_FROM, SEARCH_FOLD_TO } from '../db/migrations/0005_site_search.js';
import { escapeLike } from '../db/listing.js';
import { findMatch, foldSearchText, phoneMatch, searchPlan, type SearchableSite } from './siteSearch.js';

const site: SearchableSite = {
  siteNum: 100231,
  siteName: 'Société José Bakery',
  addressLine1: '12 Rue Élysée',
  addressLine2: null,
  city: 'Montréal',
  postalCode: 'H2X 1Y4',
  phoneNumber: '(555) 123-4567',
  devices: [
    { devNum: 500100, transmitterCode: 'AB500100' },
    { devNum: 500231, transmitterCode: 'CD500231' },
  ],
  contacts: [{ name: 'Zoë Ångström', phoneNumber: '555.987.6543' }],
  premisePhones: ['+1 555 246 8100'],
};
const match = (q: string) => findMatch(site, searchPlan(q)!);

describe('foldSearchText', () => {
  it('maps case and accents one character for one, as the SQL search_fold does', () => {
    expect(SEARCH_FOLD_FROM.length).toBe(SEARCH_FOLD_TO.length);
    expect(foldSearchText('Société JOSÉ Ångström Łódź')).toBe('societe jose angstrom lodz');
    const text = `${SEARCH_FOLD_FROM}ß Ω 😀`;
    expect(foldSearchText(text)).toHaveLength(text.length);
  });
});

describe('searchPlan', () => {
  it('folds and trims the text; numbers, transmitter codes and phone digits when the text looks like one', () => {
    expect(searchPlan('  ')).toBeUndefined();
    expect(searchPlan(undefined)).toBeUndefined();
    expect(searchPlan(' José  Bakery ')).toEqual({ text: 'jose bakery', substring: true });
    expect(searchPlan('ab')).toEqual({ text: 'ab', substring: false, xmit: 'AB' });
    expect(searchPlan('500231')).toEqual({ text: '500231', substring: true, digits: '500231', number: 500231, xmit: '500231' });
    expect(searchPlan('(555) 123-45')).toEqual({ text: '(555) 123-45', substring: true, digits: '55512345' });
    expect(searchPlan('99999999999')?.number).toBeUndefined();
    expect(searchPlan('a\u0000b\nc')?.text).toBe('a b c');
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
  });
});

describe('findMatch', () => {
  it('names an equal site number, device number or transmitter code first, with the device matched', () => {
    expect(match('100231')).toEqual({ match: { field: 'siteNum', value: '100231', start: 0, end: 6 }, device: site.devices[0] });
    expect(match('500231')).toEqual({ match: { field: 'devNum', value: '500231', start: 0, end: 6 }, device: site.devices[1] });
    expect(match('cd500231')).toEqual({ match: { field: 'xmit', value: 'CD500231', start: 0, end: 8 }, device: site.devices[1] });
  });

  it('then the name, address, city, postal code, phones, contacts, transmitters and numbers', () => {
    expect(match('jose').match).toEqual({ field: 'name', value: 'Société José Bakery', start: 8, end: 12 });
    expect(match('elysee').match).toEqual({ field: 'address', value: '12 Rue Élysée', start: 7, end: 13 });
    expect(match('montréal').match).toEqual({ field: 'city', value: 'Montréal', start: 0, end: 8 });
    expect(match('x 1y').match).toEqual({ field: 'postalCode', value: 'H2X 1Y4', start: 2, end: 6 });
    expect(match('987-654').match).toEqual({ field: 'phone', value: '555.987.6543', start: 4, end: 11 });
    expect(match('8100').match).toEqual({ field: 'phone', value: '+1 555 246 8100', start: 11, end: 15 });
    expect(match('ANGS').match).toEqual({ field: 'contact', value: 'Zoë Ångström', start: 4, end: 8 });
    const xmit = match('d5002');
    expect(xmit).toEqual({ match: { field: 'xmit', value: 'CD500231', start: 1, end: 6 }, device: site.devices[1] });
    expect(match('1002').match).toEqual({ field: 'siteNum', value: '100231', start: 0, end: 4 });
    expect(match('0010').match).toEqual({ field: 'xmit', value: 'AB500100', start: 3, end: 7 });
  });

  it('matches a name prefix only for a short text, and answers null when nothing matches', () => {
    expect(match('so').match).toEqual({ field: 'name', value: 'Société José Bakery', start: 0, end: 2 });
    expect(match('jo')).toEqual({ match: null, device: site.devices[0] });
    expect(match('nowhere')).toEqual({ match: null, device: site.devices[0] });
  });
});

describe('phoneMatch', () => {
  it('covers the digits matched in the formatted value', () => {
    expect(phoneMatch('(555) 123-4567', '55512345')).toEqual({ field: 'phone', value: '(555) 123-4567', start: 1, end: 12 });
    expect(phoneMatch('(555) 123-4567', '999')).toBeUndefined();
    expect(phoneMatch(null, '555')).toBeUndefined();
  });
});
