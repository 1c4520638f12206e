import { describe, expect, it } from 'vitest';
import {
  accountLinkInput,
  armedState,
  changeRequestInput,
  completenessPrompts,
  onTestNow,
  pickDevice,
  pickSiteNum,
  signalAge,
} from './msaRules.js';

const link = (siteNum: number, extra: { isFavorite?: boolean; isActive?: boolean } = {}) => ({
  siteNum,
  isFavorite: false,
  isActive: false,
  ...extra,
});

describe('the account a customer screen shows', () => {
  it("is the URL's sn when it is linked", () => {
    expect(pickSiteNum([link(1, { isActive: true }), link(2)], 2)).toBe(2);
  });
  it('is the active link when the sn is not linked or absent', () => {
    expect(pickSiteNum([link(1), link(2, { isActive: true })], 99)).toBe(2);
    expect(pickSiteNum([link(1), link(2, { isActive: true })], 0)).toBe(2);
  });
  it('falls back to the default, then the first link, then none', () => {
    expect(pickSiteNum([link(1), link(2, { isFavorite: true })], 0)).toBe(2);
    expect(pickSiteNum([link(3), link(4)], 0)).toBe(3);
    expect(pickSiteNum([], 5)).toBeUndefined();
  });
});

describe('the armed state (Contact ID 4xx)', () => {
  it('a closing (R4xx) is armed, an opening (E4xx) disarmed, from the newest opening or closing', () => {
    expect(
      armedState([
        { kind: 'alarm', eventCode: 'E130' },
        { kind: 'openClose', eventCode: 'R401' },
      ]),
    ).toBe('armed');
    expect(
      armedState([
        { kind: 'openClose', eventCode: 'E401' },
        { kind: 'openClose', eventCode: 'R401' },
      ]),
    ).toBe('disarmed');
  });
  it('is unknown without an opening or closing', () => {
    expect(armedState([{ kind: 'test', eventCode: 'E602' }])).toBe('unknown');
    expect(armedState([])).toBe('unknown');
  });
});

describe('completeness prompts', () => {
  const contact = (extra: Record<string, unknown> = {}) => ({ phoneNumber: '+16305550100', verifies: true, ...extra }) as never;
  const all = { contacts: true, passcodes: true };
  it('asks for a second contact when there is one ("add a second contact")', () => {
    expect(completenessPrompts({ contacts: [contact()], passcodes: [{} as never] }, all).map((p) => p.key)).toEqual(['secondContact']);
  });
  it('asks for a first contact, a phone, a verifier and a passcode when missing', () => {
    expect(completenessPrompts({ contacts: [], passcodes: [] }, all).map((p) => p.key)).toEqual(['firstContact', 'passcode']);
    expect(
      completenessPrompts(
        { contacts: [contact({ phoneNumber: null, verifies: false }), contact({ verifies: false })], passcodes: [{} as never] },
        all,
      ).map((p) => p.key),
    ).toEqual(['contactPhone', 'verifier']);
  });
  it('only prompts for what the access table lets the customer fix', () => {
    expect(completenessPrompts({ contacts: [], passcodes: [] }, { contacts: false, passcodes: false })).toEqual([]);
    expect(completenessPrompts({ contacts: [], passcodes: [] }, { contacts: false, passcodes: true }).map((p) => p.to)).toEqual([
      '/msa/passcodes',
    ]);
  });
});

describe('devices', () => {
  it("picks the URL's device, else the first", () => {
    expect(pickDevice([{ devNum: 1 }, { devNum: 2 }], 2)).toEqual({ devNum: 2 });
    expect(pickDevice([{ devNum: 1 }, { devNum: 2 }], 7)).toEqual({ devNum: 1 });
  });
  it('is on test until its end', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(onTestNow({ onTestUntil: '2026-11-26T13:00:00Z' }, now)).toBe(true);
    expect(onTestNow({ onTestUntil: '2026-11-26T11:00:00Z' }, now)).toBe(false);
    expect(onTestNow({ onTestUntil: null }, now)).toBe(false);
  });
  it('says how long ago a signal came', () => {
    const now = Date.parse('2026-11-26T12:00:00Z');
    expect(signalAge(null, now)).toEqual({ unit: 'never' });
    expect(signalAge('2026-11-26T11:35:00Z', now)).toEqual({ unit: 'minutes', count: 25 });
    expect(signalAge('2026-11-25T09:00:00Z', now)).toEqual({ unit: 'hours', count: 27 });
    expect(signalAge('2026-11-20T12:00:00Z', now)).toEqual({ unit: 'days', count: 6 });
  });
});

describe('what the customer’s forms send', () => {
  it('a change request: trimmed, an empty note as none', () => {
    expect(changeRequestInput({ siteNum: 7, field: 'address', requestedValue: ' 1 Main St ', note: '  ' })).toEqual({
      siteNum: 7,
      field: 'address',
      requestedValue: '1 Main St',
      note: null,
    });
    expect(changeRequestInput({ siteNum: 7, field: 'other', requestedValue: 'x', note: ' Soon ' }).note).toBe('Soon');
  });
  it('a new link: the number trimmed, the passcode as typed', () => {
    expect(accountLinkInput({ accountNumber: ' 100010 ', accountPasscode: ' 4321' })).toEqual({
      accountNumber: '100010',
      accountPasscode: ' 4321',
    });
  });
});
