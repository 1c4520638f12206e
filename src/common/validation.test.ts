import { describe, expect, it } from 'vitest';
import { createAjv, findNullCharacter, MAX_BODY_DEPTH, nestsDeeperThan, toFieldErrors } from './validation.js';

const schema = {
  type: 'object',
  required: ['name'],
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 5 },
    email: { type: 'string', format: 'email' },
    start: { type: 'string', format: 'date-time' },
    end: { type: 'string', format: 'date-time' },
  },
  notAfter: { field: 'start', other: 'end', message: 'x.startAfterEnd' },
} as const;

const errorsOf = (data: unknown) => {
  const validate = createAjv().compile(schema);
  validate(data);
  return toFieldErrors(validate.errors);
};

describe('validation messages', () => {
  it('names the missing field', () => {
    expect(errorsOf({})).toEqual({ name: { message: 'validation.required' } });
  });
  it('treats an empty required text as missing', () => {
    expect(errorsOf({ name: '' })).toEqual({ name: { message: 'validation.required' } });
  });
  it('gives the limit with a length error', () => {
    expect(errorsOf({ name: 'toolong' })).toEqual({ name: { message: 'validation.maxLength', args: { max: 5 } } });
  });
  it('gives a format its own message', () => {
    expect(errorsOf({ name: 'a', email: 'nope' })).toEqual({ email: { message: 'validation.format.email' } });
  });
  it('refuses a start after the end, on the start field', () => {
    const start = '2026-02-01T00:00:00Z';
    expect(errorsOf({ name: 'a', start, end: '2026-01-01T00:00:00Z' })).toEqual({ start: { message: 'x.startAfterEnd', args: undefined } });
    expect(errorsOf({ name: 'a', start, end: start })).toEqual({});
    expect(errorsOf({ name: 'a', start })).toEqual({});
  });
  it("puts a missing property's own message (ajv-errors) beside that property", () => {
    const validate = createAjv().compile({
      type: 'object',
      required: ['file', 'name'],
      properties: { file: { type: 'string' }, name: { type: 'string' } },
      errorMessage: { required: { file: 'x.chooseFile' } },
    });
    validate({});
    expect(toFieldErrors(validate.errors)).toEqual({ name: { message: 'validation.required' }, file: { message: 'x.chooseFile' } });
  });
});

describe('null characters (PostgreSQL cannot store U+0000)', () => {
  it('finds one in a nested value and names the field', () => {
    expect(findNullCharacter({ a: { b: ['ok', 'x\u0000'] } })).toBe('a.b.1');
  });
  it('finds one in a key', () => {
    expect(findNullCharacter({ ['na\u0000me']: 1 })).toBe('name');
  });
  it('names the part itself for a bare string', () => {
    expect(findNullCharacter('\u0000')).toBe('');
  });
  it('passes values without one, and other control characters', () => {
    expect(findNullCharacter({ a: 'tab\there', b: 1, c: null, d: [true] })).toBeUndefined();
    expect(findNullCharacter(undefined)).toBeUndefined();
  });
  it('walks a deeply nested value without overflowing the stack', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findNullCharacter(deep)).toBe(`${'0.'.repeat(99_999)}0`);
  });
});

describe('nesting depth (a value thousands deep would overflow the stack where it is serialised)', () => {
  const nested = (levels: number) => JSON.parse('['.repeat(levels) + ']'.repeat(levels)) as unknown;
  it('counts the value itself as the first level', () => {
    expect(nestsDeeperThan({ a: { b: [1] } }, 3)).toBe(false);
    expect(nestsDeeperThan({ a: { b: [[1]] } }, 3)).toBe(true);
  });
  it('passes scalars, null and the portal’s own shapes', () => {
    expect(nestsDeeperThan('x', 1)).toBe(false);
    expect(nestsDeeperThan(null, 1)).toBe(false);
    expect(nestsDeeperThan({ data: { devices: [{ zones: [{ zoneNum: 1 }] }] } }, MAX_BODY_DEPTH)).toBe(false);
  });
  it('refuses a body 10,000 levels deep without overflowing', () => {
    expect(nestsDeeperThan({ data: { $where: nested(10_000) } }, MAX_BODY_DEPTH)).toBe(true);
  });
});
