import { useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import Stack from '@mui/material/Stack';
import { LIMITS } from '../../../common/constants.js';
import { RECOVERY_LIMITS } from '../../../../schemas/recovery.js';
import { createMsaAccountSchema } from '../../../../schemas/registration.js';
import type { CaptchaFieldHandle } from '../../captcha/CaptchaField.js';
import { api } from '../../providers/http.js';
import { schemaResolver } from '../forms/schemaResolver.js';
import { notify } from '../notify.js';
import { FormTextField, PasswordRequirements, PasswordTextField } from './fields.js';
import { FormCaptcha } from './FormCaptcha.js';
import { DialogForm, DialogFormActions, FormDialog } from './formLayout.js';
import { applyFieldErrors, failureView, formSchema } from './formSupport.js';

type Values = { email: string; password: string; accountNumber: string; accountPasscode: string; captcha: string };
/** The fields a 400's messages are shown on (the captcha's is the widget's own). */
const SERVER_ERROR_FIELDS = ['email', 'password', 'accountNumber', 'accountPasscode'] as const;
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
  const form = useForm<Values>({
    resolver,
    defaultValues: { email: '', password: '', accountNumber: '', accountPasscode: '', captcha: '' },
  });
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
      notify({
        type: 'success',
        title: t('dialogs.createAccount.createdTitle'),
        message: t('dialogs.createAccount.created', { email: body.email }),
      });
      close();
    } catch (error) {
      const view = failureView(error, t('dialogs.errors.createAccount'));
      applyFieldErrors(form.setError, view.fieldErrors, SERVER_ERROR_FIELDS);
      setFailure(view.message);
      captcha.current?.reset();
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(onValid)(event);

  return (
    <FormDialog open={open} onClose={close} title={t('dialogs.createAccount.title')}>
      <DialogForm
        onSubmit={submit}
        intro={t('dialogs.createAccount.intro')}
        failure={failure}
        footer={
          <DialogFormActions onCancel={close} submitting={form.formState.isSubmitting} submitLabel={t('dialogs.createAccount.submit')} />
        }
      >
        <FormTextField
          form={form}
          name="email"
          type="email"
          label={t('dialogs.createAccount.email')}
          maxLength={LIMITS.emailMax}
          autoComplete="email"
          required
          autoFocus
        />
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
          <PasswordTextField
            form={form}
            name="password"
            label={t('dialogs.createAccount.password')}
            maxLength={LIMITS.msaPasswordMax}
            autoComplete="new-password"
            required
          />
          <PasswordRequirements password={password} min={LIMITS.msaPasswordMin} max={LIMITS.msaPasswordMax} />
        </Stack>
        <FormTextField
          form={form}
          name="accountNumber"
          label={t('dialogs.createAccount.accountNumber')}
          maxLength={RECOVERY_LIMITS.accountNumberMax}
          autoComplete="off"
          required
        />
        <PasswordTextField
          form={form}
          name="accountPasscode"
          label={t('dialogs.createAccount.accountPasscode')}
          maxLength={RECOVERY_LIMITS.accountPasscodeMax}
          autoComplete="off"
          required
        />
        <FormCaptcha form={form} captchaRef={captcha} />
      </DialogForm>
    </FormDialog>
  );
}
