import { DateInput } from 'react-admin';
import type { LaidOutField } from '../schemaLayout.js';

/** The 'date' widget: a calendar day, 'YYYY-MM-DD' (a JSON Schema `format: 'date'`), with the browser's date picker. */
export function CalendarDateInput({ field }: { field: LaidOutField }) {
  return <DateInput source={field.source} label={field.label} isRequired={field.rules.required} fullWidth size="small" />;
}
