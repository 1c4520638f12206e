import { describe, expect, it } from 'vitest';
import { eventKind } from './eventKinds.js';

describe('eventKind (Contact ID families)', () => {
  it('reads 1xx as an alarm, with or without the E or P qualifier', () => {
    for (const code of ['E130', 'e110', 'P120', 'p100', '100', 'E1']) expect(eventKind(code)).toBe('alarm');
  });

  it('reads 2xx, 3xx and 5xx as troubles', () => {
    for (const code of ['E200', 'E301', 'E350', 'E570', '380', 'P302']) expect(eventKind(code)).toBe('trouble');
  });

  it('reads 4xx as openings and closings whatever the qualifier, restores included', () => {
    for (const code of ['E401', 'R401', 'r402', 'P441', '400']) expect(eventKind(code)).toBe('openClose');
  });

  it('reads 6xx as tests', () => {
    for (const code of ['E602', 'e601', '603', 'P602']) expect(eventKind(code)).toBe('test');
  });

  it('reads any other R code as a restore', () => {
    for (const code of ['R301', 'R130', 'r602', 'R', 'R9']) expect(eventKind(code)).toBe('restore');
  });

  it('reads everything else as other', () => {
    for (const code of ['', 'E', 'E700', 'E999', '0', 'X130', 'EE130', ' E130', 'E-1']) expect(eventKind(code)).toBe('other');
  });

  it('reads the account-change code as a change (migration 0009)', () => {
    expect(eventKind('CHANGE')).toBe('change');
    expect(eventKind('change')).toBe('other');
  });
});
