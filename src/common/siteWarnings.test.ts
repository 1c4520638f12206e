import { describe, expect, it } from 'vitest';
import { SITE_WARNINGS } from '../../schemas/sites.js';
import { dateIn, holdsPermit, siteWarnings, type SiteCompleteness } from './siteWarnings.js';

const TODAY = '2026-03-15';
const verifier = (phoneNumber: string | null = '(555) 201-3344') => ({ verifies: true, phoneNumber });
const permit = (permitNumber: string | null, permitExpiresOn: string | null = null) => ({ permitNumber, permitExpiresOn });

/** A complete account: nothing to warn about. */
const complete: SiteCompleteness = {
  passcodes: [{}],
  contacts: [verifier(), verifier('555.201.3345')],
  agencies: [permit('PD-1234', '2026-12-31'), permit(null)],
  premisePhones: [{}],
};

describe('site completeness warnings', () => {
  it('warns about nothing on a complete account', () => {
    expect(siteWarnings(complete, TODAY)).toEqual([]);
  });

  it('noPasscode: the account has no passcode', () => {
    expect(siteWarnings({ ...complete, passcodes: [] }, TODAY)).toEqual(['noPasscode']);
  });

  it('fewVerificationContacts: fewer than two contacts who verify', () => {
    expect(siteWarnings({ ...complete, contacts: [verifier()] }, TODAY)).toEqual(['fewVerificationContacts']);
    expect(siteWarnings({ ...complete, contacts: [] }, TODAY)).toEqual(['fewVerificationContacts']);
  });

  it('fewVerificationContacts: a contact who does not verify does not count', () => {
    const contacts = [verifier(), { verifies: false, phoneNumber: '+1 555 201 3346' }, { verifies: false, phoneNumber: '5552013347' }];
    expect(siteWarnings({ ...complete, contacts }, TODAY)).toEqual(['fewVerificationContacts']);
  });

  it('fewVerificationContacts: a verifying contact without a phone number (or with one without digits) does not count', () => {
    expect(siteWarnings({ ...complete, contacts: [verifier(), verifier(null)] }, TODAY)).toEqual(['fewVerificationContacts']);
    expect(siteWarnings({ ...complete, contacts: [verifier(), verifier('  ')] }, TODAY)).toEqual(['fewVerificationContacts']);
  });

  it('noAgency: no agency at all (and no separate noPermit: the same section)', () => {
    expect(siteWarnings({ ...complete, agencies: [] }, TODAY)).toEqual(['noAgency']);
  });

  it('noPremisePhone: no phone at the premises', () => {
    expect(siteWarnings({ ...complete, premisePhones: [] }, TODAY)).toEqual(['noPremisePhone']);
  });

  it('noPermit: agencies, none with a permit number', () => {
    expect(siteWarnings({ ...complete, agencies: [permit(null), permit('  ')] }, TODAY)).toEqual(['noPermit']);
  });

  it('noPermit: every permit expired', () => {
    const agencies = [permit('PD-1', '2026-03-14'), permit('FD-2', '2025-01-01')];
    expect(siteWarnings({ ...complete, agencies }, TODAY)).toEqual(['noPermit']);
  });

  it('no noPermit while one permit is current, one expired beside it', () => {
    expect(siteWarnings({ ...complete, agencies: [permit('PD-1', '2025-01-01'), permit('FD-2')] }, TODAY)).toEqual([]);
  });

  it('lists several warnings in SITE_WARNINGS order', () => {
    const empty: SiteCompleteness = { passcodes: [], contacts: [], agencies: [], premisePhones: [] };
    expect(siteWarnings(empty, TODAY)).toEqual(['noPasscode', 'fewVerificationContacts', 'noAgency', 'noPremisePhone']);
    const all = siteWarnings({ ...empty, agencies: [permit(null)] }, TODAY);
    expect(all).toEqual(SITE_WARNINGS.filter((w) => w !== 'noAgency'));
  });
});

describe('holdsPermit', () => {
  it('holds a permit through its expiry date, and one without an expiry date', () => {
    expect(holdsPermit(permit('PD-1', TODAY), TODAY)).toBe(true);
    expect(holdsPermit(permit('PD-1', '2026-03-14'), TODAY)).toBe(false);
    expect(holdsPermit(permit('PD-1'), TODAY)).toBe(true);
    expect(holdsPermit(permit(null, '2030-01-01'), TODAY)).toBe(false);
  });
});

describe('dateIn', () => {
  it('is the calendar date at the premises', () => {
    const at = new Date('2026-03-15T03:30:00Z');
    expect(dateIn('UTC', at)).toBe('2026-03-15');
    expect(dateIn('America/Chicago', at)).toBe('2026-03-14');
    expect(dateIn('Asia/Tokyo', at)).toBe('2026-03-15');
  });

  it('falls back to UTC for an unknown time zone', () => {
    expect(dateIn('Not/AZone', new Date('2026-03-15T03:30:00Z'))).toBe('2026-03-15');
  });
});
