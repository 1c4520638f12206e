import { describe, expect, it } from 'vitest';
import { pendingCount, resolutionRefusal } from './changeRequestRules.js';

describe("the dealer's answer to a change request", () => {
  it('marks a pending request done, with or without a note', () => {
    expect(resolutionRefusal('pending', { status: 'done' })).toBeNull();
    expect(resolutionRefusal('pending', { status: 'done', note: 'Updated' })).toBeNull();
  });

  it('declines a pending request only with a reason', () => {
    expect(resolutionRefusal('pending', { status: 'declined', note: 'Not the account holder' })).toBeNull();
    expect(resolutionRefusal('pending', { status: 'declined', note: '  ' })).toEqual({
      message: 'changeRequests.errors.reasonRequired',
      field: 'note',
    });
  });

  it('answers a request only once', () => {
    for (const status of ['done', 'declined', 'withdrawn'] as const) {
      expect(resolutionRefusal(status, { status: 'done' })).toEqual({ message: 'changeRequests.errors.notPending' });
    }
  });

  it('counts the pending ones', () => {
    expect(pendingCount([{ status: 'pending' }, { status: 'done' }, { status: 'pending' }])).toBe(2);
    expect(pendingCount([])).toBe(0);
  });
});
