import { describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '../../../schemas/auditLog.js';
import { AUDIT_TARGET_TYPES } from '../../common/auditTargets.js';
import {
  actionSentence,
  actionSuggestions,
  apiKeyText,
  auditExportUrl,
  matchingActions,
  targetText,
  targetTypeChoices,
  targetTypeName,
  whoDid,
} from './auditLogRules.js';

const entry = (overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id: 1,
  occurredAt: '2026-03-01T12:00:00.000Z',
  action: 'contacts.updated',
  actorUserId: 7,
  actorUsername: 'dealer.beta',
  actorName: 'Beta Dealer',
  impersonatorUserId: null,
  impersonatorUsername: null,
  impersonatorName: null,
  apiKeyId: null,
  apiKeyName: null,
  apiKeyPrefix: null,
  targetType: 'contact',
  targetId: '42',
  ip: '203.0.113.9',
  details: {},
  ...overrides,
});

describe('who did it, acting as whom', () => {
  it('is the actor, as themselves, without an impersonator', () => {
    expect(whoDid(entry())).toEqual({ person: { id: 7, username: 'dealer.beta', name: 'Beta Dealer' }, actingAs: null });
  });

  it('is the support user acting as the impersonated actor', () => {
    expect(whoDid(entry({ impersonatorUserId: 3, impersonatorUsername: 'support.admin', impersonatorName: 'Support Admin' }))).toEqual({
      person: { id: 3, username: 'support.admin', name: 'Support Admin' },
      actingAs: { id: 7, username: 'dealer.beta', name: 'Beta Dealer' },
    });
  });

  it('is nobody for an entry without a signed-in user', () => {
    expect(whoDid(entry({ actorUserId: null, actorUsername: null, actorName: null }))).toEqual({ person: null, actingAs: null });
  });

  it('keeps the id of a deleted user', () => {
    expect(whoDid(entry({ actorUsername: null, actorName: null })).person).toEqual({ id: 7, username: null, name: null });
  });
});

describe('the export address', () => {
  it('carries the filters, without the empty ones', () => {
    const url = auditExportUrl({ q: 'beta', action: '', actor: undefined, impersonated: true });
    expect(url.startsWith('/api/auditLog/export?filter=')).toBe(true);
    expect(JSON.parse(decodeURIComponent(url.split('filter=')[1]))).toEqual({ q: 'beta', impersonated: true });
  });
});

describe('the record of an entry', () => {
  it("names its type in the user's language, and its id", () => {
    expect(targetText(translate, entry())).toBe('Contact 42');
    expect(targetText(translate, entry({ targetId: null }))).toBe('Contact');
    expect(targetText(translate, entry({ targetType: null, targetId: null }))).toBe('');
  });

  it('shows a type only older entries hold as its code', () => {
    expect(targetText(translate, entry({ targetType: 'accountGroup', targetId: '9993' }))).toBe('accountGroup 9993');
    expect(targetTypeName(translate, 'report_run')).toBe('Report run');
  });

  it('offers every type the portal writes in the filter, by name', () => {
    const choices = targetTypeChoices(translate, 'en');
    expect(choices.map((c) => c.id).sort()).toEqual([...AUDIT_TARGET_TYPES].sort());
    expect(choices.map((c) => c.name)).toEqual([...choices.map((c) => c.name)].sort((a, b) => a.localeCompare(b, 'en')));
    expect(choices.find((c) => c.id === 'site')?.name).toBe('Account');
  });
});

/** A translate over a few English sentences; any other key answers its default, as react-admin's does. */
const SENTENCES: Record<string, string> = {
  'auditLog.actions.users.invited': 'Invited a user',
  'auditLog.actions.users.updated': 'Updated a user',
  'auditLog.actions.support.disabled': 'Disabled a user',
  'auditLog.actions.siteTest.placed': 'Placed an account on test',
  'auditLog.targets.contact': 'Contact',
  'auditLog.targets.report_run': 'Report run',
  'auditLog.targets.site': 'Account',
};
const translate = (key: string, options: Record<string, unknown> = {}) => SENTENCES[key] ?? String(options._ ?? key);

describe('the sentence of an action', () => {
  it('is its translation', () => {
    expect(actionSentence(translate, 'users.invited')).toBe('Invited a user');
  });

  it('is none for a code without a translation, or one the portal no longer writes', () => {
    expect(actionSentence(translate, 'mfa.codeSent')).toBeUndefined();
    expect(actionSentence(translate, 'users.retired')).toBeUndefined();
    expect(actionSentence(translate, 'users')).toBeUndefined();
  });
});

describe('the action filter suggestions', () => {
  const suggestions = actionSuggestions(translate);

  it('list every action, the code standing in for a missing sentence', () => {
    expect(suggestions.find((s) => s.code === 'siteTest.placed')).toEqual({
      code: 'siteTest.placed',
      sentence: 'Placed an account on test',
    });
    expect(suggestions.find((s) => s.code === 'mfa.codeSent')).toEqual({ code: 'mfa.codeSent', sentence: 'mfa.codeSent' });
  });

  it('match a typed code prefix', () => {
    const codes = matchingActions(suggestions, 'users.').map((s) => s.code);
    expect(codes).toContain('users.invited');
    expect(codes.every((code) => code.startsWith('users.'))).toBe(true);
  });

  it('match words of the sentence, codes starting with the text first', () => {
    expect(matchingActions(suggestions, 'A USER').map((s) => s.code)).toEqual(['support.disabled', 'users.invited', 'users.updated']);
    const codes = matchingActions(suggestions, 'user').map((s) => s.code);
    expect(codes.slice(0, 2)).toEqual(['username.changed', 'users.invitationResent']);
    expect(codes.at(-1)).toBe('support.disabled');
  });

  it('are all of them when nothing is typed', () => {
    expect(matchingActions(suggestions, '  ')).toHaveLength(suggestions.length);
  });
});

describe('the API key an entry was made through', () => {
  const translate = (key: string, options?: Record<string, unknown>) => `${key} ${JSON.stringify(options ?? {})}`;
  it('is named with its prefix, or absent for a signed-in user', () => {
    expect(apiKeyText(translate, entry())).toBeNull();
    expect(apiKeyText(translate, entry({ apiKeyId: 4, apiKeyName: 'Dispatch CRM', apiKeyPrefix: 'AbCd2345' }))).toBe(
      'auditLog.viaApiKey {"name":"Dispatch CRM","prefix":"AbCd2345"}',
    );
  });
});
