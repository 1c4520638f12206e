import { describe, expect, it } from 'vitest';
import { initialPickerState, isPickerKey, pickerReducer, ssoLoginUrl } from './providerPickerRules.js';

const key = (k: string, count = 3) => ({ type: 'key', key: k, count }) as const;

describe('pickerReducer', () => {
  it('selects the first provider, or none when empty', () => {
    expect(initialPickerState(3)).toEqual({ selected: 0, chosen: null });
    expect(initialPickerState(0)).toEqual({ selected: -1, chosen: null });
  });
  it('moves down and up with the arrow keys, wrapping around', () => {
    let state = initialPickerState(3);
    state = pickerReducer(state, key('ArrowDown'));
    expect(state.selected).toBe(1);
    state = pickerReducer(state, key('ArrowDown'));
    state = pickerReducer(state, key('ArrowDown'));
    expect(state.selected).toBe(0);
    state = pickerReducer(state, key('ArrowUp'));
    expect(state.selected).toBe(2);
  });
  it('jumps with Home and End', () => {
    expect(pickerReducer({ selected: 1, chosen: null }, key('End')).selected).toBe(2);
    expect(pickerReducer({ selected: 2, chosen: null }, key('Home')).selected).toBe(0);
  });
  it('chooses the selected provider with Enter', () => {
    const state = pickerReducer({ selected: 2, chosen: null }, key('Enter'));
    expect(state).toEqual({ selected: 2, chosen: 2 });
  });
  it('ignores keys when empty and after a choice', () => {
    expect(pickerReducer(initialPickerState(0), key('Enter', 0))).toEqual({ selected: -1, chosen: null });
    const chosen = { selected: 1, chosen: 1 };
    expect(pickerReducer(chosen, key('ArrowDown'))).toBe(chosen);
  });
  it('ignores other keys', () => {
    const state = initialPickerState(3);
    expect(pickerReducer(state, key('a'))).toBe(state);
    expect(isPickerKey('a')).toBe(false);
    expect(isPickerKey('Enter')).toBe(true);
  });
  it('selects and chooses by click', () => {
    expect(pickerReducer(initialPickerState(3), { type: 'select', index: 2 }).selected).toBe(2);
    expect(pickerReducer(initialPickerState(3), { type: 'choose', index: 1 })).toEqual({ selected: 1, chosen: 1 });
  });
});

describe('ssoLoginUrl', () => {
  it('carries siteGroup and provider', () => {
    expect(ssoLoginUrl(9993, 'demo')).toBe('/api/sso/login?siteGroup=9993&provider=demo');
  });
  it('carries the returnUrl when there is one', () => {
    expect(ssoLoginUrl(9993, 'okta', '/news')).toBe('/api/sso/login?siteGroup=9993&provider=okta&returnUrl=%2Fnews');
  });
});
