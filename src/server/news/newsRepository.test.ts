import { describe, expect, it } from 'vitest';
import { newsFlags } from './newsRepository.js';

const now = new Date('2026-06-01T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('news flags (SPEC §3 active, future, expired)', () => {
  it('is active with no dates', () => {
    expect(newsFlags(null, null, now)).toEqual({ active: true, future: false, expired: false });
  });
  it('is future before its start date', () => {
    expect(newsFlags(at('2026-06-02T00:00:00Z'), null, now)).toEqual({ active: false, future: true, expired: false });
  });
  it('is active from its start date', () => {
    expect(newsFlags(now, null, now).active).toBe(true);
  });
  it('is expired from its end date', () => {
    expect(newsFlags(null, now, now)).toEqual({ active: false, future: false, expired: true });
  });
});
