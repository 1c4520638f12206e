import { useWatch } from 'react-hook-form';
import { TextInput, useTranslate } from 'react-admin';
import { isOvernight } from '../../../common/scheduleRules.js';
import type { LaidOutField } from '../schemaLayout.js';

/**
 * The 'timeOfDay' widget: 'HH:MM' with the browser's time picker. A closing time names its
 * opening field in its hint's options (`opens`) and says `overnightText` below when it is the
 * earlier of the two: the window closes the next day (src/common/scheduleRules.ts).
 */
export function TimeOfDayInput({ field }: { field: LaidOutField }) {
  const translate = useTranslate();
  const { opens, overnightText } = field.options ?? {};
  const [opensAt, closesAt] = useWatch({ name: [typeof opens === 'string' ? opens : field.source, field.source] }) as unknown[];
  const overnight =
    typeof opens === 'string' &&
    typeof overnightText === 'string' &&
    typeof opensAt === 'string' &&
    typeof closesAt === 'string' &&
    isOvernight(opensAt, closesAt);
  return (
    <TextInput
      source={field.source}
      label={field.label}
      type="time"
      isRequired={field.rules.required}
      fullWidth
      size="small"
      // An optional time left empty is null (none), a required one stays '' and is said to be missing.
      parse={(typed: string) => (typed === '' && field.rules.nullable ? null : typed)}
      helperText={overnight ? <span role="status">{translate(overnightText)}</span> : undefined}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }}
    />
  );
}
