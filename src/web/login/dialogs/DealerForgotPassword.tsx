import { useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/constants.js';
import { contactType } from '../../../common/loginFlow.js';
import { RECOVERY_LIMITS, forgotCredentialsSchema, recoveryPasswordResetSchema } from '../../../../schemas/recovery.js';
import type { CaptchaFieldHandle } from '../../captcha/CaptchaField.js';
import { api } from '../../providers/http.js';
import { schemaResolver } from '../forms/schemaResolver.js';
import { notify } from '../notify.js';
import { answerFieldName, answersFormSchema, answersFromForm, forgotPasswordErrorKey, forgotPasswordSuccessKey } from './dialogRules.js';
import { FormTextField } from './fields.js';
import { FormCaptcha } from './FormCaptcha.js';
import { ResetPasswordFields } from './formLayout.js';
import { applyFieldErrors, failureView, formSchema, questionTexts } from './formSupport.js';
import type { RecoveryStepProps } from './dialogRules.js';
import { StepDialogForm } from './StepFooter.js';

type VerifyValues = { username: string; contact: string; captcha: string };
type PasswordValues = { newPassword: string; confirmPassword: string };

const verifyResolver = schemaResolver<VerifyValues>(formSchema(forgotCredentialsSchema, ['username', 'contact', 'captcha']));
const passwordResolver = schemaResolver<PasswordValues>(formSchema(recoveryPasswordResetSchema, ['newPassword', 'confirmPassword']));

interface Session {
  recoveryToken: string;
  questions: string[];
}

/**
 * SPEC §4 'Forgot password (dealer)': verify (create a recovery session, get
 * the questions), answer them, set the new password. 'Password changed
 * successfully' and the dialog closes.
 */
export function DealerForgotPassword(props: RecoveryStepProps & { footerExtra: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  if (props.step === 0 || !session) {
    return (
      <VerifyStep
        {...props}
        onVerified={(found) => {
          setSession(found);
          props.onNext();
        }}
      />
    );
  }
  if (props.step === 1) return <QuestionsStep {...props} session={session} />;
  return <PasswordStep {...props} session={session} />;
}

function VerifyStep(props: RecoveryStepProps & { footerExtra: ReactNode; onVerified(s: Session): void }) {
  const { onVerified } = props;
  const { t } = useTranslation();
  const captcha = useRef<CaptchaFieldHandle>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<VerifyValues>({ resolver: verifyResolver, defaultValues: { username: '', contact: '', captcha: '' } });

  const onValid = async ({ username, contact, captcha: payload }: VerifyValues): Promise<void> => {
    setFailure(null);
    try {
      const answer = await api<{ recoveryToken: string; questions: unknown }>(
        'account/password/session',
        'POST',
        { username: username.trim(), contact: contact.trim(), contactType: contactType(contact), captcha: payload },
        { skipError: true },
      );
      onVerified({ recoveryToken: answer.recoveryToken, questions: questionTexts(answer.questions) });
    } catch (error) {
      setFailure(failureView(error, t(forgotPasswordErrorKey('dealer', 0))).message);
      captcha.current?.reset();
    }
  };
  // §5 'Please provide a username and a email, or phone number before submitting a request.'
  const onInvalid = (errors: FieldErrors<VerifyValues>) =>
    setFailure(errors.username || errors.contact ? t('dialogs.forgotPassword.provideBoth') : null);
  const submit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(onValid, onInvalid)(event);

  return (
    <StepDialogForm step={props} form={form} onSubmit={submit} intro={t('dialogs.forgotPassword.intro.verify')} failure={failure}>
      <FormTextField
        form={form}
        name="username"
        label={t('dialogs.forgotPassword.fields.username')}
        maxLength={LIMITS.usernameMax}
        autoComplete="username"
        required
        autoFocus
      />
      <FormTextField
        form={form}
        name="contact"
        label={t('dialogs.forgotPassword.fields.contact')}
        maxLength={LIMITS.contactMax}
        autoComplete="email"
        required
      />
      <FormCaptcha form={form} captchaRef={captcha} />
    </StepDialogForm>
  );
}

function QuestionsStep(props: RecoveryStepProps & { footerExtra: ReactNode; session: Session }) {
  const { onNext, session } = props;
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const resolver = useMemo(
    () => schemaResolver<Record<string, string>>(answersFormSchema(session.questions.length, RECOVERY_LIMITS.securityAnswerMax)),
    [session.questions.length],
  );
  const form = useForm<Record<string, string>>({
    resolver,
    defaultValues: Object.fromEntries(session.questions.map((_, index) => [answerFieldName(index), ''])),
  });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await api(
        'account/securityQuestions',
        'PATCH',
        { recoveryToken: session.recoveryToken, questions: answersFromForm(session.questions, values) },
        { skipError: true },
      );
      onNext();
    } catch (error) {
      setFailure(failureView(error, t(forgotPasswordErrorKey('dealer', 1))).message);
    }
  });

  return (
    <StepDialogForm step={props} form={form} onSubmit={submit} intro={t('dialogs.forgotPassword.intro.questions')} failure={failure}>
      {session.questions.map((question, index) => (
        <FormTextField
          key={question}
          form={form}
          name={answerFieldName(index)}
          label={question}
          maxLength={RECOVERY_LIMITS.securityAnswerMax}
          autoComplete="off"
          required
          autoFocus={index === 0}
        />
      ))}
    </StepDialogForm>
  );
}

function PasswordStep(props: RecoveryStepProps & { footerExtra: ReactNode; session: Session }) {
  const { onDone, session } = props;
  const { t } = useTranslation();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<PasswordValues>({ resolver: passwordResolver, defaultValues: { newPassword: '', confirmPassword: '' } });

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await api('account/password/reset', 'POST', { recoveryToken: session.recoveryToken, ...values }, { skipError: true });
      notify({ type: 'success', message: t(forgotPasswordSuccessKey('dealer')) });
      onDone();
    } catch (error) {
      const view = failureView(error, t(forgotPasswordErrorKey('dealer', 2)));
      applyFieldErrors(form.setError, view.fieldErrors, ['newPassword', 'confirmPassword']);
      setFailure(view.message);
    }
  });

  return (
    <StepDialogForm step={props} form={form} onSubmit={submit} intro={t('dialogs.forgotPassword.intro.newPassword')} failure={failure}>
      <ResetPasswordFields form={form} />
    </StepDialogForm>
  );
}
