import { describe, expect, it } from 'vitest';
import { PreparedNames } from './preparedStatements.js';

describe('PreparedNames', () => {
  it('names each text once, keeps the most recently used, and never reuses a name', () => {
    const names = new PreparedNames(2);
    const a = names.use('select $1');
    expect(a.evicted).toEqual([]);
    expect(names.use('select $1')).toEqual({ name: a.name, evicted: [] });
    const b = names.use('select $2');
    expect(b.name).not.toBe(a.name);
    // a is used again, so b is the least recently used when a third text comes.
    names.use('select $1');
    const c = names.use('select $3');
    expect(c.evicted).toEqual([b.name]);
    expect(names.size).toBe(2);
    const again = names.use('select $2');
    expect(again.name).not.toBe(b.name);
    expect(again.evicted).toEqual([a.name]);
  });

  it('forgets a text, giving its name to deallocate', () => {
    const names = new PreparedNames(5);
    const { name } = names.use('select $1');
    expect(names.forget('select $1')).toBe(name);
    expect(names.forget('select $1')).toBeUndefined();
    expect(names.use('select $1').name).not.toBe(name);
  });
});
