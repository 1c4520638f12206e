import { describe, expect, it } from 'vitest';
import type { AuditLogEntry } from '../../../schemas/auditLog.js';
import { auditExportUrl, boundaryDay, dayBoundary, targetText, whoDid } from './auditLogRules.js';

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

describe('day filters', () => {
  it('turn a day into the instants it starts and the next one starts', () => {
    expect(dayBoundary('2026-03-01')).toBe(new Date('2026-03-01T00:00:00').toISOString());
    expect(dayBoundary('2026-03-01', true)).toBe(new Date('2026-03-02T00:00:00').toISOString());
    expect(dayBoundary('')).toBeUndefined();
    expect(dayBoundary('yesterday')).toBeUndefined();
  });

  it('show the same days back in the inputs', () => {
    expect(boundaryDay(dayBoundary('2026-03-01'))).toBe('2026-03-01');
    expect(boundaryDay(dayBoundary('2026-03-01', true), true)).toBe('2026-03-01');
    expect(boundaryDay(undefined)).toBe('');
    expect(boundaryDay('not a date')).toBe('');
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
  it('names its type and id', () => {
    expect(targetText(entry())).toBe('contact 42');
    expect(targetText(entry({ targetId: null }))).toBe('contact');
    expect(targetText(entry({ targetType: null, targetId: null }))).toBe('');
  });
});
