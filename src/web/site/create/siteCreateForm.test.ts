import { describe, expect, it } from 'vitest';
import {
  emptyValues,
  emptyZone,
  expectedWarnings,
  firstStepOf,
  stepOfField,
  stepProblems,
  toPayload,
  valuesFromDraft,
  type NewSiteValues,
} from './siteCreateForm.js';

function filled(): NewSiteValues {
  const values = emptyValues();
  values.account.siteName = 'Okafor Residence';
  values.address = { country: 'US', line1: '12 Elm St', line2: '', city: 'Denver', state: 'CO', postalCode: '80202', phoneNumber: '' };
  values.account.timeZone = 'America/Denver';
  values.devices = [{ transmitterCode: 'C12345', panelType: '', description: '' }];
  return values;
}

describe('the stepper values', () => {
  it('restores any stored draft into complete values, keeping what it holds', () => {
    expect(valuesFromDraft(null)).toEqual(emptyValues());
    const restored = valuesFromDraft({
      account: { siteName: 'Deli' },
      contacts: [{ name: 'Zoë', phoneNumber: 5551234, verifies: false }],
      zones: 'x',
    });
    expect(restored.account).toEqual({ siteName: 'Deli', siteType: 'residential', timeZone: 'America/Chicago' });
    expect(restored.contacts).toEqual([{ name: 'Zoë', relation: '', phoneNumber: '5551234', email: '', verifies: false, hasKey: false }]);
    expect(restored.zones).toEqual([]);
    expect(restored.devices).toHaveLength(1);
  });

  it('numbers typed as text become numbers in the payload', () => {
    const values = filled();
    values.zones = [{ device: '0', zoneNum: '12', description: 'Door', eventType: 'Burglary' }];
    expect(toPayload(values, 7).zones).toEqual([{ device: 0, zoneNum: 12, description: 'Door', eventType: 'Burglary' }]);
    expect(toPayload(values, 7).draftId).toBe(7);
    expect(toPayload(values)).not.toHaveProperty('draftId');
  });

  it('offers the next free zone number of a device', () => {
    expect(emptyZone({ zones: [] })).toMatchObject({ device: '0', zoneNum: '1' });
    expect(emptyZone({ zones: [{ device: '0', zoneNum: '4', description: '', eventType: 'Fire' }] }, '0').zoneNum).toBe('5');
    expect(emptyZone({ zones: [{ device: '0', zoneNum: '4', description: '', eventType: 'Fire' }] }, '1').zoneNum).toBe('1');
  });
});

describe('step validation', () => {
  it('checks only the fields of the step', async () => {
    const values = emptyValues();
    expect(await stepProblems('account', values)).toEqual({ 'account.siteName': { message: 'validation.required' } });
    expect(Object.keys(await stepProblems('address', values)).sort()).toEqual([
      'address.city',
      'address.line1',
      'address.postalCode',
      'address.state',
    ]);
    expect(await stepProblems('contacts', values)).toEqual({});
  });

  it('gives the rules’ messages: a postal code of the country, a phone, a zone number', async () => {
    const values = filled();
    values.address.postalCode = '8020';
    expect(await stepProblems('address', values)).toEqual({ 'address.postalCode': { message: 'siteCreate.errors.postalCode.US' } });
    values.contacts = [{ name: 'Ada', relation: '', phoneNumber: '555', email: '', verifies: true, hasKey: false }];
    expect(await stepProblems('contacts', values)).toEqual({ 'contacts.0.phoneNumber': { message: 'siteCreate.errors.phone.tooShort' } });
    values.zones = [{ device: '0', zoneNum: 'x', description: 'Door', eventType: 'Burglary' }];
    expect(await stepProblems('zones', values)).toEqual({ 'zones.0.zoneNum': { message: 'validation.invalid' } });
  });

  it('the review checks every step; the first step with a problem is where the user goes', async () => {
    const values = filled();
    values.passcodes = [{ name: 'Main', passcode: '12', isDuress: false }];
    const problems = await stepProblems('review', values);
    expect(Object.keys(problems)).toEqual(['passcodes.0.passcode']);
    expect(await stepProblems('review', filled())).toEqual({});
    expect(firstStepOf(['passcodes.0.passcode', 'devices.0.transmitterCode'])).toBe('devices');
    expect(stepOfField('account.timeZone')).toBe('account');
    expect(stepOfField('root')).toBe('review');
  });

  it('predicts the warnings the new account will show', () => {
    const values = filled();
    expect(expectedWarnings(values)).toEqual(['noPasscode', 'fewVerificationContacts', 'noAgency', 'noPremisePhone']);
  });
});
