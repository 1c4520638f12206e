import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslate } from 'react-admin';
import { SITE_COUNTRIES } from '../../../schemas/siteCreate.js';
import { ACCOUNT_GROUP_LIMITS } from '../../../schemas/accountGroup.js';
import { addressLabels, regionsOf } from '../../common/postalAddress.js';
import type { AddressForm } from './accountGroupForm.js';

export interface AddressFieldsProps {
  /** The id prefix and the server's error prefix ('officeAddress', 'mailingAddress'). */
  name: string;
  value: AddressForm;
  onChange(next: AddressForm): void;
  /** Messages by part (line1, city…), already translated. */
  errors: Partial<Record<keyof AddressForm, string>>;
  disabled?: boolean;
}

/** A postal address of the group: the country first, then the fields its rules name (src/common/postalAddress.ts). */
export function AddressFields({ name, value, onChange, errors, disabled }: AddressFieldsProps) {
  const translate = useTranslate();
  const labels = addressLabels(value.country);
  const set = (part: keyof AddressForm) => (event: { target: { value: string } }) =>
    onChange({ ...value, [part]: event.target.value, ...(part === 'country' ? { state: '' } : {}) });
  const field = (part: keyof AddressForm) => ({
    id: `${name}-${part}`,
    value: value[part],
    onChange: set(part),
    error: Boolean(errors[part]),
    helperText: errors[part],
    disabled,
    fullWidth: true,
    size: 'small' as const,
  });
  return (
    <Stack spacing={2}>
      <TextField select label={translate('accountGroup.fields.country')} {...field('country')}>
        {SITE_COUNTRIES.map((country) => (
          <MenuItem key={country} value={country}>
            {translate(`accountGroup.countries.${country}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        label={translate('accountGroup.fields.line1')}
        autoComplete={`section-${name} address-line1`}
        slotProps={{ htmlInput: { maxLength: ACCOUNT_GROUP_LIMITS.line } }}
        {...field('line1')}
      />
      <TextField
        label={translate('accountGroup.fields.line2')}
        autoComplete={`section-${name} address-line2`}
        slotProps={{ htmlInput: { maxLength: ACCOUNT_GROUP_LIMITS.line } }}
        {...field('line2')}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={translate('accountGroup.fields.city')}
          autoComplete={`section-${name} address-level2`}
          slotProps={{ htmlInput: { maxLength: ACCOUNT_GROUP_LIMITS.city } }}
          {...field('city')}
        />
        <TextField select label={translate(labels.state)} {...field('state')}>
          {regionsOf(value.country).map((region) => (
            <MenuItem key={region.code} value={region.code}>
              {region.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={translate(labels.postalCode)}
          autoComplete={`section-${name} postal-code`}
          slotProps={{ htmlInput: { maxLength: 10 } }}
          {...field('postalCode')}
        />
      </Stack>
    </Stack>
  );
}
