import { describe, expect, it } from 'vitest';
import { checkPhone, formatPhone, normalisePhone } from './phone.js';

describe('phone numbers (libphonenumber)', () => {
  it('normalises a US number written any way to E.164', () => {
    for (const text of ['(312) 555-0187', '312.555.0187', '+1 312 555 0187', '3125550187'])
      expect(normalisePhone(text)).toBe('+13125550187');
  });
  it('keeps an extension', () => {
    expect(normalisePhone('+1 312 555 0187 x12')).toBe('+13125550187;ext=12');
    expect(formatPhone('+13125550187;ext=12')).toBe('(312) 555-0187 ext. 12');
  });
  it('reads a number without a country code in the given country', () => {
    expect(normalisePhone('020 7946 0958', 'GB')).toBe('+442079460958');
  });
  it('names what is wrong', () => {
    expect(checkPhone('')).toEqual({ ok: false, problem: 'required' });
    expect(checkPhone('12')).toEqual({ ok: false, problem: 'tooShort' });
    expect(checkPhone('555-0187')).toEqual({ ok: false, problem: 'invalid' });
    expect(checkPhone('+1 312 555 0187 0187 0187')).toMatchObject({ ok: false });
  });
  it('shows national in the country, international elsewhere, and unparseable text as it is', () => {
    expect(formatPhone('+13125550187')).toBe('(312) 555-0187');
    expect(formatPhone('+442079460958')).toBe('+44 20 7946 0958');
    expect(formatPhone('call the office')).toBe('call the office');
  });
});
