import { useState } from 'react';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { StepResult } from '../../../../schemas/auth.js';
import { passwordResetAtLoginSchema } from '../../../../schemas/recovery.js';
import { LIMITS } from '../../../common/constants.js';
import { LOGIN_KEYS } from '../../../common/loginFlow.js';
import { api } from '../../providers/http.js';
import { schemaResolver } from '../forms/schemaResolver.js';
import { notify } from '../notify.js';
import { StepForm, failureText } from './StepForm.js';
import { passwordChecks } from './stepRules.js';
import type { StepProps } from './stepProps.js';

interface Values {
  newPassword: string;
  confirmPassword: string;
}

const resolver = schemaResolver<Values>(passwordResetAtLoginSchema);

/**
 * §2 passwordReset: 'In order to meet our current security standards, please update your
 * password.' New and confirm only (§4: the current password is not asked again), with the
 * requirements flyout beside the new password while it has focus.
 */
export function PasswordResetStep({ onDone }: StepProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string>();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const {
    register,
    handleSubmit,
    formState,
    control,
    setError: setFieldError,
  } = useForm<Values>({
    resolver,
    defaultValues: { newPassword: '', confirmPassword: '' },
  });
  const [newPassword, confirmPassword] = useWatch({ control, name: ['newPassword', 'confirmPassword'] });
  const checks = passwordChecks(newPassword, confirmPassword);

  const submit = handleSubmit(async (values) => {
    setError(undefined);
    try {
      const result = await api<StepResult>('account/password', 'PUT', values);
      notify({ type: 'success', message: t('login.passwordReset.success') });
      onDone({ reqs: result?.reqs });
    } catch (e) {
      const fields = (e as { body?: { errors?: Record<string, string> } }).body?.errors;
      if (fields?.newPassword) setFieldError('newPassword', { message: fields.newPassword });
      else setError(failureText(e, t('login.errors.password')));
    }
  });

  const newField = register('newPassword');
  return (
    <StepForm
      title={t('login.passwordReset.title')}
      intro={t(LOGIN_KEYS.passwordResetIntro)}
      error={error}
      submitLabel={t('login.actions.save')}
      busy={formState.isSubmitting}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        label={t('login.passwordReset.newPassword')}
        type="password"
        autoComplete="new-password"
        {...newField}
        onFocus={(e) => setAnchor(e.currentTarget)}
        onBlur={(e) => {
          setAnchor(null);
          void newField.onBlur(e);
        }}
        error={!!formState.errors.newPassword}
        helperText={formState.errors.newPassword?.message}
        slotProps={{ htmlInput: { maxLength: LIMITS.msaPasswordMax } }}
        autoFocus
        fullWidth
      />
      <TextField
        label={t('login.passwordReset.confirmPassword')}
        type="password"
        autoComplete="new-password"
        {...register('confirmPassword')}
        error={!!formState.errors.confirmPassword}
        helperText={formState.errors.confirmPassword?.message}
        slotProps={{ htmlInput: { maxLength: LIMITS.msaPasswordMax } }}
        fullWidth
      />
      <Popper open={!!anchor} anchorEl={anchor} placement="right-start" sx={{ zIndex: 1300 }} modifiers={[{ name: 'flip', enabled: true }]}>
        <Paper elevation={6} sx={{ p: 2, maxWidth: 300 }}>
          <Typography variant="subtitle2" gutterBottom>
            {t('login.passwordReset.rules.title')}
          </Typography>
          <Box component="ul" id="password-rules" sx={{ m: 0, pl: 2.5 }}>
            {checks.map((c) => (
              <Typography
                component="li"
                variant="body2"
                key={c.key}
                color={c.met === false ? 'text.secondary' : c.met ? 'success.main' : 'text.primary'}
              >
                {c.met ? '✓ ' : ''}
                {t(c.key, c.args)}
              </Typography>
            ))}
          </Box>
        </Paper>
      </Popper>
    </StepForm>
  );
}
