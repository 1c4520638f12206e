import { describe, expect, it } from 'vitest';
import { REPORT_PARAMETER_SCHEMAS } from '../../../schemas/reports.js';
import type { ParamSchema } from './reportRules.js';
import {
  addRecipients,
  daysFor,
  isEmail,
  MONTH_DAYS,
  newSchedule,
  recipientsProblem,
  scheduleBody,
  splitAddresses,
} from './scheduleForm.js';

describe('a new schedule', () => {
  it('starts weekly on Monday at 07:00 in the given zone, active, with no recipients', () => {
    expect(newSchedule(undefined, 'Europe/Madrid')).toEqual({
      name: '',
      reportId: '',
      format: '',
      parameters: {},
      frequency: 'weekly',
      time: '07:00',
      weekday: 1,
      monthDay: null,
      timeZone: 'Europe/Madrid',
      recipients: [],
      active: true,
    });
  });
  it("takes the run form's report, format and parameters", () => {
    const values = newSchedule(
      { name: 'Alarm activity', reportId: 'alarmActivity', format: 'csv', parameters: { period: 'today' } },
      'UTC',
    );
    expect(values).toMatchObject({ name: 'Alarm activity', reportId: 'alarmActivity', format: 'csv', parameters: { period: 'today' } });
  });
});

describe('the day each frequency keeps', () => {
  it('weekly keeps a weekday (Monday when none), monthly a day of the month (the 1st when none), daily neither', () => {
    expect(daysFor('weekly', { weekday: 5, monthDay: 12 })).toEqual({ weekday: 5, monthDay: null });
    expect(daysFor('weekly', {})).toEqual({ weekday: 1, monthDay: null });
    expect(daysFor('monthly', { weekday: 5, monthDay: -1 })).toEqual({ weekday: null, monthDay: -1 });
    expect(daysFor('monthly', { weekday: null, monthDay: null })).toEqual({ weekday: null, monthDay: 1 });
    expect(daysFor('daily', { weekday: 3, monthDay: 3 })).toEqual({ weekday: null, monthDay: null });
  });
  it('a month offers the 1st to the 28th and the last day', () => {
    expect(MONTH_DAYS).toHaveLength(29);
    expect(MONTH_DAYS[0]).toBe(1);
    expect(MONTH_DAYS.at(-2)).toBe(28);
    expect(MONTH_DAYS.at(-1)).toBe(-1);
  });
});

describe('recipients', () => {
  it('splits pasted lists on commas, semicolons, spaces and lines', () => {
    expect(splitAddresses(' a@x.io, b@x.io;c@x.io\nd@x.io  ')).toEqual(['a@x.io', 'b@x.io', 'c@x.io', 'd@x.io']);
  });
  it('adds new addresses once (case-insensitive) and at most 10', () => {
    expect(addRecipients(['a@x.io'], 'A@X.io, b@x.io')).toEqual(['a@x.io', 'b@x.io']);
    const nine = Array.from({ length: 9 }, (_, i) => `u${i}@x.io`);
    expect(addRecipients(nine, 'v@x.io w@x.io')).toEqual([...nine, 'v@x.io']);
  });
  it('needs one, at most 10, each an email address', () => {
    expect(recipientsProblem([])).toEqual({ message: 'reportScreens.validation.recipientRequired' });
    expect(recipientsProblem(Array.from({ length: 11 }, (_, i) => `u${i}@x.io`))).toEqual({
      message: 'reportScreens.validation.recipientsMax',
      args: { max: 10 },
    });
    expect(recipientsProblem(['ok@x.io', 'not-an-address'])).toEqual({
      message: 'reportScreens.validation.recipientEmail',
      args: { email: 'not-an-address' },
    });
    expect(recipientsProblem(['ok@x.io'])).toBeUndefined();
    expect(isEmail('a@b')).toBe(false);
    expect(isEmail(`${'a'.repeat(120)}@example.com`)).toBe(false);
  });
});

describe('what a save sends', () => {
  it("only the input's fields, the frequency's own day and the parameters the report knows", () => {
    const body = scheduleBody(
      {
        id: 4,
        nextRunAt: '2025-03-10T07:00:00Z',
        name: '  Weekly alarms ',
        reportId: 'alarmActivity',
        format: 'pdf',
        parameters: { period: 'last7Days', from: '2025-01-01', kinds: ['alarm'], siteNums: [] },
        frequency: 'monthly',
        time: '06:30',
        weekday: 2,
        monthDay: 15,
        timeZone: 'America/Chicago',
        recipients: [' a@x.io '],
        active: true,
      },
      REPORT_PARAMETER_SCHEMAS.alarmActivity as unknown as ParamSchema,
    );
    expect(body).toEqual({
      name: 'Weekly alarms',
      reportId: 'alarmActivity',
      format: 'pdf',
      parameters: { period: 'last7Days', kinds: ['alarm'], siteNums: [] },
      frequency: 'monthly',
      time: '06:30',
      weekday: null,
      monthDay: 15,
      timeZone: 'America/Chicago',
      recipients: ['a@x.io'],
      active: true,
    });
  });
});
