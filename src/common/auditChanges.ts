/**
 * Before and after of an audit entry (the audit log viewer), read from its `details`
 * as the writes record them (src/server/audit/audit.ts callers):
 * - `{ before: {...}, after: {...} }` (account edits, schedules, the answering service): each
 *   field that differs; a creation has only `after`, a deletion only `before`;
 * - `{ <field>: { from, to }, ... }` (staff changes): one change per such field;
 * - `{ from, to }` (a username change): the record's value itself.
 * Everything else in `details` is the entry's other information. Nested objects compare field by
 * field (`schedule.start`); arrays and other values compare whole.
 */

export interface AuditChange {
  /** The field, dotted for a nested one ('address.city'); '' for the record's value itself. */
  field: string;
  /** undefined: the field did not exist before (added) or after (removed). */
  before: unknown;
  after: unknown;
  kind: 'added' | 'removed' | 'changed';
}

export interface AuditChanges {
  changes: AuditChange[];
  /** The rest of `details`, as recorded. */
  other: Record<string, unknown>;
}

type Plain = Record<string, unknown>;

function isPlain(value: unknown): value is Plain {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether two recorded values are the same (JSON values: structure, not identity). */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && sameValue((a as Plain)[key], (b as Plain)[key]));
}

/** An object's fields as dotted paths; nested plain objects are opened, arrays and values are leaves. */
function flatten(value: Plain, prefix = '', into = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, child] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (isPlain(child) && Object.keys(child).length > 0) flatten(child, path, into);
    else into.set(path, child);
  }
  return into;
}

function change(field: string, before: unknown, after: unknown): AuditChange {
  return { field, before, after, kind: before === undefined ? 'added' : after === undefined ? 'removed' : 'changed' };
}

/** The fields that differ between two snapshots (either may be missing: a creation or a deletion), in the order they appear. */
export function diffSnapshots(before: Plain | null | undefined, after: Plain | null | undefined): AuditChange[] {
  const was = flatten(before ?? {});
  const now = flatten(after ?? {});
  const fields = [...new Set([...was.keys(), ...now.keys()])];
  return fields.filter((field) => !sameValue(was.get(field), now.get(field))).map((field) => change(field, was.get(field), now.get(field)));
}

/** A `{ from, to }` pair: an object with exactly those two keys. */
function isFromTo(value: unknown): value is { from: unknown; to: unknown } {
  if (!isPlain(value)) return false;
  const keys = Object.keys(value);
  return keys.length === 2 && keys.includes('from') && keys.includes('to');
}

/** The entry's changes and the rest of its details. */
export function auditChanges(details: unknown): AuditChanges {
  if (!isPlain(details)) return { changes: [], other: {} };
  const { before, after, ...rest } = details;
  const snapshot = (value: unknown) => value === undefined || value === null || isPlain(value);
  if ((isPlain(before) || isPlain(after)) && snapshot(before) && snapshot(after)) {
    return { changes: diffSnapshots(before as Plain | null, after as Plain | null), other: rest };
  }
  if (isFromTo(details)) {
    return sameValue(details.from, details.to)
      ? { changes: [], other: {} }
      : { changes: [change('', details.from, details.to)], other: {} };
  }
  const changes: AuditChange[] = [];
  const other: Plain = {};
  for (const [key, value] of Object.entries(details)) {
    if (isFromTo(value)) {
      if (!sameValue(value.from, value.to)) changes.push(change(key, value.from, value.to));
    } else other[key] = value;
  }
  return { changes, other };
}

/** A recorded value as one line of text: '' for none, lists joined with commas, objects as JSON. */
export function auditValueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((v) => typeof v !== 'object' || v === null)) return value.map((v) => String(v ?? '')).join(', ');
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** The changes on one line, for the CSV: `field: before → after; …` ('∅' for a value that did not exist). */
export function changesSummary(changes: readonly AuditChange[]): string {
  const text = (value: unknown) => (value === undefined ? '∅' : auditValueText(value) || '""');
  return changes.map((c) => `${c.field ? `${c.field}: ` : ''}${text(c.before)} → ${text(c.after)}`).join('; ');
}
