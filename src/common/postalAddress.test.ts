import { describe, expect, it } from 'vitest';
import {
  addressLabels,
  addressProblems,
  defaultTimeZone,
  isTimeZoneOf,
  normalisePostalCode,
  postalCodeProblem,
  regionsOf,
  requiredAddressFields,
  timeZonesFor,
} from './postalAddress.js';

const address = { country: 'US', line1: '1 Main St', line2: '', city: 'Chicago', state: 'IL', postalCode: '60601' };

describe('postal codes', () => {
  it('US: 12345 or 12345-6789; nine digits get their dash', () => {
    expect(postalCodeProblem('US', '60601')).toBeUndefined();
    expect(postalCodeProblem('US', '60601-1234')).toBeUndefined();
    expect(normalisePostalCode('US', ' 606011234 ')).toBe('60601-1234');
    expect(normalisePostalCode('US', '60601 - 1234')).toBe('60601-1234');
    expect(postalCodeProblem('US', '6060')).toBe('siteCreate.errors.postalCode.US');
    expect(postalCodeProblem('US', 'K1A 0B1')).toBe('siteCreate.errors.postalCode.US');
  });

  it('CA: A1A 1A1, upper case with one space, letters Canada Post never uses refused', () => {
    expect(normalisePostalCode('CA', 'k1a0b1')).toBe('K1A 0B1');
    expect(normalisePostalCode('CA', ' k1a   0b1')).toBe('K1A 0B1');
    expect(postalCodeProblem('CA', 'k1a0b1')).toBeUndefined();
    expect(postalCodeProblem('CA', 'D1A 0B1')).toBe('siteCreate.errors.postalCode.CA');
    expect(postalCodeProblem('CA', '12345')).toBe('siteCreate.errors.postalCode.CA');
  });

  it('MX: five digits', () => {
    expect(postalCodeProblem('MX', '06600')).toBeUndefined();
    expect(postalCodeProblem('MX', '6600')).toBe('siteCreate.errors.postalCode.MX');
  });

  it('empty is required', () => {
    expect(postalCodeProblem('US', '  ')).toBe('validation.required');
  });
});

describe('regions, labels and required fields', () => {
  it('lists each country’s states or provinces by code', () => {
    expect(regionsOf('US').map((r) => r.code)).toContain('IL');
    expect(regionsOf('US')).toHaveLength(52);
    expect(regionsOf('CA').map((r) => r.code)).toEqual(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);
    expect(regionsOf('MX')).toHaveLength(32);
    expect(regionsOf('FR')).toEqual([]);
  });

  it('says State and ZIP code in the US, Province and Postal code in Canada', () => {
    expect(addressLabels('US')).toEqual({ state: 'siteCreate.fields.state', postalCode: 'siteCreate.fields.zip' });
    expect(addressLabels('CA')).toEqual({ state: 'siteCreate.fields.province', postalCode: 'siteCreate.fields.postalCode' });
  });

  it('requires line 1, city, state and postal code, never line 2', () => {
    expect(requiredAddressFields('US')).toEqual(['line1', 'city', 'state', 'postalCode']);
    expect(requiredAddressFields('CA')).not.toContain('line2');
  });
});

describe('addressProblems', () => {
  it('finds nothing wrong with a good address', () => {
    expect(addressProblems(address)).toEqual({});
  });

  it('names each missing field, a state of another country and a bad postal code', () => {
    expect(addressProblems({ ...address, city: ' ', state: 'ON', postalCode: '606' })).toEqual({
      city: 'validation.required',
      state: 'siteCreate.errors.state',
      postalCode: 'siteCreate.errors.postalCode.US',
    });
  });

  it('refuses an unknown country', () => {
    expect(addressProblems({ ...address, country: 'FR' })).toEqual({ country: 'siteCreate.errors.country' });
  });
});

describe('time zones', () => {
  it('defaults from the state', () => {
    expect(defaultTimeZone('US', 'IL')).toBe('America/Chicago');
    expect(defaultTimeZone('US', 'AZ')).toBe('America/Phoenix');
    expect(defaultTimeZone('CA', 'QC')).toBe('America/Toronto');
    expect(defaultTimeZone('MX', 'ROO')).toBe('America/Cancun');
    expect(defaultTimeZone('US', '')).toBe('America/Chicago');
  });

  it('offers the zones of the country only, its regions’ first', () => {
    const us = timeZonesFor('US');
    expect(us.slice(0, 3)).toEqual(['America/Chicago', 'America/Anchorage', 'America/Phoenix']);
    expect(new Set(us).size).toBe(us.length);
    expect(us).toContain('Pacific/Honolulu');
    expect(us).not.toContain('America/Toronto');
    expect(isTimeZoneOf('CA', 'America/Toronto')).toBe(true);
    expect(isTimeZoneOf('CA', 'America/Chicago')).toBe(false);
    expect(isTimeZoneOf('US', 'Europe/Paris')).toBe(false);
  });
});
