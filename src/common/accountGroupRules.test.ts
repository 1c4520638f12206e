import { describe, expect, it } from 'vitest';
import type { AccountGroupSettingsInput } from '../../schemas/accountGroup.js';
import { changedGroupFields, DEALER_EDITABLE, groupSettingsProblems, normaliseGroupSettings, STAFF_ONLY } from './accountGroupRules.js';

const office = { country: 'US' as const, line1: ' 200 W Madison St ', city: 'Chicago', state: 'il', postalCode: '606061234' };
const valid: AccountGroupSettingsInput = {
  timeZone: 'America/Chicago',
  contactPhone: '(312) 555-0110',
  contactEmail: ' Office@Northwind.example.com ',
  billingPhone: '',
  billingEmail: null,
  officeAddress: office,
  mailingAddress: null,
};

describe('who changes what', () => {
  it('leaves the contract and sign-in fields to staff, the rest to the dealer, none in both', () => {
    expect(STAFF_ONLY).toEqual(expect.arrayContaining(['dealerNumber', 'allowedDealers', 'ssoProviders']));
    expect(DEALER_EDITABLE).toEqual(expect.arrayContaining(['contactPhone', 'officeAddress', 'timeZone']));
    expect(DEALER_EDITABLE.some((f) => (STAFF_ONLY as readonly string[]).includes(f))).toBe(false);
  });
});

describe('groupSettingsProblems', () => {
  it('accepts a full change, and empty optional fields', () => {
    expect(groupSettingsProblems(valid)).toEqual({});
    expect(groupSettingsProblems({ ...valid, contactPhone: null, contactEmail: '', officeAddress: null })).toEqual({});
  });
  it('refuses an unknown time zone and an offset', () => {
    expect(groupSettingsProblems({ ...valid, timeZone: 'Mars/Olympus' })).toEqual({ timeZone: 'accountGroup.errors.timeZone' });
    expect(groupSettingsProblems({ ...valid, timeZone: '+01:00' })).toEqual({ timeZone: 'accountGroup.errors.timeZone' });
  });
  it('checks phones in the office country', () => {
    expect(groupSettingsProblems({ ...valid, contactPhone: '555' })).toEqual({ contactPhone: 'accountEdits.phone.tooShort' });
    expect(groupSettingsProblems({ ...valid, billingPhone: 'call us' })).toHaveProperty('billingPhone');
  });
  it('checks each address by its country, field by field', () => {
    const problems = groupSettingsProblems({
      ...valid,
      officeAddress: { ...office, state: 'ZZ' },
      mailingAddress: { country: 'CA', line1: 'PO Box 12', city: 'Toronto', state: 'ON', postalCode: '12345' },
    });
    expect(Object.keys(problems).sort()).toEqual(['mailingAddress.postalCode', 'officeAddress.state']);
  });
});

describe('normaliseGroupSettings', () => {
  it('stores phones in E.164, emails in lower case, blanks as null and tidy addresses', () => {
    expect(normaliseGroupSettings(valid)).toEqual({
      timeZone: 'America/Chicago',
      contactPhone: '+13125550110',
      contactEmail: 'office@northwind.example.com',
      billingPhone: null,
      billingEmail: null,
      officeAddress: { country: 'US', line1: '200 W Madison St', city: 'Chicago', state: 'IL', postalCode: '60606-1234' },
      mailingAddress: null,
    });
  });
});

describe('changedGroupFields', () => {
  it('names the fields whose stored form changes, whatever the key order of an address', () => {
    const stored = normaliseGroupSettings(valid);
    const reordered = {
      ...stored,
      officeAddress: { postalCode: '60606-1234', state: 'IL', city: 'Chicago', line1: '200 W Madison St', country: 'US' as const },
    };
    expect(changedGroupFields(reordered, valid)).toEqual([]);
    expect(changedGroupFields(stored, { ...valid, timeZone: 'America/New_York', contactEmail: null })).toEqual([
      'contactEmail',
      'timeZone',
    ]);
  });
});
