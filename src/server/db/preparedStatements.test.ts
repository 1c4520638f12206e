import { describe, expect, it } from 'vitest';
import { PreparedNames } from './preparedStatements.js';

describe('PreparedNames', () => {
  it('names each text once, keeps the most recently used, and never reuses a name', () => {
    const names = new PreparedNames(2);
    const evicted: string[] = [];
    const a = names.use('select $1', evicted);
    expect(names.use('select $1', evicted)).toBe(a);
    const b = names.use('select $2', evicted);
    expect(b).not.toBe(a);
    expect(evicted).toEqual([]);
    // a is used again, so b is the least recently used when a third text comes.
    names.use('select $1', evicted);
    names.use('select $3', evicted);
    expect(evicted).toEqual([b]);
    expect(names.size).toBe(2);
    const again = names.use('select $2', evicted);
    expect(again).not.toBe(b);
    expect(evicted).toEqual([b, a]);
  });

  it('forgets a text, giving its name to deallocate', () => {
    const names = new PreparedNames(5);
    const name = names.use('select $1', []);
    expect(names.forget('select $1')).toBe(name);
    expect(names.forget('select $1')).toBeUndefined();
    expect(names.use('select $1', [])).not.toBe(name);
  });
});
