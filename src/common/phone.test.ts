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
  it('lays out ten North American digits that libphonenumber calls unassigned (555 numbers, old entries)', () => {
    for (const stored of ['555.201.3345', '5552013345', '+1 555 201 3345', '1-555-201-3345', '(555) 201-3345'])
      expect(formatPhone(stored), stored).toBe('(555) 201-3345');
    expect(formatPhone('5552013345;ext=7')).toBe('(555) 201-3345 ext. 7');
    // Not ten digits, another country's plus, letters, or an account outside North America: as stored.
    for (const stored of ['555-0187', '+44 555 201 334', '555 201 3345 ask for Al']) expect(formatPhone(stored), stored).toBe(stored);
    expect(formatPhone('+1 555 201 3345', 'GB')).toBe('+1 555 201 3345');
  });
});
