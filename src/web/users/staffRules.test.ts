import { describe, expect, it } from 'vitest';
import { permissionOptions, toggled } from './staffRules.js';

const admin = { applicationNum: 2, roles: ['reportRead'], authItems: { xtAdmin: true, allowCreateAccountFlag: false } };

describe('permissionOptions', () => {
  it('locks what the manager does not hold and ticks the selection', () => {
    const options = permissionOptions(admin, { roles: ['reportRead'], flags: [] });
    expect(options.map((o) => [o.name, o.checked, o.locked])).toEqual([
      ['reportRead', true, false],
      ['billingRead', false, true],
      ['level8', false, true],
      ['allowCreateAccountFlag', false, true],
      ['ansServiceBlockFlag', false, true],
      ['xtAdmin', false, false],
    ]);
  });
  it('locks nothing for internal staff', () => {
    expect(permissionOptions({ ...admin, applicationNum: 1 }, { roles: [], flags: [] }).every((o) => !o.locked)).toBe(true);
  });
});

describe('toggled', () => {
  it('adds and removes', () => {
    const once = toggled({ roles: [], flags: [] }, { kind: 'flags', name: 'xtAdmin' });
    expect(once).toEqual({ roles: [], flags: ['xtAdmin'] });
    expect(toggled(once, { kind: 'flags', name: 'xtAdmin' })).toEqual({ roles: [], flags: [] });
  });
});
