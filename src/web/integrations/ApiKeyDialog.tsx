import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useFormContext } from 'react-hook-form';
import { DateInput, InputHelperText, useDataProvider, useInput, useTranslate } from 'react-admin';
import { API_KEY_SCOPES, apiKeyInputSchema, apiKeyInputUi, type ApiKey, type ApiKeyInput } from '../../../schemas/integrations.js';
import { expiryProblem } from '../../common/integrations/apiKeyRules.js';
import type { SchemaFormSlot } from '../forms/SchemaForm.js';
import { lazySchemaValidator } from '../forms/lazySchemaValidator.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { SubmitDialog } from '../resources/ResourceDialog.js';
import {
  addressesProblem,
  addressLines,
  EXPIRY_PRESET_DAYS,
  expiryAfterDays,
  expiryDayRange,
  expiryOfDay,
  localDate,
} from './integrationsRules.js';
import { DescribedChecks } from './IntegrationParts.js';

const NS = 'integrations.keys';

/** What the schema cannot say: an expiry in the future within a year, addresses or ranges. */
const validate = lazySchemaValidator(apiKeyInputSchema, (values) => ({
  expiresAt: typeof values.expiresAt === 'string' ? (expiryProblem(new Date(values.expiresAt), new Date()) ?? undefined) : undefined,
  allowedAddresses: addressesProblem(values.allowedAddresses),
}));

/** Each scope a checkbox with a sentence saying what it lets a key do. */
function ScopeChecks() {
  return (
    <DescribedChecks
      source="scopes"
      names={API_KEY_SCOPES}
      texts={`${NS}.scopes`}
      label={`${NS}.fields.scopes`}
      helperText={`${NS}.fields.scopesHint`}
    />
  );
}

/** The expiry: a day (tomorrow to a year away) or a preset, kept as the moment the server reads. */
function ExpiryInput() {
  const translate = useTranslate();
  const { setValue } = useFormContext();
  const range = expiryDayRange(new Date());
  return (
    <Box>
      <DateInput
        source="expiresAt"
        label={`${NS}.fields.expiresAt`}
        helperText={`${NS}.fields.expiresAtHint`}
        isRequired
        format={(value: string | null | undefined) => (value ? localDate(new Date(value)) : '')}
        parse={(day: string) => expiryOfDay(day, new Date())}
        slotProps={{ htmlInput: range }}
        fullWidth
        size="small"
      />
      <Stack direction="row" role="group" aria-label={translate(`${NS}.fields.presets`)} sx={{ gap: 1, flexWrap: 'wrap', mt: -0.5, mb: 1 }}>
        {EXPIRY_PRESET_DAYS.map((days) => (
          <Button
            key={days}
            size="small"
            variant="outlined"
            onClick={() => setValue('expiresAt', expiryAfterDays(days, new Date()), { shouldDirty: true, shouldValidate: true })}
          >
            {translate(`${NS}.presets.days${days}`)}
          </Button>
        ))}
      </Stack>
    </Box>
  );
}

/** The addresses the key may be used from, one per line; the form keeps them as a list. */
function AddressesInput() {
  const translate = useTranslate();
  const { field, fieldState } = useInput<string[]>({ source: 'allowedAddresses' });
  const [text, setText] = useState(() => (field.value ?? []).join('\n'));
  const error = fieldState.error?.message;
  return (
    <TextField
      label={translate(`${NS}.fields.allowedAddresses`)}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        field.onChange(addressLines(event.target.value));
      }}
      onBlur={field.onBlur}
      name={field.name}
      multiline
      minRows={2}
      maxRows={8}
      fullWidth
      size="small"
      error={!!error}
      helperText={<InputHelperText error={error} helperText={`${NS}.fields.allowedAddressesHint`} />}
      slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off' } }}
      sx={{ mt: 1 }}
    />
  );
}

const SLOTS: Record<string, SchemaFormSlot> = {
  scopes: () => <ScopeChecks />,
  expiry: () => <ExpiryInput />,
  addresses: () => <AddressesInput />,
};

/** New API key: name, scopes, expiry (90 days unless changed), allowed addresses; the answer holds the key, shown once. */
export function ApiKeyCreateDialog({ onCreated, onClose }: { onCreated: (key: ApiKey) => void; onClose: () => void }) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [values] = useState(() => ({ name: '', scopes: [], expiresAt: expiryAfterDays(90, new Date()), allowedAddresses: [] }));
  return (
    <SubmitDialog<ApiKey>
      schema={apiKeyInputSchema}
      ui={apiKeyInputUi}
      slots={SLOTS}
      validate={validate}
      values={values}
      texts={{
        title: `${NS}.create.title`,
        explanation: `${NS}.create.intro`,
        submit: `${NS}.create.submit`,
        saved: (key) => ({ key: `${NS}.create.created`, args: { name: key.name } }),
        saveError: `${NS}.create.failed`,
      }}
      submit={(form) => {
        const input: ApiKeyInput = {
          name: String(form.name ?? '').trim(),
          scopes: form.scopes as ApiKeyInput['scopes'],
          expiresAt: String(form.expiresAt),
        };
        const addresses = form.allowedAddresses as string[] | undefined;
        if (addresses?.length) input.allowedAddresses = addresses;
        return dataProvider.createApiKey(input);
      }}
      onSaved={onCreated}
      onClose={onClose}
    />
  );
}
