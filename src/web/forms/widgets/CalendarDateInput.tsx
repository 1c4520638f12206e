import { DateInput } from 'react-admin';
import type { LaidOutField } from '../schemaLayout.js';

/**
 * The 'date' widget: a calendar day, 'YYYY-MM-DD' (a JSON Schema `format: 'date'`), with the
 * browser's date picker. A cleared optional day is stored as null, as the schema's nullable type asks.
 */
export function CalendarDateInput({ field }: { field: LaidOutField }) {
  return (
    <DateInput
      source={field.source}
      label={field.label}
      isRequired={field.rules.required}
      helperText={field.hint ?? false}
      parse={(value: string) => (value === '' && field.rules.nullable ? null : value)}
      fullWidth
      size="small"
    />
  );
}
