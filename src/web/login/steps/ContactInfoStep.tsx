import { useState } from 'react';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contactInfoSchema } from '../../../../schemas/recovery.js';
import { LIMITS } from '../../../common/constants.js';
import { LOGIN_KEYS, contactType, mustValidateContactFirst } from '../../../common/loginFlow.js';
import { api } from '../../providers/http.js';
import { getSession } from '../../providers/session.js';
import { schemaResolver } from '../forms/schemaResolver.js';
import { StepForm, failureText } from './StepForm.js';
import type { StepProps } from './stepProps.js';

const resolver = schemaResolver<{ contact: string }>(contactInfoSchema);

/**
 * §2 contactInfo: 'Setup multi-factor authentication (MFA) for your account', 'Email or
 * Phone' (max 50), Update. Application 2 validates the contact first (§4); the code of the
 * next step goes to it.
 */
export function ContactInfoStep({ onDone }: StepProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const { register, handleSubmit, formState } = useForm<{ contact: string }>({ resolver, defaultValues: { contact: '' } });
  const submit = handleSubmit(async ({ contact }) => {
    setError(undefined);
    const value = contact.trim();
    const type = contactType(value);
    try {
      if (mustValidateContactFirst(getSession().user?.applicationNum ?? 0)) {
        await api('user/contactMethod/validate', 'POST', { contact: value, ...(type && { type }) });
      }
      onDone({ contact: value });
    } catch (e) {
      setError(failureText(e, t('login.errors.contactValidate')));
    }
  });
  const fieldError = formState.errors.contact?.message;
  return (
    <StepForm
      title={t(LOGIN_KEYS.contactInfoTitle)}
      error={error}
      submitLabel={t('login.actions.update')}
      busy={formState.isSubmitting}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label={t(LOGIN_KEYS.contactInfoField)}
        autoComplete="email"
        {...register('contact')}
        error={!!fieldError}
        helperText={fieldError}
        slotProps={{ htmlInput: { maxLength: LIMITS.contactMax } }}
        autoFocus
        fullWidth
      />
    </StepForm>
  );
}
