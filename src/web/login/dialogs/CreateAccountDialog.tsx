import { useRef, useState, type FormEvent } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIMITS } from '../../../common/constants.js';
import { RECOVERY_LIMITS, createMsaAccountSchema } from '../../../../schemas/recovery.js';
import { CaptchaField, type CaptchaFieldHandle } from '../../captcha/CaptchaField.js';
import { api } from '../../providers/http.js';
import { schemaResolver } from '../forms/schemaResolver.js';
import { notify } from '../notify.js';
import { FormAlert, FormTextField, PasswordRequirements, PasswordTextField } from './fields.js';
import { failureView, formSchema } from './formSupport.js';

type Values = { email: string; password: string; accountNumber: string; accountPasscode: string; captcha: string };
const FIELDS = ['email', 'password', 'accountNumber', 'accountPasscode', 'captcha'] as const;
const resolver = schemaResolver<Values>(formSchema(createMsaAccountSchema));

export interface CreateAccountDialogProps {
  open: boolean;
  onClose(): void;
}

/**
 * SPEC §2 'Create MSA account dialog', §5: email, password (12 to 32), account
 * number, account passcode and captcha. On 201 a verification-link notice is
 * shown (§4); the captcha is reset after a failed register.
 */
export function CreateAccountDialog({ open, onClose }: CreateAccountDialogProps) {
  const { t } = useTranslation();
  const captcha = useRef<CaptchaFieldHandle>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values>({ resolver, defaultValues: { email: '', password: '', accountNumber: '', accountPasscode: '', captcha: '' } });
  const password = useWatch({ control: form.control, name: 'password' }) ?? '';

  const close = () => {
    form.reset();
    setFailure(null);
    onClose();
  };

  const onValid = async (values: Values): Promise<void> => {
    setFailure(null);
    const body = { ...values, email: values.email.trim(), accountNumber: values.accountNumber.trim() };
    try {
      await api('msa/register', 'POST', body, { skipError: true });
      notify({ type: 'success', title: t('dialogs.createAccount.createdTitle'), message: t('dialogs.createAccount.created', { email: body.email }) });
      close();
    } catch (error) {
      const view = failureView(error, t('dialogs.errors.createAccount'));
      for (const [field, message] of Object.entries(view.fieldErrors)) {
        if ((FIELDS as readonly string[]).includes(field) && field !== 'captcha') form.setError(field as keyof Values, { type: 'server', message });
      }
      setFailure(view.message);
      captcha.current?.reset();
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(onValid)(event);

  return (
    <Dialog open={open} onClose={close} maxWidth={false} slotProps={{ paper: { sx: { width: 600, maxWidth: '90%' } } }}>
      <DialogTitle>{t('dialogs.createAccount.title')}</DialogTitle>
      <form onSubmit={submit} noValidate>
        <DialogContent sx={{ pt: 1 }}>
          <Stack spacing={2}>
            <Typography>{t('dialogs.createAccount.intro')}</Typography>
            {failure ? <FormAlert>{failure}</FormAlert> : null}
            <FormTextField form={form} name="email" type="email" label={t('dialogs.createAccount.email')} maxLength={LIMITS.emailMax} autoComplete="email" required autoFocus />
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <PasswordTextField form={form} name="password" label={t('dialogs.createAccount.password')} maxLength={LIMITS.msaPasswordMax} autoComplete="new-password" required />
              <PasswordRequirements password={password} min={LIMITS.msaPasswordMin} max={LIMITS.msaPasswordMax} />
            </Stack>
            <FormTextField form={form} name="accountNumber" label={t('dialogs.createAccount.accountNumber')} maxLength={RECOVERY_LIMITS.accountNumberMax} autoComplete="off" required />
            <PasswordTextField form={form} name="accountPasscode" label={t('dialogs.createAccount.accountPasscode')} maxLength={RECOVERY_LIMITS.accountPasscodeMax} autoComplete="off" required />
            <Controller
              control={form.control}
              name="captcha"
              render={({ field, fieldState }) => (
                <CaptchaField ref={captcha} onChange={field.onChange} error={fieldState.error ? t('dialogs.captcha.required') : undefined} />
              )}
            />
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close}>{t('dialogs.actions.cancel')}</Button>
          <Button
            type="submit"
            variant="contained"
            disabled={form.formState.isSubmitting}
            startIcon={form.formState.isSubmitting ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {t('dialogs.createAccount.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
