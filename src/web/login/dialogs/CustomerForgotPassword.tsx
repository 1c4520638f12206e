import { useRef, useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { LIMITS } from '../../../common/constants.js';
import { customerForgotPasswordSchema } from '../../../../schemas/recovery.js';
import { CaptchaField, type CaptchaFieldHandle } from '../../captcha/CaptchaField.js';
import { api } from '../../providers/http.js';
import { schemaResolver } from '../forms/schemaResolver.js';
import { notify } from '../notify.js';
import { forgotPasswordErrorKey, forgotPasswordSuccessKey } from './dialogRules.js';
import { FormAlert, FormTextField, NewPasswordFields } from './fields.js';
import { failureView, formSchema } from './formSupport.js';
import type { RecoveryStepProps } from './ForgotPasswordDialog.js';
import { StepFooter } from './StepFooter.js';

type EmailValues = { email: string };
type CodeValues = { code: string };
type PasswordValues = { newPassword: string; confirmPassword: string; captcha: string };

const emailResolver = schemaResolver<EmailValues>(formSchema(customerForgotPasswordSchema, ['email']));
const codeResolver = schemaResolver<CodeValues>(formSchema(customerForgotPasswordSchema, ['code']));
const passwordResolver = schemaResolver<PasswordValues>(formSchema(customerForgotPasswordSchema, ['newPassword', 'confirmPassword', 'captcha']));

/**
 * SPEC §4 'Forgot password (customer)': step 0 email (a code is emailed), step 1
 * the code, step 2 the new password with the captcha. 'Your password has been
 * reset. Please login with your new password.' The captcha is reset after a
 * failed reset.
 */
export function CustomerForgotPassword(props: RecoveryStepProps) {
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  if (props.step === 0 || !email) {
    return (
      <EmailStep
        {...props}
        initial={email}
        onSent={(value) => {
          setEmail(value);
          props.onNext();
        }}
      />
    );
  }
  if (props.step === 1 || !code) {
    return (
      <CodeStep
        {...props}
        email={email}
        onVerified={(value) => {
          setCode(value);
          props.onNext();
        }}
      />
    );
  }
  return <PasswordStep {...props} email={email} code={code} />;
}

function EmailStep({ step, stepCount, onCancel, initial, onSent }: RecoveryStepProps & { initial: string; onSent(email: string): void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<EmailValues>({ resolver: emailResolver, defaultValues: { email: initial } });
  const submit = form.handleSubmit(async ({ email }) => {
    setFailure(null);
    try {
      await api('mfa/request/msa', 'POST', { email: email.trim() }, { skipError: true });
      onSent(email.trim());
    } catch (error) {
      setFailure(failureView(error, t(forgotPasswordErrorKey('customer', 0))).message);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2}>
          <Typography>{t('dialogs.forgotPassword.intro.email')}</Typography>
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <FormTextField form={form} name="email" type="email" label={t('dialogs.forgotPassword.fields.email')} maxLength={LIMITS.emailMax} autoComplete="email" required autoFocus />
        </Stack>
      </DialogContent>
      <StepFooter step={step} stepCount={stepCount} onCancel={onCancel} submitting={form.formState.isSubmitting} />
    </form>
  );
}

function CodeStep({ step, stepCount, onCancel, email, onVerified }: RecoveryStepProps & { email: string; onVerified(code: string): void }) {
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<CodeValues>({ resolver: codeResolver, defaultValues: { code: '' } });
  const submit = form.handleSubmit(async ({ code }) => {
    setFailure(null);
    try {
      await api('mfa/verify/msa', 'POST', { username: email, code: code.trim() }, { skipError: true });
      onVerified(code.trim());
    } catch (error) {
      setFailure(failureView(error, t(forgotPasswordErrorKey('customer', 1))).message);
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2}>
          <Typography>{t('dialogs.forgotPassword.intro.code', { email })}</Typography>
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <FormTextField
            form={form}
            name="code"
            label={t('dialogs.forgotPassword.fields.code')}
            autoComplete="one-time-code"
            required
            autoFocus
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
          />
        </Stack>
      </DialogContent>
      <StepFooter step={step} stepCount={stepCount} onCancel={onCancel} submitting={form.formState.isSubmitting} />
    </form>
  );
}

function PasswordStep({ step, stepCount, onCancel, onDone, email, code }: RecoveryStepProps & { email: string; code: string }) {
  const { t } = useTranslation();
  const captcha = useRef<CaptchaFieldHandle>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordValues>({ resolver: passwordResolver, defaultValues: { newPassword: '', confirmPassword: '', captcha: '' } });
  const onValid = async (values: PasswordValues): Promise<void> => {
    setFailure(null);
    try {
      await api('msa/password', 'POST', { email, code, ...values }, { skipError: true });
      notify({ type: 'success', message: t(forgotPasswordSuccessKey('customer')) });
      onDone();
    } catch (error) {
      const view = failureView(error, t(forgotPasswordErrorKey('customer', 2)));
      for (const [field, message] of Object.entries(view.fieldErrors)) {
        if (field === 'newPassword' || field === 'confirmPassword') form.setError(field, { type: 'server', message });
      }
      setFailure(view.message);
      captcha.current?.reset();
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(onValid)(event);
  return (
    <form onSubmit={submit} noValidate>
      <DialogContent sx={{ pt: 1 }}>
        <Stack spacing={2}>
          <Typography>{t('dialogs.forgotPassword.intro.newPassword')}</Typography>
          {failure ? <FormAlert>{failure}</FormAlert> : null}
          <NewPasswordFields
            form={form}
            passwordName="newPassword"
            confirmName="confirmPassword"
            passwordLabel={t('dialogs.forgotPassword.fields.newPassword')}
            confirmLabel={t('dialogs.forgotPassword.fields.confirmPassword')}
            min={LIMITS.msaPasswordMin}
            max={LIMITS.msaPasswordMax}
            autoFocus
          />
          <Controller
            control={form.control}
            name="captcha"
            render={({ field, fieldState }) => (
              <CaptchaField ref={captcha} onChange={field.onChange} error={fieldState.error ? t('dialogs.captcha.required') : undefined} />
            )}
          />
        </Stack>
      </DialogContent>
      <StepFooter step={step} stepCount={stepCount} onCancel={onCancel} submitting={form.formState.isSubmitting} />
    </form>
  );
}
