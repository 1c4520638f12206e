import { describe, expect, it } from 'vitest';
import { contactInputSchema, contactsUi } from '../../../schemas/contacts.js';
import { newsItemInputSchema, newsUi } from '../../../schemas/news.js';
import { passcodeInputSchema, passcodesUi } from '../../../schemas/passcodes.js';
import { holidayInputSchema, holidaysUi, scheduleInputSchema, schedulesUi } from '../../../schemas/schedules.js';
import { statusBannerSchema } from '../../../schemas/statusBanner.js';
import { zoneInputSchema, zonesUi } from '../../../schemas/zones.js';
import { schemaLayout, type LaidOutSection } from './schemaLayout.js';

/** Sections as [title, [[source:widget, ...] per row]] for a readable comparison. */
function outline(sections: LaidOutSection[]) {
  return sections.map((s) => [s.title ?? null, s.rows.map((r) => r.fields.map((f) => `${f.source}:${f.widget}`))]);
}

describe('a form laid out from the schema and its UI hints', () => {
  it('news: content and its document first, then schedule (dates on one line) and appearance (SPEC §3 news item)', () => {
    expect(outline(schemaLayout(newsItemInputSchema, newsUi))).toEqual([
      [null, [['title:text'], ['body:textarea'], ['url:text'], ['documentName:document']]],
      ['news.setup.sections.schedule', [['effectiveDate:date-time', 'expirationDate:date-time'], ['order:number']]],
      ['news.setup.sections.appearance', [['icon:iconPicker', 'color:colorPicker']]],
    ]);
  });

  it("carries the schema's rules: required marks and limits (SPEC §5 news)", () => {
    const [content] = schemaLayout(newsItemInputSchema, newsUi);
    const [title, body] = content.rows.map((r) => r.fields[0]);
    expect(title.rules).toMatchObject({ required: true, maxLength: 128 });
    expect(body.rules).toMatchObject({ required: true, maxLength: 1024 });
  });

  it('labels select options and their empty choice from locale keys', () => {
    const appearance = schemaLayout(newsItemInputSchema, newsUi)[2];
    const [icon, color] = appearance.rows[0].fields;
    expect(icon.rules.options).toHaveLength(7);
    expect(icon.optionLabel?.('bell-alert')).toBe('news.icons.bell-alert');
    expect(color.optionLabel?.('amber')).toBe('news.colors.amber');
    expect(color.emptyLabel).toBe('news.setup.noColor');
  });

  it('draws each field by its schema type when the hints say nothing', () => {
    const layout = schemaLayout(statusBannerSchema, { order: ['active', 'title', 'body', 'importance'] });
    expect(outline(layout)).toEqual([[null, [['active:boolean'], ['title:text'], ['body:text'], ['importance:select']]]]);
  });

  it('leaves out the fields the hints name hidden (the page sets them), and carries a help text', () => {
    const layout = schemaLayout(statusBannerSchema, {
      order: ['title', 'body', 'importance'],
      hidden: ['active'],
      fields: { body: { hint: 'banner.bodyHint' } },
    });
    expect(outline(layout)).toEqual([[null, [['title:text'], ['body:text'], ['importance:select']]]]);
    expect(layout[0].rows[1].fields[0].hint).toBe('banner.bodyHint');
    expect(() => schemaLayout(statusBannerSchema, { order: ['title', 'body', 'importance'], hidden: ['active', 'colour'] })).toThrow(
      /'colour', which is no editable field/,
    );
    expect(() => schemaLayout(statusBannerSchema, { order: ['active', 'title', 'body', 'importance'], hidden: ['active'] })).toThrow(
      /'active' twice/,
    );
  });

  it('refuses hints that forget a field of the schema, or name one it does not have', () => {
    expect(() => schemaLayout(statusBannerSchema, { order: ['active', 'title', 'body'] })).toThrow(/leave out 'importance'/);
    expect(() => schemaLayout(statusBannerSchema, { order: ['active', 'title', 'body', 'importance', 'colour'] })).toThrow(
      /'colour', which is no editable field/,
    );
    expect(() => schemaLayout(newsItemInputSchema, { ...newsUi, order: [...newsUi.order, 'hasDocument'] })).toThrow(/'hasDocument'/);
    expect(() => schemaLayout(statusBannerSchema, { order: ['active', 'title', 'body', 'importance'], fields: { icon: {} } })).toThrow(
      /not in their order/,
    );
  });

  it('leaves out the fields the hints hide (set by the page), and refuses to hide one the schema does not let a form edit', () => {
    expect(outline(schemaLayout(contactInputSchema, contactsUi))).toEqual([
      [
        null,
        [
          ['name:text'],
          ['relation:text'],
          ['phoneNumber:phone'],
          ['email:text'],
          ['verifies:checkbox'],
          ['hasKey:checkbox'],
          ['passcode:passcode'],
        ],
      ],
    ]);
    expect(() => schemaLayout(contactInputSchema, { ...contactsUi, hidden: [] })).toThrow(/leave out 'siteNum'/);
    expect(() => schemaLayout(contactInputSchema, { ...contactsUi, hidden: ['siteNum', 'contactId'] })).toThrow(
      /name 'contactId', which is no editable field/,
    );
    expect(() => schemaLayout(contactInputSchema, { ...contactsUi, order: [...contactsUi.order, 'siteNum'] })).toThrow(/'siteNum' twice/);
  });

  it("gives a named widget its hint's options", () => {
    const [{ rows }] = schemaLayout(passcodeInputSchema, passcodesUi);
    expect(rows[1].fields[0]).toMatchObject({
      source: 'passcode',
      widget: 'passcode',
      options: { current: 'masked', requiredWhenNew: true },
    });
  });

  it("lays out every dialog of the account's editors", () => {
    expect(outline(schemaLayout(zoneInputSchema, zonesUi))).toEqual([[null, [['description:text'], ['eventType:select']]]]);
    expect(outline(schemaLayout(passcodeInputSchema, passcodesUi))).toEqual([
      [null, [['name:text'], ['passcode:passcode'], ['isDuress:checkbox']]],
    ]);
    expect(outline(schemaLayout(scheduleInputSchema, schedulesUi))).toEqual([
      [null, [['dayOfWeek:dayOfWeek'], ['name:text'], ['opensAt:timeOfDay', 'closesAt:timeOfDay']]],
    ]);
    expect(outline(schemaLayout(holidayInputSchema, holidaysUi))).toEqual([
      [null, [['date:date'], ['name:text'], ['opensAt:specialHours', 'closesAt:specialHours']]],
    ]);
  });
});
