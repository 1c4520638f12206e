import { describe, expect, it } from 'vitest';
import en from '../../locales/en/accountEdits.json';
import { checkPasscode, maskPasscode, PASSCODE_MAX, PASSCODE_MIN, passcodeProblem, type StoredPasscode } from './passcodeRules.js';

const text = (key: string | undefined) =>
  key
    ?.split('.')
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);

const existing: StoredPasscode[] = [
  { passcodeId: 1, name: 'Primary', passcode: 'girasol27', isDuress: false },
  { passcodeId: 2, name: 'Duress', passcode: 'tormenta', isDuress: true },
];

describe('passcodes', () => {
  it('has 4 to 20 letters and digits', () => {
    expect([PASSCODE_MIN, PASSCODE_MAX]).toEqual([4, 20]);
    expect(text(passcodeProblem('abc'))).toBe('A passcode has at least 4 characters');
    expect(passcodeProblem('a'.repeat(PASSCODE_MAX))).toBeUndefined();
    expect(text(passcodeProblem('a'.repeat(PASSCODE_MAX + 1)))).toBe('A passcode has at most 20 characters');
    expect(text(passcodeProblem('abc 12'))).toBe('Use letters and digits only');
    expect(text(passcodeProblem('año-12'))).toBe('Use letters and digits only');
    expect(passcodeProblem('Añorada12')).toBeUndefined();
  });

  it('refuses a passcode the account already has, whatever its case, and a name twice', () => {
    const errors = checkPasscode({ name: 'primary', passcode: 'GIRASOL27', isDuress: false }, existing);
    expect(text(errors.passcode)).toBe('This account already has this passcode');
    expect(text(errors.name)).toBe('This account already has a passcode with this name');
  });

  it('allows at most one duress passcode', () => {
    expect(text(checkPasscode({ name: 'Other', passcode: 'lluvia88', isDuress: true }, existing).isDuress)).toBe(
      'An account has at most one duress passcode',
    );
    // The duress passcode itself may be saved again as duress.
    expect(checkPasscode({ passcodeId: 2, name: 'Duress', isDuress: true }, existing)).toEqual({});
  });

  it('requires a value on create and keeps the stored one on update when none is given', () => {
    expect(text(checkPasscode({ name: 'New', isDuress: false }, existing).passcode)).toBe('Enter a passcode');
    expect(checkPasscode({ passcodeId: 1, name: 'Main', passcode: null, isDuress: false }, existing)).toEqual({});
  });

  it('masks one bullet per character', () => {
    expect(maskPasscode('año1')).toBe('••••');
  });
});
