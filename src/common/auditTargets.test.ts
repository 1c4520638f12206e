import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AUDIT_TARGET_TYPES, isAuditTargetType } from './auditTargets.js';

/** locales/<language>/auditLog.json's `targets`: the name of each record type. */
const names = (language: string) =>
  (
    JSON.parse(readFileSync(new URL(`../../locales/${language}/auditLog.json`, import.meta.url), 'utf8')) as {
      targets: Record<string, unknown>;
    }
  ).targets;

describe('the audit record types', () => {
  it('are unique words', () => {
    expect(new Set(AUDIT_TARGET_TYPES).size).toBe(AUDIT_TARGET_TYPES.length);
    for (const code of AUDIT_TARGET_TYPES) expect(code).toMatch(/^[a-z][A-Za-z_]*$/);
  });

  it.each(['en', 'es', 'fr'])('each have a name in %s, and nothing else is named', (language) => {
    const named = names(language);
    expect(AUDIT_TARGET_TYPES.filter((code) => typeof named[code] !== 'string' || !named[code])).toEqual([]);
    expect(Object.keys(named).filter((code) => !isAuditTargetType(code))).toEqual([]);
  });
});
