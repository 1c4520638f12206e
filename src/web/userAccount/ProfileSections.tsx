import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useLocales, useLocaleState, useNotify, useTheme, useTranslate } from 'react-admin';
import type { Profile } from '../../../schemas/users.js';
import { PROFILE_LANGUAGES, PROFILE_THEMES } from '../../../schemas/users.js';
import { clientMessage } from '../providers/errorMessages.js';
import { useApplyPreferences } from '../providers/useSavedPreferences.js';
import { Section } from './Section.js';
import { USER_ACCOUNT_KEYS, useAccountProvider } from './userAccountQueries.js';

/** The name (the username shown, not changed here). */
export function ProfileSection({ profile }: { profile: Profile }) {
  const dataProvider = useAccountProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [name, setName] = useState(profile.name);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const save = async () => {
    if (!name.trim()) return setError('validation.required');
    setBusy(true);
    try {
      queryClient.setQueryData(USER_ACCOUNT_KEYS.profile, await dataProvider.saveProfile({ name: name.trim() }));
      setError(undefined);
      notify('userAccount.profile.saved', { type: 'success' });
    } catch (failure) {
      const { message, fieldErrors } = clientMessage(failure, 'userAccount.saveFailed.profile');
      setError(fieldErrors?.name ?? message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Section title={translate('userAccount.profile.title')}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <Stack spacing={2}>
          <div>
            <Typography variant="body2" color="text.secondary">
              {translate('userAccount.profile.username')}
            </Typography>
            <Typography sx={{ overflowWrap: 'anywhere' }}>{profile.username}</Typography>
          </div>
          <TextField
            label={translate('userAccount.profile.name')}
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(undefined);
            }}
            required
            slotProps={{ htmlInput: { maxLength: 100, autoComplete: 'name' } }}
            error={Boolean(error)}
            helperText={error ? translate(error) : undefined}
            fullWidth
          />
          <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
            <Button type="submit" variant="contained" disabled={busy || name.trim() === profile.name}>
              {translate('userAccount.profile.save')}
            </Button>
          </Stack>
        </Stack>
      </form>
    </Section>
  );
}

/** One of a few values, as labelled toggle buttons; picking one saves it at once. */
function Choice<V extends string>(props: {
  id: string;
  label: string;
  /** The value in force (the language may be one the account does not offer). */
  value: string;
  options: readonly { value: V; name: string; lang?: string }[];
  onPick: (value: V) => void;
}) {
  return (
    <div>
      <Typography id={props.id} variant="body2" color="text.secondary" sx={{ mb: 0.5 }}>
        {props.label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        size="small"
        value={props.value}
        aria-labelledby={props.id}
        onChange={(_event, value: V | null) => value && props.onPick(value)}
      >
        {props.options.map((option) => (
          <ToggleButton key={option.value} value={option.value} lang={option.lang} sx={{ textTransform: 'none', px: 2 }}>
            {option.name}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </div>
  );
}

/** Language (en, es, fr) and theme: applied at once in this browser and saved to the account. */
export function PreferencesSection({ profile }: { profile: Profile }) {
  const dataProvider = useAccountProvider();
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const locales = useLocales();
  const [locale] = useLocaleState();
  const [theme] = useTheme();
  const apply = useApplyPreferences();
  const currentLanguage = (PROFILE_LANGUAGES as readonly string[]).includes(locale) ? locale : (profile.language ?? 'en');
  const currentTheme = theme === 'dark' ? 'dark' : 'light';

  const save = async (change: { language?: (typeof PROFILE_LANGUAGES)[number]; theme?: (typeof PROFILE_THEMES)[number] }) => {
    apply(change);
    try {
      queryClient.setQueryData(USER_ACCOUNT_KEYS.profile, await dataProvider.saveProfile(change));
      notify('userAccount.preferences.saved', { type: 'success' });
    } catch (failure) {
      notify(clientMessage(failure, 'userAccount.saveFailed.profile').message, { type: 'error' });
    }
  };

  return (
    <Section title={translate('userAccount.preferences.title')}>
      <Stack spacing={2}>
        <Choice
          id="user-account-language"
          label={translate('userAccount.preferences.language')}
          value={currentLanguage}
          options={PROFILE_LANGUAGES.map((code) => ({
            value: code,
            name: locales.find((l) => l.locale === code)?.name ?? code,
            lang: code,
          }))}
          onPick={(language) => void save({ language })}
        />
        <Choice
          id="user-account-theme"
          label={translate('userAccount.preferences.theme')}
          value={currentTheme}
          options={PROFILE_THEMES.map((mode) => ({ value: mode, name: translate(`userAccount.preferences.${mode}`) }))}
          onPick={(theme) => void save({ theme })}
        />
      </Stack>
    </Section>
  );
}
