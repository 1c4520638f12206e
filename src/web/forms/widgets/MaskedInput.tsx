import { useState, type ReactNode } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { FieldTitle, InputHelperText, useInput, useTranslate } from 'react-admin';

export interface MaskedInputProps {
  source: string;
  /** Locale key of the label. */
  label?: string;
  required?: boolean;
  /** Below the input while it has no message. */
  helperText?: ReactNode;
  /** Drawn disabled; the value stays in the form (react-hook-form drops a disabled field's value). */
  disabled?: boolean;
  /** Its message only once the field was left or the form submitted (a confirmation typed a letter at a time). */
  quietWhileTyping?: boolean;
}

/**
 * A secret typed masked, shown on request (the eye button, 'Show passcode'), never prefilled: the
 * passcode widget and its confirmation. Empty stays '' (react-admin's own inputs make it null,
 * which the contact's passcode reads as 'remove').
 */
export function MaskedInput({ source, label, required, helperText, disabled, quietWhileTyping }: MaskedInputProps) {
  const translate = useTranslate();
  const [shown, setShown] = useState(false);
  const {
    id,
    field,
    fieldState: { invalid, error, isTouched },
    formState: { isSubmitted },
  } = useInput({ source, format: (value: unknown) => (typeof value === 'string' ? value : ''), parse: (value: string) => value });
  const speaks = invalid && (!quietWhileTyping || isTouched || isSubmitted);
  return (
    <TextField
      id={id}
      name={field.name}
      value={field.value as string}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      type={shown ? 'text' : 'password'}
      autoComplete="off"
      label={<FieldTitle label={label} source={source} isRequired={required} />}
      error={speaks}
      helperText={<InputHelperText error={speaks ? error?.message : undefined} helperText={helperText} />}
      disabled={disabled}
      fullWidth
      size="small"
      margin="dense"
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={translate(shown ? 'accountEdits.passcodes.hide' : 'accountEdits.passcodes.show')}
                onClick={() => setShown((s) => !s)}
                edge="end"
                disabled={disabled}
              >
                {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
