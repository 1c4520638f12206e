import type { UiFieldHint, UiHints } from '../../../schemas/uiHints.js';
import { editableFields, fieldRules, type FieldKind, type FieldRules, type ObjectSchema } from './schemaFields.js';

/** The widgets SchemaForm draws itself; any other widget name is a slot the form is given. */
const BUILT_IN_WIDGETS = ['text', 'textarea', 'number', 'date-time', 'select', 'boolean'] as const;
export type BuiltInWidget = (typeof BUILT_IN_WIDGETS)[number];

/** One field as the form draws it: the schema's rules and the hints' placement. */
export interface LaidOutField {
  source: string;
  rules: FieldRules;
  /** A built-in widget, or the name of a slot. */
  widget: string;
  label?: string;
  /** Selects: the locale key of each option's label. */
  optionLabel?: (value: string | number) => string;
  emptyLabel?: string;
  /** A named widget's own settings (the hint's `options`). */
  options?: Readonly<Record<string, string | boolean>>;
  /** Locale key of a help text under the input. */
  hint?: string;
  autoFocus?: boolean;
}

export interface LaidOutRow {
  fields: LaidOutField[];
}

export interface LaidOutSection {
  /** Locale key of the heading; the first section may have none. */
  title?: string;
  rows: LaidOutRow[];
}

const WIDGET_OF_KIND: Record<FieldKind, BuiltInWidget> = {
  text: 'text',
  number: 'number',
  boolean: 'boolean',
  'date-time': 'date-time',
  select: 'select',
};

export function isBuiltInWidget(widget: string): widget is BuiltInWidget {
  return (BUILT_IN_WIDGETS as readonly string[]).includes(widget);
}

function laidOut(schema: ObjectSchema, source: string, hint: UiFieldHint): LaidOutField {
  const rules = fieldRules(schema, source);
  const prefix = hint.optionLabels;
  return {
    source,
    rules,
    widget: hint.widget ?? WIDGET_OF_KIND[rules.kind],
    ...(hint.label && { label: hint.label }),
    ...(prefix && { optionLabel: (value: string | number) => `${prefix}.${value}` }),
    ...(hint.emptyLabel && { emptyLabel: hint.emptyLabel }),
    ...(hint.options && { options: hint.options }),
    ...(hint.hint && { hint: hint.hint }),
    ...(hint.autoFocus && { autoFocus: true }),
  };
}

/**
 * A form's sections, rows and fields from an entity's schema and its UI hints
 * (schemas/uiHints.ts): fields in the hints' order, a new section where a field names one,
 * fields of the same `row` on one line. Refuses hints that name a field the schema does not
 * let a form edit, and a schema field the hints forget (neither placed nor `hidden`), so a field
 * added to a schema is never silently missing from its form.
 */
export function schemaLayout(schema: ObjectSchema, ui: UiHints): LaidOutSection[] {
  const editable = editableFields(schema);
  const seen = new Set<string>();
  for (const source of [...ui.order, ...(ui.hidden ?? [])]) {
    if (!editable.includes(source)) throw new Error(`The UI hints name '${source}', which is no editable field of the schema`);
    if (seen.has(source)) throw new Error(`The UI hints name '${source}' twice`);
    seen.add(source);
  }
  for (const source of Object.keys(ui.fields ?? {})) {
    if (!ui.order.includes(source)) throw new Error(`The UI hints describe '${source}', which is not in their order`);
  }
  const missing = editable.filter((source) => !seen.has(source));
  if (missing.length) throw new Error(`The UI hints leave out ${missing.map((m) => `'${m}'`).join(', ')}`);

  const sections: LaidOutSection[] = [];
  let section: LaidOutSection | undefined;
  let rowName: string | undefined;
  for (const source of ui.order) {
    const hint: UiFieldHint = ui.fields?.[source] ?? {};
    if (!section || hint.section) {
      section = { ...(hint.section && { title: hint.section }), rows: [] };
      sections.push(section);
      rowName = undefined;
    }
    const field = laidOut(schema, source, hint);
    const last = section.rows.at(-1);
    if (hint.row && last && hint.row === rowName) last.fields.push(field);
    else section.rows.push({ fields: [field] });
    rowName = hint.row;
  }
  return sections;
}
