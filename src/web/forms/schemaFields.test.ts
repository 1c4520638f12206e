import { describe, expect, it } from 'vitest';
import { newsItemInputSchema } from '../../../schemas/news.js';
import { statusBannerSchema } from '../../../schemas/statusBanner.js';
import { editableFields, fieldRules, lengthCounter } from './schemaFields.js';

describe('field rules from the schemas (SPEC §5)', () => {
  it('news title: required, at most 128', () => {
    expect(fieldRules(newsItemInputSchema, 'title')).toEqual({
      kind: 'text',
      required: true,
      nullable: false,
      minLength: 1,
      maxLength: 128,
    });
  });
  it('news body: required, at most 1024', () => {
    expect(fieldRules(newsItemInputSchema, 'body')).toMatchObject({ required: true, maxLength: 1024 });
  });
  it('news dates, order and URL are optional', () => {
    expect(fieldRules(newsItemInputSchema, 'effectiveDate')).toMatchObject({ kind: 'date-time', required: false, nullable: true });
    expect(fieldRules(newsItemInputSchema, 'order')).toMatchObject({ kind: 'number', required: false });
    expect(fieldRules(newsItemInputSchema, 'url')).toMatchObject({ kind: 'text', required: false, maxLength: 1024 });
  });
  it('news icon and colour are selects of the SPEC §3 options', () => {
    expect(fieldRules(newsItemInputSchema, 'color')).toMatchObject({
      kind: 'select',
      required: false,
      options: ['blue', 'green', 'red', 'amber'],
    });
    expect(fieldRules(newsItemInputSchema, 'icon').options).toHaveLength(7);
  });
  it('status banner: active, title 128, body 1024, importance', () => {
    expect(fieldRules(statusBannerSchema, 'active')).toMatchObject({ kind: 'boolean', required: true });
    expect(fieldRules(statusBannerSchema, 'title')).toMatchObject({ required: true, maxLength: 128 });
    expect(fieldRules(statusBannerSchema, 'body')).toMatchObject({ required: true, maxLength: 1024 });
    expect(fieldRules(statusBannerSchema, 'importance')).toMatchObject({
      kind: 'select',
      required: true,
      options: ['High', 'Warning', 'Info'],
    });
  });
  it('refuses a field the schema does not have', () => {
    expect(() => fieldRules(statusBannerSchema, 'colour')).toThrow(/no field/);
  });
  it('lists the editable fields, not the computed ones', () => {
    expect(editableFields(newsItemInputSchema)).toEqual([
      'title',
      'body',
      'effectiveDate',
      'expirationDate',
      'order',
      'icon',
      'color',
      'documentName',
      'url',
    ]);
  });
  it('counts characters, not UTF-16 units', () => {
    expect(lengthCounter('héllo 👋', 128)).toBe('7/128');
    expect(lengthCounter(null, 50)).toBe('0/50');
  });
});
