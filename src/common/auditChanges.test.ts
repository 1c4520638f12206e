import { describe, expect, it } from 'vitest';
import { auditChanges, auditValueText, changesSummary, diffSnapshots, sameValue } from './auditChanges.js';

describe('before and after of an audit entry', () => {
  it('lists the fields a before/after pair changed, and only those', () => {
    expect(
      auditChanges({
        siteNum: 100101,
        before: { name: 'Ana', phone: '555-0100', order: 1 },
        after: { name: 'Ana', phone: '555-0199', order: 2 },
      }),
    ).toEqual({
      changes: [
        { field: 'phone', before: '555-0100', after: '555-0199', kind: 'changed' },
        { field: 'order', before: 1, after: 2, kind: 'changed' },
      ],
      other: { siteNum: 100101 },
    });
  });

  it('reads a creation (after only) as added fields and a deletion (before only) as removed ones', () => {
    expect(auditChanges({ after: { name: 'Rota A', days: ['mon', 'tue'] } }).changes).toEqual([
      { field: 'name', before: undefined, after: 'Rota A', kind: 'added' },
      { field: 'days', before: undefined, after: ['mon', 'tue'], kind: 'added' },
    ]);
    expect(auditChanges({ before: { name: 'Rota A' }, after: null }).changes).toEqual([
      { field: 'name', before: 'Rota A', after: undefined, kind: 'removed' },
    ]);
  });

  it('opens nested objects into dotted fields and compares arrays whole', () => {
    expect(
      diffSnapshots(
        { address: { city: 'Duluth', zip: '55802' }, tags: ['a', 'b'] },
        { address: { city: 'Duluth', zip: '55803' }, tags: ['a', 'b'] },
      ),
    ).toEqual([{ field: 'address.zip', before: '55802', after: '55803', kind: 'changed' }]);
    expect(diffSnapshots({ tags: ['a', 'b'] }, { tags: ['b', 'a'] })).toEqual([
      { field: 'tags', before: ['a', 'b'], after: ['b', 'a'], kind: 'changed' },
    ]);
  });

  it('reads { field: { from, to } } pairs as changes and keeps the rest', () => {
    expect(
      auditChanges({
        name: { from: 'Old', to: 'New' },
        roles: { from: ['reportRead'], to: ['reportRead', 'billingRead'] },
        disabled: { from: false, to: false },
        sessionsEnded: 2,
      }),
    ).toEqual({
      changes: [
        { field: 'name', before: 'Old', after: 'New', kind: 'changed' },
        { field: 'roles', before: ['reportRead'], after: ['reportRead', 'billingRead'], kind: 'changed' },
      ],
      other: { sessionsEnded: 2 },
    });
  });

  it('reads a top-level { from, to } as a change of the record itself', () => {
    expect(auditChanges({ from: 'dealer.old', to: 'dealer.new' })).toEqual({
      changes: [{ field: '', before: 'dealer.old', after: 'dealer.new', kind: 'changed' }],
      other: {},
    });
  });

  it('leaves details without a before/after as other information', () => {
    expect(auditChanges({ after: 'impersonation' })).toEqual({ changes: [], other: { after: 'impersonation' } });
    expect(auditChanges({ from: 9993 })).toEqual({ changes: [], other: { from: 9993 } });
    expect(auditChanges({ method: 'password', ip: '203.0.113.9' })).toEqual({
      changes: [],
      other: { method: 'password', ip: '203.0.113.9' },
    });
    expect(auditChanges(null)).toEqual({ changes: [], other: {} });
    expect(auditChanges([1, 2])).toEqual({ changes: [], other: {} });
  });

  it('compares recorded values by structure', () => {
    expect(sameValue({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(sameValue({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameValue([1], { 0: 1 })).toBe(false);
    expect(sameValue(null, {})).toBe(false);
  });
});

describe('audit values as text', () => {
  it('writes none as empty, lists with commas and objects as JSON', () => {
    expect(auditValueText(null)).toBe('');
    expect(auditValueText(undefined)).toBe('');
    expect(auditValueText(['reportRead', 'level8'])).toBe('reportRead, level8');
    expect(auditValueText({ start: '08:00' })).toBe('{"start":"08:00"}');
    expect(auditValueText([{ a: 1 }])).toBe('[{"a":1}]');
    expect(auditValueText(false)).toBe('false');
  });

  it('sums the changes up on one line for the CSV', () => {
    expect(
      changesSummary([
        { field: 'name', before: 'Old', after: 'New', kind: 'changed' },
        { field: 'phone', before: undefined, after: '555', kind: 'added' },
        { field: 'note', before: '', after: undefined, kind: 'removed' },
        { field: '', before: 'a', after: 'b', kind: 'changed' },
      ]),
    ).toBe('name: Old → New; phone: ∅ → 555; note: "" → ∅; a → b');
  });
});
