import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import FormControl from '@mui/material/FormControl';
import { useTranslate } from 'react-admin';
import type { PermissionOption } from './staffRules.js';

/** The §6 roles and flags as checkboxes; one the manager does not hold is shown locked, with why. */
export function PermissionChecks({
  options,
  disabled,
  onToggle,
}: {
  options: PermissionOption[];
  disabled?: boolean;
  onToggle: (option: PermissionOption) => void;
}) {
  const translate = useTranslate();
  const anyLocked = options.some((o) => o.locked);
  return (
    <FormControl component="fieldset" disabled={disabled}>
      <FormLabel component="legend">{translate('users.permissions.title')}</FormLabel>
      <FormGroup>
        {options.map((option) => (
          <FormControlLabel
            key={option.name}
            control={<Checkbox checked={option.checked} onChange={() => onToggle(option)} disabled={disabled || option.locked} />}
            label={translate(`users.permissions.${option.name}`)}
          />
        ))}
      </FormGroup>
      {anyLocked && !disabled && <FormHelperText>{translate('users.permissions.notHeld')}</FormHelperText>}
    </FormControl>
  );
}
