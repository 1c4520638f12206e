import { describe, expect, it } from 'vitest';
import { siteCreateSchema } from '../../../schemas/siteCreate.js';
import { compileCached, toFieldErrors } from '../validation.js';
import { checkRow, fileDuplicates, mapRow, valuesOf, type RowValues } from './rows.js';

const validate = compileCached(siteCreateSchema);
const schema = (site: unknown) => {
  validate(structuredClone(site));
  return Object.fromEntries(
    Object.entries(toFieldErrors(validate.errors)).map(([path, m]) => [path, { key: m.message, args: m.args as never }]),
  );
};

const row = (extra: RowValues = {}): RowValues => ({
  siteName: 'Okafor Residence',
  country: 'United States',
  addressLine1: '12 Elm Street',
  city: 'Evanston',
  state: 'Illinois',
  postalCode: '02101',
  device1TransmitterCode: ' c001234 ',
  contact1Name: 'Ada Okafor',
  contact1Phone: '312-555-0143',
  contact2Name: 'Ben Okafor',
  contact2Phone: '312-555-0144',
  zone1Number: '1',
  zone1Description: 'Front door',
  zone1EventType: 'robo',
  passcode1Name: 'Primary',
  passcode1Value: 'sunflower42',
  premisePhone: '(312) 555-0142',
  ...extra,
});

describe('an import row as a new account', () => {
  it('takes mapped cells by position, trimmed, blank ones left out', () => {
    expect(valuesOf([' Okafor ', '', 'x'], ['siteName', 'city', null])).toEqual({ siteName: 'Okafor' });
  });

  it("maps to the wizard's payload: names to codes, defaults, groups in number order", () => {
    const { site, problems } = mapRow(row({ contact5Name: 'Eve', contact5Phone: '312-555-0145', contact5Verifies: 'non' }));
    expect(problems).toEqual({});
    expect(site.account).toEqual({ siteName: 'Okafor Residence', siteType: 'residential', timeZone: 'America/Chicago' });
    expect(site.address).toMatchObject({ country: 'US', state: 'IL', postalCode: '02101' });
    expect(site.contacts.map((c) => c.name)).toEqual(['Ada Okafor', 'Ben Okafor', 'Eve']);
    expect(site.contacts[2].verifies).toBe(false);
    expect(site.zones).toEqual([{ device: 0, zoneNum: 1, description: 'Front door', eventType: 'Burglary' }]);
  });

  it('puts unreadable cells on their column', () => {
    const { problems } = mapRow(
      row({ siteType: 'castle', contact1HasKey: 'maybe', zone1Number: 'one', zone2Device: '2', zone2Description: 'x' }),
    );
    expect(Object.keys(problems).sort()).toEqual(['contact1HasKey', 'siteType', 'zone1Number', 'zone2Device']);
    expect(problems.zone2Device).toEqual({ key: 'siteImport.errors.zoneDevice', args: { n: 2 } });
  });

  it('accepts a valid row, normalised as the wizard stores it, with its completeness warnings', () => {
    const checked = checkRow(row(), schema);
    expect(checked.errors).toEqual({});
    expect(checked.warnings).toEqual([]);
    expect(checked.site?.devices[0].transmitterCode).toBe('C001234');
    expect(checked.site?.address.phoneNumber).toBe('+13125550142');
    const few = checkRow(row({ contact2Name: '', contact2Phone: '', passcode1Name: '', passcode1Value: '', premisePhone: '' }), schema);
    expect(few.errors).toEqual({});
    expect(few.warnings).toEqual(['noPasscode', 'fewVerificationContacts', 'noPremisePhone']);
  });

  it('puts schema and rule problems on the cells they come from', () => {
    const checked = checkRow(
      row({
        siteName: '',
        postalCode: 'ABC',
        contact2Phone: '12',
        device2TransmitterCode: 'C001234',
        zone2Number: '1',
        zone2Description: 'Back door',
        zone2EventType: 'Fire',
        passcode2Name: 'Other',
        passcode2Value: 'ab',
        zone3Number: '3',
        zone3Description: 'Hall',
      }),
      (site) => {
        const found = schema(site);
        return found;
      },
    );
    expect(checked.site).toBeUndefined();
    expect(checked.errors).toMatchObject({
      siteName: { key: 'validation.required' },
      postalCode: { key: 'siteCreate.errors.postalCode.US' },
      contact2Phone: { key: 'siteCreate.errors.phone.tooShort' },
      device2TransmitterCode: { key: 'siteCreate.errors.transmitterTwice' },
      zone2Number: { key: 'siteCreate.errors.zoneTwice' },
      passcode2Value: { key: 'accountEdits.passcodes.tooShort' },
      zone3EventType: { key: 'validation.oneOf' },
    });
  });

  it('refuses a row without a device and a cell too long', () => {
    const checked = checkRow(row({ device1TransmitterCode: '', city: 'x'.repeat(1001) }), schema);
    expect(checked.errors.device1TransmitterCode).toEqual({ key: 'validation.required' });
    expect(checked.errors.city).toEqual({ key: 'validation.maxLength', args: { max: 1000 } });
  });

  it('finds transmitter codes used by an earlier row of the file, in any case', () => {
    const found = fileDuplicates([
      { rowNum: 2, values: { device1TransmitterCode: 'A100' } },
      { rowNum: 3, values: { device1TransmitterCode: 'B200', device2TransmitterCode: ' a100 ' } },
      { rowNum: 4, values: { device1TransmitterCode: 'b200' } },
    ]);
    expect([...found.entries()]).toEqual([
      [3, { device2TransmitterCode: { key: 'siteImport.errors.transmitterInFile', args: { row: 2 } } }],
      [4, { device1TransmitterCode: { key: 'siteImport.errors.transmitterInFile', args: { row: 3 } } }],
    ]);
  });
});
