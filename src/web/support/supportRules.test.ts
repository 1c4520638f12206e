import { describe, expect, it } from 'vitest';
import { SUPPORT_ACTION_IDS } from '../../../schemas/support.js';
import { actionKeys, offeredActions, parseUserId, reasonError, supportUserPath } from './supportRules.js';

describe('/support page rules', () => {
  it('a row opens the user page; the page reads its id', () => {
    expect(supportUserPath(42)).toBe('/support/users/42');
    expect(parseUserId('42')).toBe(42);
    expect(parseUserId('0')).toBeUndefined();
    expect(parseUserId('4x')).toBeUndefined();
    expect(parseUserId(undefined)).toBeUndefined();
    expect(parseUserId('9999999999')).toBeUndefined();
  });
  it('offers the actions the server says apply, in the shared order', () => {
    const actions = SUPPORT_ACTION_IDS.map((action) => ({ action, available: action === 'enable' || action === 'unlock' }));
    expect(offeredActions({ actions }).map((a) => a.id)).toEqual(['unlock', 'enable']);
    expect(offeredActions({ actions: [] })).toEqual([]);
  });
  it('a blank reason is refused with its message', () => {
    expect(reasonError('')).toBe('support.reason.required');
    expect(reasonError('   ')).toBe('support.reason.required');
    expect(reasonError('Locked out')).toBeUndefined();
  });
  it('each action has its texts', () => {
    expect(actionKeys('resetMfa')).toEqual({
      label: 'support.actions.resetMfa.label',
      title: 'support.actions.resetMfa.title',
      description: 'support.actions.resetMfa.description',
      done: 'support.actions.resetMfa.done',
    });
  });
});
