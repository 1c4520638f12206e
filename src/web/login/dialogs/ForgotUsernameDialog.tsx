import { useMemo, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../common/constants.js';
import { contactType } from '../../../common/loginFlow.js';
import { RECOVERY_LIMITS, forgotUsernameSchema } from '../../../../schemas/recovery.js';
import type { CaptchaFieldHandle } from '../../captcha/CaptchaField.js';
import { api } from '../../providers/http.js';
import { schemaResolver } from '../forms/schemaResolver.js';
import { notify } from '../notify.js';
import { forgotUsernameConflict } from './dialogRules.js';
import { FormTextField } from './fields.js';
import { FormCaptcha } from './FormCaptcha.js';
import { DialogForm, DialogFormActions, FormDialog } from './formLayout.js';
import { failureView, formSchema } from './formSupport.js';

type Values = { contact: string; captcha: string; dealerNumber: string };

const FIELDS = ['contact', 'captcha', 'dealerNumber'] as const;

export interface ForgotUsernameDialogProps {
  open: boolean;
  onClose(): void;
}

interface Failure {
  title?: string;
  message: string;
}

/**
 * SPEC §2 'Forgot-username dialog', §4 'Forgot username', §8 409: the contact
 * and the captcha; a 409 whose message mentions 'provide' asks for the dealer
 * number ('Dealer Number Required'), any other 409 says 'Contact Dealer
 * Support'. The captcha is reset after each failure. The result is neutral.
 */
export function ForgotUsernameDialog({ open, onClose }: ForgotUsernameDialogProps) {
  const { t } = useTranslation();
  const captcha = useRef<CaptchaFieldHandle>(null);
  const [askDealerNumber, setAskDealerNumber] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const resolver = useMemo(
    () => schemaResolver<Values>(formSchema(forgotUsernameSchema, FIELDS, askDealerNumber ? ['dealerNumber'] : [])),
    [askDealerNumber],
  );
  const form = useForm<Values>({ resolver, defaultValues: { contact: '', captcha: '', dealerNumber: '' } });

  const close = () => {
    form.reset();
    setFailure(null);
    setAskDealerNumber(false);
    onClose();
  };

  const onValid = async ({ contact, captcha: payload, dealerNumber }: Values): Promise<void> => {
    setFailure(null);
    const body = {
      contact: contact.trim(),
      contactType: contactType(contact),
      captcha: payload,
      ...(askDealerNumber && dealerNumber.trim() ? { dealerNumber: dealerNumber.trim() } : {}),
    };
    try {
      const answer = await api<{ message?: string } | undefined>('account/username/forgot', 'POST', body, { skipError: true });
      notify({ type: 'info', message: answer?.message || t('dialogs.forgotUsername.sent') });
      close();
    } catch (error) {
      const view = failureView(error, t('dialogs.errors.validateContact'));
      if (view.status === 409) {
        const conflict = forgotUsernameConflict(view.message, (error as { body?: { reason?: unknown } }).body?.reason);
        setFailure({ title: t(conflict.titleKey), message: view.message });
        if (conflict.askDealerNumber) setAskDealerNumber(true);
      } else {
        setFailure({ message: view.message });
      }
      captcha.current?.reset();
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => void form.handleSubmit(onValid)(event);

  return (
    <FormDialog open={open} onClose={close} title={t('dialogs.forgotUsername.title')}>
      <DialogForm
        onSubmit={submit}
        intro={t('dialogs.forgotUsername.intro')}
        failure={failure?.message ?? null}
        failureTitle={failure?.title}
        footer={
          <DialogFormActions onCancel={close} submitting={form.formState.isSubmitting} submitLabel={t('dialogs.forgotUsername.submit')} />
        }
      >
        <FormTextField
          form={form}
          name="contact"
          label={t('dialogs.forgotUsername.contact')}
          maxLength={LIMITS.contactMax}
          autoComplete="email"
          required
          autoFocus
        />
        {askDealerNumber ? (
          <FormTextField
            form={form}
            name="dealerNumber"
            label={t('dialogs.forgotUsername.dealerNumber')}
            maxLength={RECOVERY_LIMITS.dealerNumberMax}
            required
            autoFocus
          />
        ) : null}
        <FormCaptcha form={form} captchaRef={captcha} />
      </DialogForm>
    </FormDialog>
  );
}
