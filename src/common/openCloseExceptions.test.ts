import { describe, expect, it } from 'vitest';
import { isOpening, openCloseExceptions, type OpenCloseInput } from './openCloseExceptions.js';

const zone = 'America/New_York';
// 2026-03-02 is a Monday; New York is UTC-5 in early March (before 03-08).
const base: OpenCloseInput = {
  timeZone: zone,
  fromDay: '2026-03-02',
  toDay: '2026-03-02',
  windows: [{ dayOfWeek: 1, opensAt: '08:00', closesAt: '17:00' }],
  holidays: [],
  signals: [],
  graceMinutes: 15,
  exceptions: ['lateToOpen', 'earlyToClose'],
  now: new Date('2026-03-10T00:00:00Z'),
};
const open = (iso: string) => ({ at: new Date(iso), opening: true });
const close = (iso: string) => ({ at: new Date(iso), opening: false });

describe('open/close exceptions', () => {
  it('an opening within the grace period and a closing at the scheduled time are no exception', () => {
    expect(openCloseExceptions({ ...base, signals: [open('2026-03-02T13:10:00Z'), close('2026-03-02T22:00:00Z')] })).toEqual([]);
  });

  it('an opening after the grace period is late by its minutes', () => {
    const findings = openCloseExceptions({ ...base, signals: [open('2026-03-02T13:40:00Z'), close('2026-03-02T21:55:00Z')] });
    expect(findings).toEqual([
      {
        day: '2026-03-02',
        exception: 'lateToOpen',
        scheduled: new Date('2026-03-02T13:00:00Z'),
        actual: new Date('2026-03-02T13:40:00Z'),
        minutes: 40,
      },
    ]);
  });

  it('no opening at all is late with no actual time', () => {
    const [finding] = openCloseExceptions({ ...base, exceptions: ['lateToOpen'] });
    expect(finding).toMatchObject({ exception: 'lateToOpen', actual: null, minutes: null });
  });

  it('a closing long before the scheduled close is early, unless an opening follows it', () => {
    const early = openCloseExceptions({ ...base, signals: [open('2026-03-02T12:55:00Z'), close('2026-03-02T20:00:00Z')] });
    expect(early).toEqual([expect.objectContaining({ exception: 'earlyToClose', actual: new Date('2026-03-02T20:00:00Z'), minutes: 120 })]);
    const reopened = openCloseExceptions({
      ...base,
      signals: [open('2026-03-02T12:55:00Z'), close('2026-03-02T17:00:00Z'), open('2026-03-02T18:00:00Z'), close('2026-03-02T22:05:00Z')],
    });
    expect(reopened).toEqual([]);
  });

  it('asks only for the exceptions chosen', () => {
    const signals = [open('2026-03-02T14:00:00Z'), close('2026-03-02T19:00:00Z')];
    expect(openCloseExceptions({ ...base, signals, exceptions: ['earlyToClose'] }).map((f) => f.exception)).toEqual(['earlyToClose']);
  });

  it('a holiday closed all day expects nothing; special times replace the weekly window', () => {
    expect(openCloseExceptions({ ...base, holidays: [{ date: '2026-03-02', opensAt: null, closesAt: null }] })).toEqual([]);
    const special = openCloseExceptions({
      ...base,
      holidays: [{ date: '2026-03-02', opensAt: '10:00', closesAt: '14:00' }],
      signals: [open('2026-03-02T15:05:00Z'), close('2026-03-02T19:00:00Z')],
    });
    expect(special).toEqual([]);
  });

  it('a window not over yet is not judged', () => {
    expect(openCloseExceptions({ ...base, now: new Date('2026-03-02T13:10:00Z') })).toEqual([]);
  });

  it('reads the schedule in the account zone across the spring-forward day', () => {
    // Monday 2026-03-09, the day after the change: New York is UTC-4, so 08:00 is 12:00Z.
    const findings = openCloseExceptions({
      ...base,
      fromDay: '2026-03-09',
      toDay: '2026-03-09',
      signals: [open('2026-03-09T12:05:00Z'), close('2026-03-09T21:00:00Z')],
      now: new Date('2026-03-20T00:00:00Z'),
    });
    expect(findings).toEqual([]);
  });

  it('an overnight window closes the next day', () => {
    const findings = openCloseExceptions({
      ...base,
      windows: [{ dayOfWeek: 1, opensAt: '22:00', closesAt: '06:00' }],
      signals: [open('2026-03-03T03:00:00Z'), close('2026-03-03T10:55:00Z')],
    });
    expect(findings).toEqual([]);
  });

  it('E is an opening and R a closing', () => {
    expect(isOpening('E401')).toBe(true);
    expect(isOpening('R401')).toBe(false);
  });
});
