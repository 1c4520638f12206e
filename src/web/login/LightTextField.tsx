import { useId, type ChangeEvent, type KeyboardEvent, type Ref } from 'react';
import './LightTextField.css';

/**
 * An outlined text field that looks like MUI's TextField (floating label in a notched
 * outline, helper text, error state; LightTextField.css), in plain React: the login page's first
 * load has no MUI (70 KB budget). The lazily loaded steps and dialogs use TextField itself.
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
    <div className="login-field" data-filled={value !== '' || undefined} data-error={error || undefined}>
      <label className="login-field__label" htmlFor={id}>
        {label}
      </label>
      <div className="login-field__box">
        <input
          className="login-field__input"
          id={id}
          name={name}
          type={type}
          placeholder={placeholder}
          autoComplete={autoComplete}
          value={value}
          onChange={onChange}
          onKeyDown={onKeyDown}
          autoFocus={autoFocus}
          ref={inputRef}
          maxLength={maxLength}
          aria-invalid={error || undefined}
          aria-describedby={helperText ? helperId : undefined}
        />
        <fieldset className="login-field__outline" aria-hidden="true">
          <legend>
            <span>{label}</span>
          </legend>
        </fieldset>
      </div>
      {helperText && (
        <p className="login-field__helper" id={helperId}>
          {helperText}
        </p>
      )}
    </div>
  );
}
