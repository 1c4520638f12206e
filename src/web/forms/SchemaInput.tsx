import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useWatch } from 'react-hook-form';
import { BooleanInput, DateTimeInput, NumberInput, SelectInput, TextInput, useTranslate } from 'react-admin';
import { parseLocalDateTime } from './dateTime.js';
import { fieldRules, lengthCounter, type ObjectSchema } from './schemaFields.js';

export interface SchemaInputProps {
  /** The JSON Schema of the whole form (schemas/*.ts). */
  schema: ObjectSchema;
  source: string;
  /** A locale key or text; react-admin's resource field label when left out. */
  label?: string;
  /** Texts: several lines. */
  multiline?: boolean;
  /** Selects: the locale key of an option's label. */
  optionLabel?: (value: string | number) => string;
  /** Selects: how an option is drawn in the list (an icon beside its label, say). */
  optionText?: (choice: { id: string | number; name: string }) => ReactNode;
  /** Selects: the label of 'no value' for nullable fields. */
  emptyText?: string;
  /** A help text under the input (a text's length counter stays beside it). */
  helperText?: string;
  disabled?: boolean;
  /** The input a dialog opens on. */
  autoFocus?: boolean;
}

/** '12/128' under a text input, from the live value; after the field's help text when it has one. */
function LengthCounter({ source, max, hint }: { source: string; max: number; hint?: string }) {
  const value = useWatch({ name: source });
  const counter = <span aria-hidden="true">{lengthCounter(value, max)}</span>;
  if (!hint) return counter;
  return (
    <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
      <span>{hint}</span>
      {counter}
    </Box>
  );
}

/**
 * One react-admin input for one schema field: the input kind, the required
 * mark, the length counter and the options come from the schema; the
 * messages come from the form's schemaValidator (the server's ajv and keys).
 */
export function SchemaInput({
  schema,
  source,
  label,
  multiline,
  optionLabel,
  optionText,
  emptyText = '-',
  helperText,
  disabled,
  autoFocus,
}: SchemaInputProps) {
  const translate = useTranslate();
  const rules = fieldRules(schema, source);
  // One size for every kind: react-admin draws dates and numbers small, texts and selects not.
  const common = { source, label, isRequired: rules.required, disabled, autoFocus, fullWidth: true, size: 'small' } as const;

  switch (rules.kind) {
    case 'boolean':
      return <BooleanInput {...common} helperText={helperText} />;
    case 'number':
      return <NumberInput {...common} helperText={helperText} />;
    case 'date-time':
      return <DateTimeInput {...common} parse={parseLocalDateTime} helperText={helperText} />;
    case 'select': {
      const choices = (rules.options ?? []).map((value) => ({
        id: value,
        name: translate(optionLabel ? optionLabel(value) : String(value)),
      }));
      return (
        <SelectInput
          {...common}
          choices={choices}
          optionText={optionText}
          translateChoice={false}
          emptyText={rules.nullable ? emptyText : undefined}
          // 'No value' is stored as null for nullable fields.
          parse={(value: unknown) => (value === '' && rules.nullable ? null : value)}
          helperText={helperText}
        />
      );
    }
    default:
      return (
        <TextInput
          {...common}
          multiline={multiline}
          minRows={multiline ? 3 : undefined}
          // Empty stays empty (null for nullable fields), so a cleared optional field is accepted.
          parse={(value: string) => (value === '' && rules.nullable ? null : value)}
          helperText={rules.maxLength ? <LengthCounter source={source} max={rules.maxLength} hint={helperText} /> : (helperText ?? false)}
        />
      );
  }
}
