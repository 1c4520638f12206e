import { describe, expect, it } from 'vitest';
import { upkeepDue, type TableActivity } from './upkeep.js';

const table = (figures: Partial<TableActivity>): TableActivity => ({
  reltuples: 1_000,
  deadTuples: 0,
  modifiedSinceAnalyze: 0,
  xidAge: 1_000,
  ...figures,
});

describe('upkeepDue: what autovacuum would do to a table', () => {
  it('does nothing to a table with few changes', () => {
    expect(upkeepDue(table({ deadTuples: 250, modifiedSinceAnalyze: 150 }))).toEqual({ vacuum: false, analyze: false });
  });

  it('analyzes once the changes since the last analyze pass 50 + 10 % of the rows', () => {
    expect(upkeepDue(table({ modifiedSinceAnalyze: 150 })).analyze).toBe(false);
    expect(upkeepDue(table({ modifiedSinceAnalyze: 151 })).analyze).toBe(true);
  });

  it('vacuums once the dead rows pass 50 + 20 % of the rows', () => {
    expect(upkeepDue(table({ deadTuples: 250 })).vacuum).toBe(false);
    expect(upkeepDue(table({ deadTuples: 251 })).vacuum).toBe(true);
  });

  it('counts a table never vacuumed nor analyzed (reltuples -1) as empty: its first 51 changes get it statistics', () => {
    expect(upkeepDue(table({ reltuples: -1, modifiedSinceAnalyze: 50 })).analyze).toBe(false);
    expect(upkeepDue(table({ reltuples: -1, modifiedSinceAnalyze: 51 })).analyze).toBe(true);
  });

  it('vacuums a table whose oldest transaction id is over 200 million old, whatever its changes', () => {
    expect(upkeepDue(table({ xidAge: 200_000_001 }))).toEqual({ vacuum: true, analyze: false });
  });

  it('does not vacuum for inserts alone', () => {
    expect(upkeepDue(table({ reltuples: 10, modifiedSinceAnalyze: 0, deadTuples: 0 })).vacuum).toBe(false);
  });
});
