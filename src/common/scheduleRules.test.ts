import { describe, expect, it } from 'vitest';
import en from '../../locales/en/accountEdits.json';
import { checkHoliday, checkWindow, clockMinutes, isOvernight, windowProblem, windowsOverlap } from './scheduleRules.js';

const text = (key: string | undefined) =>
  key
    ?.split('.')
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);

describe('weekly windows', () => {
  it('reads HH:MM', () => {
    expect(clockMinutes('08:30')).toBe(510);
    expect(clockMinutes('24:00')).toBeNaN();
  });

  it('closes after it opens, or overnight; never at the same time', () => {
    expect(checkWindow({ dayOfWeek: 1, opensAt: '08:00', closesAt: '17:00' }, [])).toEqual({});
    expect(isOvernight('22:00', '06:00')).toBe(true);
    expect(windowProblem('22:00', '06:00')).toBeUndefined();
    expect(checkWindow({ dayOfWeek: 5, opensAt: '22:00', closesAt: '06:00' }, [])).toEqual({});
    expect(text(checkWindow({ dayOfWeek: 1, opensAt: '08:00', closesAt: '08:00' }, []).closesAt)).toBe(
      'The closing time must differ from the opening time',
    );
  });

  it('refuses overlapping windows, overnight ones into the next day and Saturday night into Sunday', () => {
    const monday = { scheduleId: 1, dayOfWeek: 1, opensAt: '08:00', closesAt: '12:00' };
    expect(text(checkWindow({ dayOfWeek: 1, opensAt: '11:00', closesAt: '13:00' }, [monday]).opensAt)).toBe(
      'This window overlaps another one',
    );
    expect(checkWindow({ dayOfWeek: 1, opensAt: '12:00', closesAt: '13:00' }, [monday])).toEqual({});
    expect(windowsOverlap({ dayOfWeek: 0, opensAt: '22:00', closesAt: '09:00' }, monday)).toBe(true);
    expect(
      windowsOverlap({ dayOfWeek: 6, opensAt: '22:00', closesAt: '02:00' }, { dayOfWeek: 0, opensAt: '01:00', closesAt: '03:00' }),
    ).toBe(true);
    // A window edited does not overlap itself.
    expect(checkWindow({ scheduleId: 1, dayOfWeek: 1, opensAt: '09:00', closesAt: '12:00' }, [monday])).toEqual({});
  });
});

describe('holidays', () => {
  it('one per date; closed all day or both special times', () => {
    const christmas = { holidayId: 1, date: '2026-12-25', opensAt: null, closesAt: null };
    expect(checkHoliday({ date: '2026-12-31', opensAt: '10:00', closesAt: '14:00' }, [christmas])).toEqual({});
    expect(text(checkHoliday({ date: '2026-12-25', opensAt: null, closesAt: null }, [christmas]).date)).toBe(
      'This date already has a holiday',
    );
    expect(text(checkHoliday({ date: '2026-12-31', opensAt: '10:00', closesAt: null }, []).closesAt)).toBe(
      'Enter both the opening and the closing time, or neither',
    );
    expect(text(checkHoliday({ date: '2026-12-31', opensAt: '10:00', closesAt: '10:00' }, []).closesAt)).toBe(
      'The closing time must differ from the opening time',
    );
    expect(checkHoliday({ holidayId: 1, date: '2026-12-25', opensAt: null, closesAt: null }, [christmas])).toEqual({});
  });
});
