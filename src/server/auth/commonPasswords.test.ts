import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../common/constants.js';
import { COMMON_PASSWORD_KEY, commonPasswordError, isCommonPassword, isRepetition, isSequence } from './commonPasswords.js';

describe('common passwords', () => {
  it('refuses a password of the dictionary, whatever its case', () => {
    expect(isCommonPassword('qazwsxedcrfv')).toBe(true);
    expect(isCommonPassword('1q2w3e4r5t6y')).toBe(true);
    expect(isCommonPassword('LeaveMeAlone')).toBe(true);
    expect(isCommonPassword('FINALFANTASY')).toBe(true);
  });

  it('refuses a common word with a few digits or symbols around it', () => {
    expect(isCommonPassword('Password2024!')).toBe(true);
    expect(isCommonPassword('!!Sunshine1234')).toBe(true);
    expect(isCommonPassword('iloveyou12345')).toBe(true);
  });

  it('keeps a short common word inside a longer password, and long decoration', () => {
    // 'dog' is common, but too short to make the whole password weak.
    expect(isCommonPassword('dog-1234567890')).toBe(false);
    expect(isCommonPassword('monkey-93817462510')).toBe(false);
  });

  it('refuses one character repeated, or a short unit repeated', () => {
    expect(isRepetition('aaaaaaaaaaaa')).toBe(true);
    expect(isRepetition('abababababab')).toBe(true);
    expect(isRepetition('xyzxyzxyzxyz')).toBe(true);
    expect(isRepetition('abcdabcdabcd')).toBe(false);
    expect(isCommonPassword('############')).toBe(true);
    expect(isCommonPassword('ZzZzZzZzZzZz'.toLowerCase())).toBe(true);
  });

  it('refuses simple sequences up or down, digits wrapping after 9', () => {
    expect(isSequence('abcdefghijkl')).toBe(true);
    expect(isSequence('ZYXWVUTSRQPO')).toBe(true);
    expect(isSequence('789012345678')).toBe(true);
    expect(isSequence('987654321098')).toBe(true);
    expect(isSequence('abcdefghijkm')).toBe(false);
    expect(isSequence('a1b2c3d4e5f6')).toBe(false);
    expect(isCommonPassword('123456789012')).toBe(true);
  });

  it('accepts passwords that are none of these', () => {
    expect(isCommonPassword(DEMO_PASSWORD)).toBe(false);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
    expect(isCommonPassword('Tr0ub4dor&3xyz')).toBe(false);
  });

  it('refuses an empty or blank password', () => {
    expect(isCommonPassword('')).toBe(true);
    expect(isCommonPassword('            ')).toBe(true);
  });

  it('answers the locale key of the field error', () => {
    expect(commonPasswordError('password1234')).toBe(COMMON_PASSWORD_KEY);
    expect(commonPasswordError('Blue-Heron-Canoe-7')).toBeUndefined();
  });
});
