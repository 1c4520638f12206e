import { describe, expect, it } from 'vitest';
import { rowAddressDisplay } from '../db/siteAddress.js';
import { likePrefix, searchPlan } from './sitesRepository.js';

describe('account search plan', () => {
  it('looks a number up as device number, transmitter prefix, account number and name', () => {
    expect(searchPlan({ q: ' 100042 ' })).toEqual({ devNum: 100042, xmitPrefix: '100042', siteNum: 100042, namePrefix: '100042' });
  });
  it('looks text up as a transmitter prefix (upper case) and a name prefix (lower case)', () => {
    expect(searchPlan({ q: 'c12' })).toEqual({ xmitPrefix: 'C12', namePrefix: 'c12' });
    expect(searchPlan({ q: 'Oak Street' })).toEqual({ namePrefix: 'oak street' });
  });
  it('keeps to the type asked for', () => {
    expect(searchPlan({ q: '12', type: 'device' })).toEqual({ devNum: 12 });
    expect(searchPlan({ q: 'K1', type: 'xmit' })).toEqual({ xmitPrefix: 'K1' });
    expect(searchPlan({ q: '12', type: 'details' })).toEqual({ siteNum: 12, namePrefix: '12' });
    expect(searchPlan({ q: 'abc', type: 'device' })).toEqual({});
  });
});

describe('helpers', () => {
  it('escapes LIKE wildcards typed by the user', () => {
    expect(likePrefix('50%_off\\')).toBe('50\\%\\_off\\\\%');
  });
  it('formats an address on one line', () => {
    expect(
      rowAddressDisplay({ address_line1: '12 Oak St', address_line2: 'Apt 2B', city: 'Austin', state: 'TX', postal_code: '78701' }),
    ).toBe('12 Oak St, Apt 2B, Austin, TX 78701');
    expect(rowAddressDisplay({ address_line1: '12 Oak St', address_line2: null, city: 'Austin', state: 'TX', postal_code: '78701' })).toBe(
      '12 Oak St, Austin, TX 78701',
    );
  });
});
