import { describe, expect, it } from 'vitest';
import {
  contactPayload,
  contactProblems,
  holidayPayload,
  holidayProblems,
  passcodePayload,
  passcodeProblems,
  phoneDisplay,
  windowPayload,
  windowProblems,
  zonePayload,
} from './editRules.js';

describe('the contact dialog', () => {
  it("says what is wrong with a phone as it is typed, with the phone rule's message", () => {
    expect(contactProblems({ phoneNumber: '' }).phoneNumber).toBe('accountEdits.phone.required');
    expect(contactProblems({ phoneNumber: '12' }).phoneNumber).toBe('accountEdits.phone.tooShort');
    expect(contactProblems({ phoneNumber: '555-0187' }).phoneNumber).toBe('accountEdits.phone.invalid');
    expect(contactProblems({ phoneNumber: '212.555.0134' }).phoneNumber).toBeUndefined();
  });
  it("checks the contact's passcode only when one is typed", () => {
    expect(contactProblems({ phoneNumber: '212.555.0134', passcode: 'ab' }).passcode).toBe('accountEdits.passcodes.tooShort');
    expect(contactProblems({ phoneNumber: '212.555.0134', passcode: '' }).passcode).toBeUndefined();
    expect(contactProblems({ phoneNumber: '212.555.0134', passcode: null }).passcode).toBeUndefined();
  });
  it('adds a contact to its account, optional texts left empty as none', () => {
    const values = {
      siteNum: 7,
      name: ' Ana Ruiz ',
      relation: '  ',
      phoneNumber: '212.555.0134',
      email: null,
      verifies: true,
      hasKey: false,
    };
    expect(contactPayload(values)).toEqual({
      siteNum: 7,
      name: 'Ana Ruiz',
      relation: null,
      phoneNumber: '212.555.0134',
      email: null,
      verifies: true,
      hasKey: false,
    });
  });
  it('changes a contact without its account; its passcode only when typed, null when removed, else kept (left out)', () => {
    // What the form sends of a stored contact: its own fields, not the record's ids, account or mask.
    const sent = { name: 'Bo', relation: 'Son', phoneNumber: '+12125550134', email: 'bo@example.com', verifies: false, hasKey: true };
    const stored = { id: 3, contactId: 3, siteNum: 7, position: 1, passcodeMasked: '••••', ...sent };
    expect(contactPayload(stored)).toEqual(sent);
    expect(contactPayload({ ...stored, passcode: '' })).not.toHaveProperty('passcode');
    expect(contactPayload({ ...stored, passcode: 'rosa2026' })).toMatchObject({ passcode: 'rosa2026' });
    expect(contactPayload({ ...stored, passcode: null })).toMatchObject({ passcode: null });
  });
});

describe('the passcode dialog', () => {
  it('needs a value for a new passcode, keeps the stored one when left empty, and has a typed one typed twice', () => {
    expect(passcodeProblems({ name: 'Night', passcode: '' })).toEqual({ passcode: 'accountEdits.passcodes.required', confirm: undefined });
    expect(passcodeProblems({ id: 4, name: 'Night' })).toEqual({ passcode: undefined, confirm: undefined });
    expect(passcodeProblems({ name: 'Night', passcode: 'ab' }).passcode).toBe('accountEdits.passcodes.tooShort');
    expect(passcodeProblems({ name: 'Night', passcode: 'lune2026', confirm: 'lune2025' }).confirm).toBe('accountEdits.passcodes.mismatch');
    expect(passcodeProblems({ name: 'Night', passcode: 'lune2026', confirm: 'lune2026' })).toEqual({
      passcode: undefined,
      confirm: undefined,
    });
  });
  it('sends the value only when typed, never its confirmation', () => {
    expect(passcodePayload({ siteNum: 7, name: ' Night ', passcode: 'lune2026', confirm: 'lune2026', isDuress: false })).toEqual({
      siteNum: 7,
      name: 'Night',
      passcode: 'lune2026',
      isDuress: false,
    });
    expect(passcodePayload({ id: 4, passcodeId: 4, siteNum: 7, name: 'Night', masked: '••••', isDuress: true, passcode: '' })).toEqual({
      name: 'Night',
      isDuress: true,
    });
  });
});

describe('the zone dialog', () => {
  it('sends the description and the event kind only', () => {
    expect(zonePayload({ id: '3-2', siteNum: 7, devNum: 3, zoneNum: 2, description: ' Rear Door ', eventType: 'Panic' })).toEqual({
      description: 'Rear Door',
      eventType: 'Panic',
    });
  });
});

describe('the schedule dialogs', () => {
  const windows = [{ scheduleId: 1, dayOfWeek: 1, opensAt: '09:00', closesAt: '17:00' }];
  it('names a close equal to the open and an overlap with another window', () => {
    expect(windowProblems({ dayOfWeek: 2, opensAt: '09:00', closesAt: '09:00' }, windows)).toEqual({
      closesAt: 'accountEdits.schedules.sameTime',
    });
    expect(windowProblems({ dayOfWeek: 1, opensAt: '16:00', closesAt: '18:00' }, windows)).toEqual({
      opensAt: 'accountEdits.schedules.overlap',
    });
    expect(windowProblems({ id: 1, dayOfWeek: 1, opensAt: '16:00', closesAt: '18:00' }, windows)).toEqual({});
    expect(windowProblems({ dayOfWeek: 1, opensAt: '', closesAt: '18:00' }, windows)).toEqual({});
  });
  it('sends a window with its account when new', () => {
    expect(windowPayload({ siteNum: 7, dayOfWeek: 2, name: ' Late ', opensAt: '22:00', closesAt: '06:00' })).toEqual({
      siteNum: 7,
      dayOfWeek: 2,
      name: 'Late',
      opensAt: '22:00',
      closesAt: '06:00',
    });
  });
  const holidays = [{ holidayId: 5, date: '2026-12-25', opensAt: null, closesAt: null }];
  it('allows one holiday per date; open on the day, it needs both special times', () => {
    expect(holidayProblems({ date: '2026-12-25', closedAllDay: true }, holidays)).toEqual({ date: 'accountEdits.holidays.duplicate' });
    expect(holidayProblems({ id: 5, date: '2026-12-25', closedAllDay: true }, holidays)).toEqual({});
    expect(holidayProblems({ date: '2026-12-24', closedAllDay: false, opensAt: '', closesAt: '' }, holidays)).toEqual({
      opensAt: 'accountEdits.holidays.bothTimes',
    });
    expect(holidayProblems({ date: '2026-12-24', closedAllDay: false, opensAt: '10:00', closesAt: null }, holidays)).toEqual({
      closesAt: 'accountEdits.holidays.bothTimes',
    });
  });
  it('sends no times for a holiday closed all day, whatever was typed before', () => {
    expect(
      holidayPayload({ siteNum: 7, date: '2026-12-24', name: 'Eve', closedAllDay: true, opensAt: '10:00', closesAt: '14:00' }),
    ).toEqual({
      siteNum: 7,
      date: '2026-12-24',
      name: 'Eve',
      opensAt: null,
      closesAt: null,
    });
    expect(holidayPayload({ id: 5, date: '2026-12-24', name: 'Eve', closedAllDay: false, opensAt: '10:00', closesAt: '14:00' })).toEqual({
      date: '2026-12-24',
      name: 'Eve',
      opensAt: '10:00',
      closesAt: '14:00',
    });
  });
});

describe('the call list', () => {
  it('shows stored phones formatted', () => {
    expect(phoneDisplay('+12125550134;ext=7')).toBe('(212) 555-0134 ext. 7');
    expect(phoneDisplay('(555) 201-3344')).toBe('(555) 201-3344');
    expect(phoneDisplay(null)).toBeNull();
  });
});
