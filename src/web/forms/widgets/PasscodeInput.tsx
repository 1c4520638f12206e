import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useFormContext, useWatch } from 'react-hook-form';
import { useRecordContext, useTranslate } from 'react-admin';
import type { LaidOutField } from '../schemaLayout.js';
import { MaskedInput } from './MaskedInput.js';

const text = (value: string | boolean | undefined) => (typeof value === 'string' ? value : undefined);

/**
 * The 'passcode' widget: the value masked with a reveal toggle, never prefilled; left empty, the
 * stored one is kept. Its hint's options: `current`, the record's field that holds the stored
 * passcode's mask (then `keepText` says it is kept); `removeLabel`, a choice to remove it (the
 * value becomes null and the input is set aside); `requiredWhenNew`, the required mark on a new
 * record. The value's rule (passcodeRules.ts) is the form's `validate`.
 */
export function PasscodeInput({ field }: { field: LaidOutField }) {
  const translate = useTranslate();
  const record = useRecordContext();
  const { setValue } = useFormContext();
  const value: unknown = useWatch({ name: field.source });
  const { current, keepText, removeLabel, requiredWhenNew } = field.options ?? {};
  const stored = typeof current === 'string' && Boolean(record?.[current]);
  const remove = stored ? text(removeLabel) : undefined;
  const removed = remove !== undefined && value === null;
  const keep = text(keepText);
  return (
    <Box>
      <MaskedInput
        source={field.source}
        label={field.label}
        required={field.rules.required || (requiredWhenNew === true && record?.id == null)}
        helperText={stored && keep ? translate(keep) : undefined}
        disabled={removed}
      />
      {remove && (
        <FormControlLabel
          label={translate(remove)}
          control={
            <Checkbox
              checked={removed}
              onChange={(event) => setValue(field.source, event.target.checked ? null : '', { shouldDirty: true, shouldValidate: true })}
            />
          }
        />
      )}
    </Box>
  );
}
