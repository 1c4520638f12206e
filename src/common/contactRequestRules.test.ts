import { describe, expect, it } from 'vitest';
import { contactStatusAllowed, nextContactStatuses } from './contactRequestRules.js';

describe('contact request statuses', () => {
  it('go new → in progress → closed', () => {
    expect(contactStatusAllowed('new', 'inProgress')).toBe(true);
    expect(contactStatusAllowed('inProgress', 'closed')).toBe(true);
  });

  it('close a new message straight away and open a closed one again', () => {
    expect(contactStatusAllowed('new', 'closed')).toBe(true);
    expect(contactStatusAllowed('closed', 'inProgress')).toBe(true);
  });

  it('never go back to new', () => {
    expect(contactStatusAllowed('inProgress', 'new')).toBe(false);
    expect(contactStatusAllowed('closed', 'new')).toBe(false);
  });

  it('allow staying (a change of the note alone)', () => {
    expect(contactStatusAllowed('closed', 'closed')).toBe(true);
  });

  it('offer the next statuses of each', () => {
    expect(nextContactStatuses('new')).toEqual(['inProgress', 'closed']);
    expect(nextContactStatuses('inProgress')).toEqual(['closed']);
    expect(nextContactStatuses('closed')).toEqual(['inProgress']);
  });
});
