import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import FormControl from '@mui/material/FormControl';
import { useFormContext, useFormState, useWatch } from 'react-hook-form';
import { ValidationError, useTranslate, type ValidationErrorMessage } from 'react-admin';
import { permissionOptions, toggled, type ManagerView, type PermissionOption } from './staffRules.js';

type Selected = { roles: string[]; flags: string[] };

/**
 * The staff forms' `permissions` widget: the §6 roles and flags (the form's `roles` and `flags`)
 * as one list of checkboxes; one the manager does not hold is shown locked, with why.
 */
export function PermissionChecks({ manager, disabled: disabledProp }: { manager: ManagerView; disabled?: boolean }) {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const [roles = [], flags = []] = useWatch({ name: ['roles', 'flags'] }) as [string[] | undefined, string[] | undefined];
  const { isSubmitting, errors } = useFormState({ name: ['roles', 'flags'] });
  const disabled = disabledProp || isSubmitting;
  const options = permissionOptions(manager, { roles, flags });
  const anyLocked = options.some((o) => o.locked);
  const error = errors.roles?.message ?? errors.flags?.message;
  const toggle = (option: PermissionOption) => {
    const next: Selected = toggled({ roles, flags }, option);
    setValue(option.kind, next[option.kind], { shouldDirty: true, shouldValidate: true });
  };
  return (
    <FormControl component="fieldset" disabled={disabled} error={!!error}>
      <FormLabel component="legend">{translate('users.permissions.title')}</FormLabel>
      <FormGroup>
        {options.map((option) => (
          <FormControlLabel
            key={option.name}
            control={<Checkbox checked={option.checked} onChange={() => toggle(option)} disabled={disabled || option.locked} />}
            label={translate(`users.permissions.${option.name}`)}
          />
        ))}
      </FormGroup>
      {error ? (
        <FormHelperText>
          <ValidationError error={error as ValidationErrorMessage} />
        </FormHelperText>
      ) : (
        anyLocked && !disabled && <FormHelperText>{translate('users.permissions.notHeld')}</FormHelperText>
      )}
    </FormControl>
  );
}
