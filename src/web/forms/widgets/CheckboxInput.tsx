import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import { InputHelperText, useInput, useTranslate } from 'react-admin';

/**
 * A yes-or-no field as a checkbox with its label beside it (react-admin's BooleanInput draws a
 * switch): the 'checkbox' widget, and a form's own flags (a holiday closed all day). Its message,
 * the form's or the server's, below it.
 */
export function CheckboxInput({ source, label }: { source: string; label?: string }) {
  const translate = useTranslate();
  const {
    id,
    field,
    fieldState: { invalid, error },
  } = useInput({ source, type: 'checkbox', format: (value: unknown) => Boolean(value), parse: (value: unknown) => Boolean(value) });
  const helperId = `${id}-helper-text`;
  return (
    <FormControl error={invalid} sx={{ display: 'flex' }}>
      <FormControlLabel
        label={translate(label ?? source)}
        control={
          <Checkbox
            id={id}
            name={field.name}
            checked={field.value as boolean}
            onChange={(event) => field.onChange(event.target.checked)}
            onBlur={field.onBlur}
            inputRef={field.ref}
            slotProps={{ input: { 'aria-describedby': invalid ? helperId : undefined } as object }}
          />
        }
      />
      {invalid && (
        <FormHelperText id={helperId} sx={{ mt: 0 }}>
          <InputHelperText error={error?.message} />
        </FormHelperText>
      )}
    </FormControl>
  );
}
