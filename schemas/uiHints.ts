/**
 * Small UI hints kept beside an entity's JSON Schema (a sibling `<entity>Ui` export, e.g.
 * `newsUi` in news.ts): what the schema cannot say about a form. The schema keeps every
 * rule (required, limits, options, messages); the hints only place and draw the fields.
 * src/web/forms/SchemaForm.tsx reads both. Hints are data, not keywords, so ajv and the
 * OpenAPI document never see them.
 */
export interface UiFieldHint {
  /**
   * How the field is drawn: 'textarea' for a long text, or the name of a slot the form
   * fills with a custom input ('document', 'iconPicker'...). Left out, the schema decides
   * (text, number, date-time, select, boolean).
   */
  readonly widget?: string;
  /** Locale key of the heading of the section the field opens; later fields stay in it. */
  readonly section?: string;
  /** Fields with the same row name share one line on wider screens (a start and an end date). */
  readonly row?: string;
  /** Selects: locale key prefix of the option labels (`${optionLabels}.${value}`). */
  readonly optionLabels?: string;
  /** Nullable selects: locale key of 'no value'. */
  readonly emptyLabel?: string;
  /** Locale key of the label; left out, react-admin's `resources.<name>.fields.<field>`. */
  readonly label?: string;
  /**
   * A named widget's own settings (forms/widgets.tsx says which each reads): a passcode's record
   * field that holds its mask, a closing time's opening field. Texts are locale keys.
   */
  readonly options?: Readonly<Record<string, string | boolean>>;
  /** Locale key of a help text under the input (beside a text's length counter). */
  readonly hint?: string;
  /** The input a dialog opens on, ready for typing. */
  readonly autoFocus?: boolean;
}

export interface UiHints<Field extends string = string> {
  /** Every editable field of the schema, in the order the form shows them. */
  readonly order: readonly Field[];
  readonly fields?: { readonly [F in Field]?: UiFieldHint };
  /**
   * Editable fields the form does not draw: the page sets them (the account a change request is
   * for, the library a document goes to) or another action changes them (a user's Disable).
   * Named, so none is left out by mistake.
   */
  readonly hidden?: readonly Field[];
}
