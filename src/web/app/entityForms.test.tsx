// @vitest-environment happy-dom
import type { ComponentType } from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import { AdminContext, Form, memoryStore, testDataProvider, type I18nProvider } from 'react-admin';
import { afterEach, describe, expect, it } from 'vitest';
import { validators } from 'virtual:precompiled-validators';
import type { UiHints } from '../../../schemas/uiHints.js';
import { NewsInputs } from '../news/NewsInputs.js';
import { PrivacyPolicyInputs } from '../privacyPolicies/PrivacyPolicyInputs.js';
import { HOLIDAY_SLOTS } from '../site/info/ScheduleDialogs.js';
import { SchemaForm, type SchemaFormSlot } from '../forms/SchemaForm.js';
import { editableFields, type ObjectSchema } from '../forms/schemaFields.js';
import { schemaKey } from '../forms/schemaKey.js';
import { isBuiltInWidget, schemaLayout } from '../forms/schemaLayout.js';
import { WIDGETS } from '../forms/widgets.js';

/**
 * Every entity form, generated from schemas/: each UI hints export (`<entity>Ui`) is paired with
 * the schemas of its module it lays out, and the form is rendered from them as the portal draws it
 * (SchemaForm with the named widgets, or the form's own inputs where it has one-off widgets). The
 * test fails when a schema field has no input named after it, when hints leave a field out, or
 * when a widget is neither built in, nor named in forms/widgets.tsx, nor the form's own.
 */

/** The forms with one-off widgets: the component that draws the form, or the slots its page gives SchemaForm. */
const FORM_INPUTS = new Map<string, ComponentType>([
  ['news.ts:newsUi', NewsInputs],
  ['privacyPolicy.ts:privacyPolicyUi', PrivacyPolicyInputs],
]);
const FORM_SLOTS = new Map<string, Record<string, SchemaFormSlot>>([['schedules.ts:holidaysUi', HOLIDAY_SLOTS]]);

/**
 * One-off widgets their page draws from its own state (the account shown, the manager's rights):
 * here an input of the field's name stands in for each, and the page's journey checks the real one
 * (msa, dealerAdmin, news specs). A widget name not listed here, nor named, nor a form's slot fails.
 */
const PAGE_SLOTS: Record<string, readonly string[]> = {
  'documents.ts:libraryDocumentUi': ['tags'],
  'integrations.ts:apiKeyInputUi': ['scopes', 'expiry', 'addresses'],
  'integrations.ts:webhookSubscriptionInputUi': ['eventTypes', 'sites', 'activeSwitch'],
  'documents.ts:libraryDocumentUploadUi': ['tags', 'file'],
  'documents.ts:roadmapItemUi': ['shippedOn'],
  'msa.ts:changeRequestUi': ['changeField'],
  'user.ts:accountLinkCreateUi': ['secret'],
  'user.ts:msaEmailConfirmationUi': ['oneTimeCode'],
  'users.ts:staffInviteUi': ['permissions'],
  'users.ts:staffPermissionsUi': ['permissions'],
};
const standIn: SchemaFormSlot = (field) => <input name={field.source} aria-label={field.source} readOnly />;
const slotsOf = (name: string) => ({
  ...Object.fromEntries((PAGE_SLOTS[name] ?? []).map((widget) => [widget, standIn])),
  ...FORM_SLOTS.get(name),
});

interface EntityForm {
  name: string;
  schema: ObjectSchema;
  ui: UiHints;
}

const isHints = (value: unknown): value is UiHints => !!value && typeof value === 'object' && Array.isArray((value as UiHints).order);
const isObjectSchema = (value: unknown): value is ObjectSchema =>
  !!value && typeof value === 'object' && (value as { type?: unknown }).type === 'object' && !!(value as ObjectSchema).properties;

function fits(schema: ObjectSchema, ui: UiHints): boolean {
  try {
    schemaLayout(schema, ui);
    return true;
  } catch {
    return false;
  }
}

const modules = import.meta.glob<Record<string, unknown>>(['../../../schemas/*.ts', '!../../../schemas/*.test.ts'], { eager: true });
const hintsExports = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter(([name, value]) => name.endsWith('Ui') && isHints(value))
    .map(([name, ui]) => ({ file: file.split('/').pop()!, name, ui: ui as UiHints, exports })),
);
const forms: EntityForm[] = hintsExports.flatMap(({ file, name, ui, exports }) =>
  Object.entries(exports)
    .filter(([, value]) => isObjectSchema(value) && fits(value as ObjectSchema, ui))
    .map(([schemaName, schema]) => ({ name: `${file}:${name}`, schemaName, schema: schema as ObjectSchema, ui })),
);

/** Labels as their keys: the test looks for inputs by their names, not their texts. */
const i18nProvider: I18nProvider = { translate: (key) => key, changeLocale: async () => {}, getLocale: () => 'en' };

function renderForm({ name, schema, ui }: EntityForm) {
  const Inputs = FORM_INPUTS.get(name);
  return render(
    <AdminContext dataProvider={testDataProvider()} i18nProvider={i18nProvider} store={memoryStore()}>
      <Form>{Inputs ? <Inputs /> : <SchemaForm schema={schema} ui={ui} slots={slotsOf(name)} />}</Form>
    </AdminContext>,
  );
}

afterEach(cleanup);

describe('every entity form renders an input for each field of its schema', () => {
  it('finds the forms: each UI hints export lays out at least one schema of its module', () => {
    expect(hintsExports.length).toBeGreaterThanOrEqual(8);
    for (const { file, name } of hintsExports)
      expect(
        forms.map((f) => f.name),
        `${file}:${name}`,
      ).toContain(`${file}:${name}`);
  });

  it('draws every widget: built in, named in forms/widgets.tsx, or given by the form', () => {
    for (const form of forms) {
      for (const section of schemaLayout(form.schema, form.ui)) {
        for (const { widget, source } of section.rows.flatMap((r) => r.fields)) {
          const known = isBuiltInWidget(widget) || widget in WIDGETS || FORM_INPUTS.has(form.name) || widget in slotsOf(form.name);
          expect(known, `${form.name} ${source}: widget '${widget}'`).toBe(true);
        }
      }
    }
  });

  it('validates every form with a validator the build wrote (the page compiles none: no unsafe-eval)', () => {
    const missing = forms.filter((form) => !validators[schemaKey(form.schema)]).map((form) => form.name);
    expect(missing, 'list their schemas in src/web/app/validatedSchemas.ts').toEqual([]);
  });

  it.each(forms.map((form) => [form.name, form] as const))('%s', async (_name, form) => {
    const { container } = renderForm(form);
    // The fields the page sets itself (the account of a new contact) are not drawn.
    const fields = editableFields(form.schema).filter((field) => !form.ui.hidden?.includes(field));
    await waitFor(() => {
      const named = new Set([...container.querySelectorAll('[name]')].map((element) => element.getAttribute('name')));
      expect(fields.filter((field) => !named.has(field))).toEqual([]);
    });
  });
});
