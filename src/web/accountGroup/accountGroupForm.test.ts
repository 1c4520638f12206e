import { describe, expect, it } from 'vitest';
import type { AccountGroupSettings } from '../../../schemas/accountGroup.js';
import { timeZoneChoices, toForm, toInput } from './accountGroupForm.js';

const group: AccountGroupSettings = {
  siteGroupNum: 9993,
  siteGroupName: 'Northwind Security',
  dealerNumber: '9993',
  teamDomain: 'northwind',
  allowedDealers: ['9993'],
  ssoProviders: ['Okta'],
  hasAnsweringService: true,
  updatedAt: null,
  branding: { headerLogoUrl: null, darkHeaderLogoUrl: null },
  timeZone: 'America/Chicago',
  contactPhone: '+13125550110',
  contactEmail: null,
  billingPhone: null,
  billingEmail: 'billing@northwind.example.com',
  officeAddress: { country: 'US', line1: '200 W Madison St', city: 'Chicago', state: 'IL', postalCode: '60606' },
  mailingAddress: null,
};

describe('the account group form', () => {
  it('shows phones in the national format, blanks for none, and mailing as the office when none', () => {
    const form = toForm(group);
    expect(form).toMatchObject({ contactPhone: '(312) 555-0110', contactEmail: '', billingPhone: '', mailingSameAsOffice: true });
    expect(form.office).toEqual({ country: 'US', line1: '200 W Madison St', line2: '', city: 'Chicago', state: 'IL', postalCode: '60606' });
    expect(form.mailing).toMatchObject({ country: 'US', line1: '' });
  });
  it('sends blanks as null, an all-blank address as none, and no mailing address while it is the office', () => {
    const form = toForm({ ...group, officeAddress: null });
    expect(toInput(form)).toEqual({
      timeZone: 'America/Chicago',
      contactPhone: '(312) 555-0110',
      contactEmail: null,
      billingPhone: null,
      billingEmail: 'billing@northwind.example.com',
      officeAddress: null,
      mailingAddress: null,
    });
    const mailing = {
      ...form,
      mailingSameAsOffice: false,
      mailing: { ...form.mailing, line1: ' PO Box 9 ', city: 'Chicago', state: 'IL', postalCode: '60690' },
    };
    expect(toInput(mailing).mailingAddress).toEqual({
      country: 'US',
      line1: 'PO Box 9',
      city: 'Chicago',
      state: 'IL',
      postalCode: '60690',
    });
  });
  it('offers the country’s zones, keeping a current zone from elsewhere', () => {
    expect(timeZoneChoices('US', 'America/Chicago')).toContain('America/New_York');
    expect(timeZoneChoices('US', 'Europe/Paris')[0]).toBe('Europe/Paris');
  });
});
