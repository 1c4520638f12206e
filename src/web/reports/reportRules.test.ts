import { describe, expect, it } from 'vitest';
import { REPORT_PARAMETER_SCHEMAS, REPORT_PARAMETER_UI, type ReportRun } from '../../../schemas/reports.js';
import {
  applyProgress,
  cleanParameters,
  defaultParameters,
  exactTime,
  formatSize,
  nestErrors,
  parameterFacts,
  parametersInWords,
  prefixedForm,
  relativeTime,
  runIdOf,
  scheduleInWords,
  timeZones,
  weekdayName,
  type ParamSchema,
  type Translate,
} from './reportRules.js';
import { reportsTab } from './reportTabs.js';

/** A translator that shows the key and its arguments, so each test reads what was asked. */
const t: Translate = (key, options) => {
  const args = Object.entries(options ?? {})
    .map(([k, v]) => `${k}=${String(v)}`)
    .join(',');
  return args ? `${key}(${args})` : key;
};
const schema = (id: keyof typeof REPORT_PARAMETER_SCHEMAS) => REPORT_PARAMETER_SCHEMAS[id] as unknown as ParamSchema;

describe('formatSize', () => {
  it('says nothing without a file', () => {
    expect(formatSize(null, 'en')).toBe('');
    expect(formatSize(undefined, 'en')).toBe('');
    expect(formatSize(-1, 'en')).toBe('');
  });
  it('bytes below a kilobyte, whole', () => {
    expect(formatSize(0, 'en')).toBe('0 B');
    expect(formatSize(940, 'en')).toBe('940 B');
  });
  it('kilobytes and megabytes with one decimal, in the locale', () => {
    expect(formatSize(12_345, 'en')).toBe('12.3 kB');
    expect(formatSize(12_345, 'es')).toBe('12,3 kB');
    expect(formatSize(4_100_000, 'en')).toBe('4.1 MB');
  });
  it('no decimal from a hundred up', () => {
    expect(formatSize(512_400, 'en')).toBe('512 kB');
  });
});

describe('relativeTime and exactTime', () => {
  const now = new Date('2025-03-10T12:00:00Z');
  it('just now, minutes, hours, days', () => {
    expect(relativeTime('2025-03-10T11:59:50Z', now, 'en')).toBe('now');
    expect(relativeTime('2025-03-10T11:55:00Z', now, 'en')).toBe('5 minutes ago');
    expect(relativeTime('2025-03-10T09:00:00Z', now, 'en')).toBe('3 hours ago');
    expect(relativeTime('2025-03-09T12:00:00Z', now, 'en')).toBe('yesterday');
    expect(relativeTime('2025-03-01T12:00:00Z', now, 'es')).toBe('hace 9 días');
  });
  it('the future too (a schedule’s next run)', () => {
    expect(relativeTime('2025-03-11T12:00:00Z', now, 'en')).toBe('tomorrow');
  });
  it('an exact time in a zone; empty without one', () => {
    expect(exactTime('2025-03-10T12:00:00Z', 'en', 'UTC')).toBe('Mar 10, 2025, 12:00 PM');
    expect(exactTime(null, 'en')).toBe('');
    expect(exactTime('not a date', 'en')).toBe('');
  });
});

describe('parametersInWords', () => {
  it('Alarm activity: the period, the kinds (all of them in a word) and all accounts', () => {
    const words = parametersInWords(
      'alarmActivity',
      { period: 'last7Days', kinds: ['alarm', 'trouble', 'openClose', 'test', 'restore', 'other'], siteNums: [] },
      t,
      'en',
    );
    expect(words).toBe('reports.periods.last7Days · reportScreens.words.allKinds · reportScreens.words.allAccounts');
  });
  it('a custom range as days in the locale, some kinds as a list, a count of accounts', () => {
    const words = parametersInWords(
      'alarmActivity',
      { period: 'custom', from: '2025-03-01', to: '2025-03-09', kinds: ['alarm', 'trouble'], siteNums: [10001, 10002] },
      t,
      'en',
    );
    expect(words).toBe(
      'reportScreens.words.range(from=Mar 1, 2025,to=Mar 9, 2025) · events.kinds.alarm and events.kinds.trouble · reportScreens.words.accounts(smart_count=2)',
    );
  });
  it('one custom day is that day', () => {
    expect(parametersInWords('topAlarmAccounts', { period: 'custom', from: '2025-03-01', to: '2025-03-01' }, t, 'es')).toBe('1 mar 2025');
  });
  it('Accounts on test: now, or the period when asked for one', () => {
    expect(parametersInWords('accountsOnTest', { when: 'now', period: 'last7Days' }, t, 'en')).toBe('reports.onTestWhen.now');
    expect(parametersInWords('accountsOnTest', { when: 'period', period: 'lastMonth' }, t, 'en')).toBe('reports.periods.lastMonth');
  });
  it('open/close exceptions, grace minutes, problems and the top-N limit', () => {
    expect(
      parametersInWords(
        'openCloseExceptions',
        { period: 'yesterday', exceptions: ['lateToOpen'], graceMinutes: 15, siteNums: [5] },
        t,
        'en',
      ),
    ).toBe(
      'reports.periods.yesterday · reports.exceptions.lateToOpen · reportScreens.words.grace(smart_count=15) · reportScreens.words.accounts(smart_count=1)',
    );
    expect(parametersInWords('dataCompleteness', { problems: ['noPasscode', 'noAgency'] }, t, 'en')).toBe(
      'siteInfo.warnings.noPasscode and siteInfo.warnings.noAgency',
    );
    expect(
      parametersInWords(
        'dataCompleteness',
        { problems: ['noPasscode', 'fewVerificationContacts', 'noAgency', 'noPremisePhone', 'noPermit'] },
        t,
        'en',
      ),
    ).toBe('reportScreens.words.allProblems');
    expect(parametersInWords('topAlarmAccounts', { period: 'today', kinds: ['alarm'], limit: 25 }, t, 'en')).toBe(
      'reports.periods.today · events.kinds.alarm · reportScreens.words.top(smart_count=25)',
    );
  });
  it('nothing known, nothing said', () => {
    expect(parametersInWords('callList', null, t, 'en')).toBe('');
    expect(parametersInWords('callList', { siteNums: [] }, t, 'en')).toBe('reportScreens.words.allAccounts');
  });
});

describe('scheduleInWords', () => {
  it('daily, weekly on a named day, monthly on a day or the last day', () => {
    expect(scheduleInWords({ frequency: 'daily', time: '07:30', weekday: null, monthDay: null }, t, 'en')).toBe(
      'reportScreens.schedules.words.daily(time=07:30)',
    );
    expect(scheduleInWords({ frequency: 'weekly', time: '07:30', weekday: 1, monthDay: null }, t, 'en')).toBe(
      'reportScreens.schedules.words.weekly(day=Monday,time=07:30)',
    );
    expect(scheduleInWords({ frequency: 'monthly', time: '18:00', weekday: null, monthDay: 15 }, t, 'en')).toBe(
      'reportScreens.schedules.words.monthly(day=15,time=18:00)',
    );
    expect(scheduleInWords({ frequency: 'monthly', time: '18:00', weekday: null, monthDay: -1 }, t, 'en')).toBe(
      'reportScreens.schedules.words.monthlyLast(time=18:00)',
    );
  });
  it('weekday names from Sunday (0) to Saturday (6), in the locale', () => {
    expect(weekdayName(0, 'en')).toBe('Sunday');
    expect(weekdayName(6, 'en')).toBe('Saturday');
    expect(weekdayName(1, 'es')).toBe('lunes');
  });
  it('time zones include UTC and the current one, sorted', () => {
    const zones = timeZones('Mars/Olympus_Mons');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Mars/Olympus_Mons');
    expect([...zones].sort()).toEqual(zones);
  });
});

describe('the run form values', () => {
  it("start from the schema's defaults", () => {
    expect(defaultParameters(schema('alarmActivity'))).toEqual({
      period: 'last7Days',
      kinds: ['alarm', 'trouble', 'openClose', 'test', 'restore', 'other'],
      siteNums: [],
    });
    expect(defaultParameters(schema('openCloseExceptions')).graceMinutes).toBe(15);
  });
  it('send no custom days unless the period is custom, and nothing empty or unknown', () => {
    const s = schema('alarmActivity');
    expect(cleanParameters(s, { period: 'last7Days', from: '2025-01-01', to: '', kinds: ['alarm'], siteNums: [], extra: 1 })).toEqual({
      period: 'last7Days',
      kinds: ['alarm'],
      siteNums: [],
    });
    expect(cleanParameters(s, { period: 'custom', from: '2025-01-01', to: '2025-01-31', kinds: ['alarm'], siteNums: [] })).toEqual({
      period: 'custom',
      from: '2025-01-01',
      to: '2025-01-31',
      kinds: ['alarm'],
      siteNums: [],
    });
  });
  it('nest the parameters under `parameters` for SchemaForm, dates drawn by the date widget', () => {
    const { schema: nested, ui } = prefixedForm(schema('alarmActivity'), REPORT_PARAMETER_UI.alarmActivity);
    expect(ui.order).toEqual(['parameters.period', 'parameters.from', 'parameters.to', 'parameters.kinds', 'parameters.siteNums']);
    expect(nested.required).toEqual(['parameters.period', 'parameters.kinds', 'parameters.siteNums']);
    expect(Object.keys(nested.properties ?? {})).toEqual(ui.order);
    expect(ui.fields?.['parameters.period']?.widget).toBe('period');
    expect(ui.fields?.['parameters.from']).toEqual({ row: 'range', label: 'reports.fields.from', widget: 'date' });
    expect(ui.fields?.['parameters.siteNums']?.widget).toBe('accounts');
  });
  it("nest the validator's errors the way react-hook-form reads them; the first of a field wins", () => {
    expect(nestErrors({ from: 'a', 'siteNums.2': 'b', 'siteNums.3': 'c' })).toEqual({ parameters: { from: 'a', siteNums: 'b' } });
    expect(nestErrors({})).toEqual({});
  });
});

describe('live progress', () => {
  const run = (id: number, status: ReportRun['status'], progress = 0) => ({ id, status, progress }) as ReportRun;
  it('updates the run it names and keeps the others', () => {
    const runs = [run(1, 'queued'), run(2, 'done', 100)];
    const { runs: next, found } = applyProgress(runs, { runId: 1, status: 'running', progress: 40 });
    expect(found).toBe(true);
    expect(next[0]).toMatchObject({ id: 1, status: 'running', progress: 40 });
    expect(next[1]).toBe(runs[1]);
  });
  it('tells when the page does not have the run', () => {
    const runs = [run(1, 'queued')];
    expect(applyProgress(runs, { runId: 9, status: 'running', progress: 10 })).toEqual({ runs, found: false });
  });
  it('a late progress never takes a finished run back; nothing new keeps the same list', () => {
    const runs = [run(1, 'done', 100)];
    expect(applyProgress(runs, { runId: 1, status: 'running', progress: 80 }).runs).toBe(runs);
    expect(applyProgress(runs, { runId: 1, status: 'done', progress: 100 }).runs).toBe(runs);
  });
});

describe("a run's page", () => {
  const form = (id: keyof typeof REPORT_PARAMETER_SCHEMAS) => ({ parameters: schema(id), ui: REPORT_PARAMETER_UI[id] });
  const facts = (id: keyof typeof REPORT_PARAMETER_SCHEMAS, params: Record<string, unknown>) =>
    parameterFacts(form(id), params, t, 'en').map(({ label, value }) => [label, value]);

  it('reads its id from the address: a positive whole number in the API range', () => {
    expect(runIdOf('42')).toBe(42);
    expect(runIdOf('inbox')).toBeUndefined();
    expect(runIdOf('0')).toBeUndefined();
    expect(runIdOf('-3')).toBeUndefined();
    expect(runIdOf('1.5')).toBeUndefined();
    expect(runIdOf('2147483648')).toBeUndefined();
    expect(runIdOf(undefined)).toBeUndefined();
  });
  it("belongs to the inbox's tab; the catalogue and schedules keep theirs", () => {
    expect(reportsTab('/reports/42')).toBe('/reports/inbox');
    expect(reportsTab('/reports/inbox')).toBe('/reports/inbox');
    expect(reportsTab('/reports/schedules/create')).toBe('/reports/schedules');
    expect(reportsTab('/reports')).toBe('/reports');
  });
  it("labels each parameter as the run form does, in the form's order, with option labels", () => {
    expect(facts('alarmActivity', { period: 'last7Days', kinds: ['alarm', 'trouble'], siteNums: [] })).toEqual([
      ['reports.fields.period', 'reports.periods.last7Days'],
      ['reports.fields.kinds', 'events.kinds.alarm and events.kinds.trouble'],
      ['reports.fields.siteNums', 'reportScreens.words.allAccounts'],
    ]);
  });
  it('shows the days of a custom period only, as the locale writes them', () => {
    expect(facts('topAlarmAccounts', { period: 'custom', from: '2026-03-02', to: '2026-03-09', kinds: ['alarm'], limit: 1000 })).toEqual([
      ['reports.fields.period', 'reports.periods.custom'],
      ['reports.fields.from', 'Mar 2, 2026'],
      ['reports.fields.to', 'Mar 9, 2026'],
      ['reports.fields.kinds', 'events.kinds.alarm'],
      ['reports.fields.limit', '1,000'],
    ]);
    expect(facts('topAlarmAccounts', { period: 'today', from: '2026-03-02', kinds: ['alarm'], limit: 25 }).map(([label]) => label)).toEqual(
      ['reports.fields.period', 'reports.fields.kinds', 'reports.fields.limit'],
    );
  });
  it('leaves out the period of tests in force now, and fields the form does not know', () => {
    expect(facts('accountsOnTest', { when: 'now', period: 'last7Days', extra: 1 })).toEqual([
      ['reports.fields.when', 'reports.onTestWhen.now'],
    ]);
  });
  it('names the chosen accounts by number', () => {
    expect(facts('callList', { siteNums: [1001, 1002] })).toEqual([['reports.fields.siteNums', '1001, 1002']]);
  });
});
