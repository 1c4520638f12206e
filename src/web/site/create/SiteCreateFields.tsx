import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { Controller, useFormContext, type FieldPath } from 'react-hook-form';
import type { NewSiteValues } from './siteCreateForm.js';

type Name = FieldPath<NewSiteValues>;

/** The message of a field (already in the user's language: the step's resolver and the server translate them). */
function useFieldError(name: Name): string | undefined {
  const { getFieldState, formState } = useFormContext<NewSiteValues>();
  return getFieldState(name, formState).error?.message;
}

interface TextInputProps extends Omit<TextFieldProps, 'name' | 'value' | 'onChange' | 'error'> {
  name: Name;
  label: string;
  /** A hint under the input while it has no error. */
  hint?: ReactNode;
  /** Called after the value changed (a dependent field follows it). */
  onValueChange?: (value: string) => void;
}

/** A text input of the stepper: labelled, its message under it (announced), required marked. */
export function TextInput({ name, label, hint, onValueChange, onBlur, ...props }: TextInputProps) {
  const { control, trigger } = useFormContext<NewSiteValues>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <TextField
          {...props}
          id={props.id ?? `site-create-${name.replace(/\./g, '-')}`}
          name={field.name}
          inputRef={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={(event) => {
            field.onChange(event.target.value);
            onValueChange?.(event.target.value);
            // A field with a message is checked again as it is corrected (untouched fields too: a message from Next or the server).
            if (error) void trigger(name);
          }}
          onBlur={(event) => {
            field.onBlur();
            onBlur?.(event);
          }}
          label={label}
          error={Boolean(error)}
          // Room for a message kept from the start: a message appearing never moves the buttons under a pointer.
          helperText={error ?? hint ?? ' '}
          fullWidth
          size="small"
        />
      )}
    />
  );
}

interface SelectInputProps extends Omit<TextInputProps, 'select' | 'children'> {
  options: readonly { value: string; label: string }[];
  /** An empty first option ('Choose…'): the label, or none. */
  emptyOption?: string;
}

/** A native select (phones show their own picker; keyboard and screen readers know it). */
export function SelectInput({ options, emptyOption, ...props }: SelectInputProps) {
  return (
    <TextInput {...props} select slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}>
      {emptyOption !== undefined && <option value="">{emptyOption}</option>}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </TextInput>
  );
}

/** A checkbox of the stepper. */
export function CheckboxInput({ name, label }: { name: Name; label: string }) {
  const { control } = useFormContext<NewSiteValues>();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              name={field.name}
              inputRef={field.ref}
              checked={Boolean(field.value)}
              onChange={(e) => field.onChange(e.target.checked)}
            />
          }
        />
      )}
    />
  );
}
