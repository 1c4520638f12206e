import { describe, expect, it } from 'vitest';
import { afterNoticeAction, noticeDuration, promptPlans, updateAvailable } from './timingRules.js';

describe('notification timings (SPEC §4, §9)', () => {
  it('default 7000 ms, alarm and report 10000 ms, update persistent', () => {
    expect(noticeDuration('default')).toBe(7000);
    expect(noticeDuration('alarm')).toBe(10_000);
    expect(noticeDuration('report')).toBe(10_000);
    expect(noticeDuration('update')).toBe(1e6);
    expect(noticeDuration('default', 3000)).toBe(3000);
  });
  it('an action closes on success and restarts the timer on failure', () => {
    expect(afterNoticeAction('success')).toBe('close');
    expect(afterNoticeAction('failure')).toBe('restartTimer');
  });
});

describe('update check', () => {
  it('a different build id is an update', () => {
    expect(updateAvailable('a', 'b')).toBe(true);
    expect(updateAvailable('a', 'a')).toBe(false);
    expect(updateAvailable(undefined, 'b')).toBe(false);
  });
});

describe('feedback and help prompts (SPEC §4)', () => {
  it('app 2: help after 5 min for 2 min, feedback after 15 min for 5 min', () => {
    expect(promptPlans(2, { feedbackShown: false, helpDisabled: false })).toEqual([
      { kind: 'help', showAfterMs: 300_000, shownForMs: 120_000 },
      { kind: 'feedback', showAfterMs: 900_000, shownForMs: 300_000 },
    ]);
  });
  it('feedback once; help can be disabled', () => {
    expect(promptPlans(2, { feedbackShown: true, helpDisabled: true })).toEqual([]);
    expect(promptPlans(2, { feedbackShown: true, helpDisabled: false }).map((p) => p.kind)).toEqual(['help']);
  });
  it('not for apps 1 and 3', () => {
    expect(promptPlans(1, { feedbackShown: false, helpDisabled: false })).toEqual([]);
    expect(promptPlans(3, { feedbackShown: false, helpDisabled: false })).toEqual([]);
  });
});
