import { describe, expect, it } from 'vitest';
import type { SiteCreate } from '../../schemas/siteCreate.js';
import {
  accountProblems,
  addressStepProblems,
  contactProblems,
  deviceProblems,
  newSiteProblems,
  normaliseNewSite,
  passcodeProblems,
  phoneProblem,
  zoneProblems,
} from './siteCreateRules.js';

const site: SiteCreate = {
  account: { siteName: ' Okafor Residence ', siteType: 'residential', timeZone: 'America/Chicago' },
  address: {
    country: 'US',
    line1: '12 Elm St',
    line2: '',
    city: 'Evanston',
    state: 'IL',
    postalCode: '602011234',
    phoneNumber: '312 555 0142',
  },
  devices: [{ transmitterCode: ' c12345 ' }],
  contacts: [{ name: 'Ada', phoneNumber: '(312) 555-0143', verifies: true, hasKey: false }],
  zones: [{ device: 0, zoneNum: 1, description: ' Door ', eventType: 'Burglary' }],
  passcodes: [{ name: 'Primary', passcode: 'abcd1234' }],
};

describe('the rules of a new account', () => {
  it('finds nothing wrong with a complete account', () => {
    expect(newSiteProblems(site)).toEqual({});
  });

  it('a time zone of another country', () => {
    expect(accountProblems({ timeZone: 'America/Chicago' }, 'CA')).toEqual({ 'account.timeZone': 'siteCreate.errors.timeZone' });
    expect(accountProblems({ timeZone: 'America/Toronto' }, 'CA')).toEqual({});
  });

  it('address problems by field path, and the premise phone read in the country', () => {
    expect(addressStepProblems({ ...site.address, postalCode: 'x', phoneNumber: '12' })).toEqual({
      'address.postalCode': 'siteCreate.errors.postalCode.US',
      'address.phoneNumber': 'siteCreate.errors.phone.tooShort',
    });
    expect(addressStepProblems({ ...site.address, phoneNumber: '' })).toEqual({});
  });

  it('a transmitter twice in the account, whatever its case and spaces', () => {
    expect(deviceProblems([{ transmitterCode: 'C1' }, { transmitterCode: ' c1' }, { transmitterCode: 'C2' }])).toEqual({
      'devices.1.transmitterCode': 'siteCreate.errors.transmitterTwice',
    });
  });

  it('contacts need a valid phone', () => {
    expect(contactProblems([{ phoneNumber: '' }, { phoneNumber: '555' }, { phoneNumber: '+1 312 555 0100' }], 'US')).toEqual({
      'contacts.0.phoneNumber': 'validation.required',
      'contacts.1.phoneNumber': 'siteCreate.errors.phone.tooShort',
    });
    expect(phoneProblem('', 'US', false)).toBeUndefined();
  });

  it('zones: a device of the account, each number once per device', () => {
    expect(
      zoneProblems(
        [
          { device: 0, zoneNum: 1 },
          { device: 1, zoneNum: 1 },
          { device: 0, zoneNum: 1 },
          { device: 2, zoneNum: 5 },
        ],
        2,
      ),
    ).toEqual({ 'zones.2.zoneNum': 'siteCreate.errors.zoneTwice', 'zones.3.device': 'siteCreate.errors.zoneDevice' });
  });

  it('passcode names once, whatever their case', () => {
    expect(
      passcodeProblems([
        { name: 'Main', passcode: '4821' },
        { name: ' main ', passcode: '9944' },
      ]),
    ).toEqual({
      'passcodes.1.name': 'accountEdits.passcodes.duplicateName',
    });
    // The account editor's rule (passcodeRules.ts): length and characters, no value twice, one duress.
    expect(
      passcodeProblems([
        { name: 'Main', passcode: '4821', isDuress: true },
        { name: 'Spare', passcode: '12' },
        { name: 'Other', passcode: '4821' },
        { name: 'Duress', passcode: '7777', isDuress: true },
      ]),
    ).toEqual({
      'passcodes.1.passcode': 'accountEdits.passcodes.tooShort',
      'passcodes.2.passcode': 'accountEdits.passcodes.duplicate',
      'passcodes.3.isDuress': 'accountEdits.passcodes.oneDuress',
    });
  });

  it('normalises what it stores: trimmed, transmitters upper case, ZIP+4 dashed, phones E.164', () => {
    const stored = normaliseNewSite(site);
    expect(stored.account.siteName).toBe('Okafor Residence');
    expect(stored.address).toMatchObject({ postalCode: '60201-1234', phoneNumber: '+13125550142', line2: '' });
    expect(stored.devices).toEqual([{ transmitterCode: 'C12345', panelType: '', description: '' }]);
    expect(stored.contacts[0]).toEqual({
      name: 'Ada',
      relation: '',
      phoneNumber: '+13125550143',
      email: '',
      verifies: true,
      hasKey: false,
    });
    expect(stored.zones[0].description).toBe('Door');
  });
});
