import { useId, type ChangeEvent, type KeyboardEvent, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';

/**
 * An outlined text field like MUI's TextField, built from its parts: TextField also pulls
 * in Select, Menu, Popover and Modal, which the login page's first load cannot afford
 * (120 KB budget). The lazily loaded steps and dialogs use TextField itself.
 */
export function LightTextField({
  label,
  placeholder,
  name,
  type = 'text',
  autoComplete,
  value,
  onChange,
  onKeyDown,
  error,
  helperText,
  maxLength,
  autoFocus,
  inputRef,
}: {
  label: string;
  placeholder?: string;
  name: string;
  type?: string;
  autoComplete?: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLInputElement>) => void;
  error?: boolean;
  helperText?: string;
  maxLength?: number;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl variant="outlined" error={error} fullWidth>
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        type={type}
        label={label}
        placeholder={placeholder}
        autoComplete={autoComplete}
        value={value}
        onChange={onChange}
        onKeyDown={onKeyDown}
        autoFocus={autoFocus}
        inputRef={inputRef}
        inputProps={{ maxLength, 'aria-describedby': helperText ? helperId : undefined }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
