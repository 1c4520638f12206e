import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { StepResult } from '../../../../schemas/auth.js';
import { newUsernameSchema } from '../../../../schemas/recovery.js';
import { LIMITS } from '../../../common/constants.js';
import { api } from '../../providers/http.js';
import { schemaResolver } from '../forms/schemaResolver.js';
import { notify } from '../notify.js';
import { StepForm, failureText } from './StepForm.js';
import type { StepProps } from './stepProps.js';

const resolver = schemaResolver<{ username: string }>(newUsernameSchema);

/** §2 usernameReset: usernames containing a dealer number must be changed (§5 new username rules). */
export function UsernameResetStep({ onDone }: StepProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const {
    register,
    handleSubmit,
    formState,
    setError: setFieldError,
  } = useForm<{ username: string }>({ resolver, defaultValues: { username: '' } });
  const submit = handleSubmit(async ({ username }) => {
    setError(undefined);
    try {
      const result = await api<StepResult>('user/username', 'PUT', { username: username.trim() });
      notify({ type: 'success', message: t('login.usernameReset.success') });
      onDone({ reqs: result?.reqs });
    } catch (e) {
      const fields = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (fields?.username) setFieldError('username', { message: fields.username });
      else setError(failureText(e, t('login.errors.username')));
    }
  });
  const fieldError = formState.errors.username?.message;
  return (
    <StepForm
      title={t('login.usernameReset.title')}
      intro={t('login.usernameReset.intro')}
      error={error}
      submitLabel={t('login.actions.update')}
      busy={formState.isSubmitting}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label={t('login.usernameReset.field')}
        autoComplete="username"
        {...register('username')}
        error={!!fieldError}
        helperText={fieldError}
        slotProps={{ htmlInput: { maxLength: LIMITS.usernameMax } }}
        autoFocus
        fullWidth
      />
    </StepForm>
  );
}
