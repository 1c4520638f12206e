import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, isAuditAction } from './auditActions.js';

/** locales/en/auditLog.json's `actions`: the sentence of each code, nested by its dotted parts. */
const sentences = (JSON.parse(readFileSync(new URL('../../locales/en/auditLog.json', import.meta.url), 'utf8')) as { actions: unknown })
  .actions;

/** Each leaf of the nested `actions` as its dotted code, with what it holds. */
function leaves(node: unknown, prefix = ''): [string, unknown][] {
  return Object.entries(node as Record<string, unknown>).flatMap(([key, value]) =>
    value && typeof value === 'object' ? leaves(value, `${prefix}${key}.`) : [[`${prefix}${key}`, value] as [string, unknown]],
  );
}

describe('the audit actions', () => {
  it('are unique, dotted words', () => {
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    for (const code of AUDIT_ACTIONS) expect(code).toMatch(/^[a-z][A-Za-z]*(\.[a-z][A-Za-z]*)*$/);
  });

  it('are never the start of another one (each is a leaf of the locale nesting)', () => {
    const clashes = AUDIT_ACTIONS.filter((code) => AUDIT_ACTIONS.some((other) => other.startsWith(`${code}.`)));
    expect(clashes).toEqual([]);
  });

  it('each have an English sentence under auditLog.actions', () => {
    const translated = new Map(leaves(sentences));
    expect(AUDIT_ACTIONS.filter((code) => typeof translated.get(code) !== 'string' || !translated.get(code))).toEqual([]);
  });

  it('are every code auditLog.actions translates', () => {
    expect(leaves(sentences).filter(([code]) => !isAuditAction(code))).toEqual([]);
  });

  it('tell a code the portal writes from an older one', () => {
    expect(isAuditAction('users.invited')).toBe(true);
    expect(isAuditAction('users')).toBe(false);
    expect(isAuditAction('list')).toBe(false);
  });
});
