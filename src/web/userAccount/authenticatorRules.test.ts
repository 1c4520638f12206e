import { describe, expect, it } from 'vitest';
import { digitsOnly, groupedKey, recoveryCodesFile, recoveryCodesFileName, recoveryCodesText } from './authenticatorRules.js';

describe('authenticator section rules', () => {
  it('shows the setup key in groups of four', () => {
    expect(groupedKey('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(groupedKey('ABCDEF')).toBe('ABCD EF');
    expect(groupedKey('')).toBe('');
  });

  it('keeps only the digits of a typed or pasted code, six at most', () => {
    expect(digitsOnly('123 456')).toBe('123456');
    expect(digitsOnly('12-34-56-78')).toBe('123456');
    expect(digitsOnly('abc')).toBe('');
  });

  it('copies one code per line', () => {
    expect(recoveryCodesText(['aaaa-bbbb', 'cccc-dddd'])).toBe('aaaa-bbbb\ncccc-dddd\n');
  });

  it('saves a file with a heading, a note and the codes numbered and aligned', () => {
    const codes = Array.from({ length: 10 }, (_, i) => `code-${i}`);
    const text = recoveryCodesFile({ codes, heading: 'Recovery codes for dana (portal.example)', note: 'Each code works once.' });
    const lines = text.split('\n');
    expect(lines.slice(0, 3)).toEqual(['Recovery codes for dana (portal.example)', 'Each code works once.', '']);
    expect(lines[3]).toBe(' 1. code-0');
    expect(lines[12]).toBe('10. code-9');
    expect(text.endsWith('\n')).toBe(true);
  });

  it('names the file after the user, with safe characters only', () => {
    expect(recoveryCodesFileName('dealer.summit')).toBe('recovery-codes-dealer.summit.txt');
    expect(recoveryCodesFileName('customer@example.com')).toBe('recovery-codes-customer-example.com.txt');
    expect(recoveryCodesFileName('../../x')).toBe('recovery-codes-..-..-x.txt');
    expect(recoveryCodesFileName('')).toBe('recovery-codes.txt');
  });
});
