import { useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/constants.js';
import { customerForgotPasswordSchema } from '../../../../schemas/recovery.js';
import type { CaptchaFieldHandle } from '../../captcha/CaptchaField.js';
import { api } from '../../providers/http.js';
import { schemaResolver } from '../forms/schemaResolver.js';
import { notify } from '../notify.js';
import { forgotPasswordErrorKey, forgotPasswordSuccessKey } from './dialogRules.js';
import { FormTextField } from './fields.js';
import { FormCaptcha } from './FormCaptcha.js';
import { ResetPasswordFields } from './formLayout.js';
import { applyFieldErrors, failureView, formSchema } from './formSupport.js';
import type { RecoveryStepProps } from './dialogRules.js';
import { StepDialogForm } from './StepFooter.js';

type EmailValues = { email: string };
type CodeValues = { code: string };
type PasswordValues = { newPassword: string; confirmPassword: string; captcha: string };

const emailResolver = schemaResolver<EmailValues>(formSchema(customerForgotPasswordSchema, ['email']));
const codeResolver = schemaResolver<CodeValues>(formSchema(customerForgotPasswordSchema, ['code']));
const passwordResolver = schemaResolver<PasswordValues>(
  formSchema(customerForgotPasswordSchema, ['newPassword', 'confirmPassword', 'captcha']),
);

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

function EmailStep(props: RecoveryStepProps & { initial: string; onSent(email: string): void }) {
  const { initial, onSent } = props;
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
    <StepDialogForm step={props} form={form} onSubmit={submit} intro={t('dialogs.forgotPassword.intro.email')} failure={failure}>
      <FormTextField
        form={form}
        name="email"
        type="email"
        label={t('dialogs.forgotPassword.fields.email')}
        maxLength={LIMITS.emailMax}
        autoComplete="email"
        required
        autoFocus
      />
    </StepDialogForm>
  );
}

function CodeStep(props: RecoveryStepProps & { email: string; onVerified(code: string): void }) {
  const { email, onVerified } = props;
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
    <StepDialogForm step={props} form={form} onSubmit={submit} intro={t('dialogs.forgotPassword.intro.code', { email })} failure={failure}>
      <FormTextField
        form={form}
        name="code"
        label={t('dialogs.forgotPassword.fields.code')}
        autoComplete="one-time-code"
        required
        autoFocus
        slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      />
    </StepDialogForm>
  );
}

function PasswordStep(props: RecoveryStepProps & { email: string; code: string }) {
  const { onDone, email, code } = props;
  const { t } = useTranslation();
  const captcha = useRef<CaptchaFieldHandle>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordValues>({
    resolver: passwordResolver,
    defaultValues: { newPassword: '', confirmPassword: '', captcha: '' },
  });
  const onValid = async (values: PasswordValues): Promise<void> => {
    setFailure(null);
    try {
      await api('msa/password', 'POST', { email, code, ...values }, { skipError: true });
      notify({ type: 'success', message: t(forgotPasswordSuccessKey('customer')) });
      onDone();
    } catch (error) {
      const view = failureView(error, t(forgotPasswordErrorKey('customer', 2)));
      applyFieldErrors(form.setError, view.fieldErrors, ['newPassword', 'confirmPassword']);
      setFailure(view.message);
      captcha.current?.reset();
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(onValid)(event);
  return (
    <StepDialogForm step={props} form={form} onSubmit={submit} intro={t('dialogs.forgotPassword.intro.newPassword')} failure={failure}>
      <ResetPasswordFields form={form} />
      <FormCaptcha form={form} captchaRef={captcha} />
    </StepDialogForm>
  );
}
