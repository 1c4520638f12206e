import { describe, expect, it } from 'vitest';
import { cardDate, groupByStatus, roadmapInput } from './roadmapRules.js';

describe('groupByStatus', () => {
  it('puts each item under its status, keeping the order, with every status present', () => {
    const items = [
      { id: 1, status: 'shipped' },
      { id: 2, status: 'planned' },
      { id: 3, status: 'shipped' },
    ] as const;
    const groups = groupByStatus(items);
    expect(groups.planned.map((i) => i.id)).toEqual([2]);
    expect(groups.inProgress).toEqual([]);
    expect(groups.shipped.map((i) => i.id)).toEqual([1, 3]);
  });
});

describe('cardDate', () => {
  it('shows the shipping day of shipped items and the target of the others', () => {
    expect(cardDate({ status: 'shipped', targetDate: '2026-01-01', shippedOn: '2026-02-01' })).toEqual({
      key: 'shipped',
      day: '2026-02-01',
    });
    expect(cardDate({ status: 'planned', targetDate: '2026-05-01', shippedOn: null })).toEqual({ key: 'target', day: '2026-05-01' });
    expect(cardDate({ status: 'inProgress', targetDate: null, shippedOn: null })).toBeUndefined();
  });
});

describe('roadmapInput', () => {
  it('sends the item’s own fields, trimmed, with empty days as null', () => {
    expect(
      roadmapInput({
        id: 4,
        updatedAt: 'x',
        title: ' Alerts ',
        description: ' Soon. ',
        status: 'planned',
        targetDate: '',
        shippedOn: '2026-01-02',
        published: false,
      }),
    ).toEqual({ title: 'Alerts', description: 'Soon.', status: 'planned', targetDate: null, shippedOn: null, published: false });
  });
  it('keeps the shipping day of a shipped item only', () => {
    expect(
      roadmapInput({ title: 'A', status: 'shipped', targetDate: '2026-01-01', shippedOn: '2026-02-01', published: true }),
    ).toMatchObject({
      targetDate: '2026-01-01',
      shippedOn: '2026-02-01',
      description: '',
    });
  });
});
