import { describe, expect, it } from 'vitest';
import en from '../../locales/en/accountEdits.json';
import { addContactMessage, checkContact, MAX_CONTACTS, moveItem, nextPosition, phoneMessage, reorderContacts } from './callList.js';

/** The English text of a locale key of accountEdits.json. */
const text = (key: string | undefined) =>
  key
    ?.split('.')
    .slice(1)
    .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], en);

describe('the call list', () => {
  it('stores a phone written any way as E.164, with its extension', () => {
    expect(checkContact({ phoneNumber: '(212) 555-0134' })).toEqual({ ok: true, phoneNumber: '+12125550134' });
    expect(checkContact({ phoneNumber: '212.555.0199 x12' })).toEqual({ ok: true, phoneNumber: '+12125550199;ext=12' });
    expect(checkContact({ phoneNumber: '020 7946 0958' }, 'GB')).toEqual({ ok: true, phoneNumber: '+442079460958' });
  });

  it('names what is wrong with a phone', () => {
    expect(text(phoneMessage(''))).toBe('Enter a phone number');
    expect(text(phoneMessage('12'))).toBe('This phone number is too short');
    expect(text(phoneMessage('555-0187'))).toBe('This is not a valid phone number');
    expect(phoneMessage('+1 212 555 0134')).toBeUndefined();
  });

  it("checks the contact's own passcode with the passcode rule", () => {
    const check = checkContact({ phoneNumber: '2125550134', passcode: 'ab' });
    expect(check.ok).toBe(false);
    if (!check.ok) expect(text(check.errors.passcode)).toBe('A passcode has at least 4 characters');
    expect(checkContact({ phoneNumber: '2125550134', passcode: null }).ok).toBe(true);
  });

  it(`holds at most ${MAX_CONTACTS} contacts`, () => {
    expect(addContactMessage(MAX_CONTACTS - 1)).toBeUndefined();
    expect(text(addContactMessage(MAX_CONTACTS))).toBe('A call list holds at most 20 contacts');
  });

  it('reorders when every contact is named once', () => {
    expect(reorderContacts([1, 2, 3], [3, 1, 2])).toEqual({
      ok: true,
      positions: [
        { contactId: 3, position: 1 },
        { contactId: 1, position: 2 },
        { contactId: 2, position: 3 },
      ],
    });
    for (const requested of [
      [1, 2],
      [1, 2, 3, 4],
      [1, 1, 2],
      [1, 2, 9],
    ]) {
      const result = reorderContacts([1, 2, 3], requested);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(text(result.message)).toBe('The call list changed meanwhile. Reload it and try again');
    }
  });

  it('moves an item (keyboard up and down, a drop) and places a new contact last', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b'], 0, 5)).toEqual(['a', 'b']);
    expect(nextPosition([1, 4, 2])).toBe(5);
    expect(nextPosition([])).toBe(1);
  });
});
