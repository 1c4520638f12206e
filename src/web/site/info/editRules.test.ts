import { describe, expect, it } from 'vitest';
import { mergeErrors, orNull, phoneDisplay, phoneFeedback } from './editRules.js';

describe('the account editors', () => {
  it("say what is wrong with a phone as it is typed, with the phone rule's message", () => {
    expect(phoneFeedback('')).toEqual({});
    expect(phoneFeedback('12')).toEqual({ error: 'accountEdits.phone.tooShort' });
    expect(phoneFeedback('555-0187')).toEqual({ error: 'accountEdits.phone.invalid' });
  });
  it('show how a good number will be saved, formatted', () => {
    expect(phoneFeedback('212.555.0134')).toEqual({ preview: '(212) 555-0134' });
    expect(phoneFeedback('+44 20 7946 0958')).toEqual({ preview: '+44 20 7946 0958' });
    expect(phoneDisplay('+12125550134;ext=7')).toBe('(212) 555-0134 ext. 7');
    expect(phoneDisplay('(555) 201-3344')).toBe('(555) 201-3344');
    expect(phoneDisplay(null)).toBeNull();
  });
  it('read an empty optional text as none, and let the rules speak over stale server texts', () => {
    expect(orNull('  ')).toBeNull();
    expect(orNull(' Owner ')).toBe('Owner');
    expect(mergeErrors({ phoneNumber: 'a', name: undefined }, { name: 'b', phoneNumber: 'c' })).toEqual({ name: 'b', phoneNumber: 'a' });
  });
});
