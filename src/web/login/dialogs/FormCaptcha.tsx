import type { Ref } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CaptchaField, type CaptchaFieldHandle } from '../../captcha/CaptchaField.js';

/** The ALTCHA widget bound to the form's `captcha` field ('Captcha required' when unsolved). */
export function FormCaptcha<T extends FieldValues & { captcha: string }>({
  form,
  captchaRef,
}: {
  form: UseFormReturn<T>;
  captchaRef: Ref<CaptchaFieldHandle>;
}) {
  const { t } = useTranslation();
  return (
    <Controller
      control={form.control}
      name={'captcha' as Path<T>}
      render={({ field, fieldState }) => (
        <CaptchaField ref={captchaRef} onChange={field.onChange} error={fieldState.error ? t('dialogs.captcha.required') : undefined} />
      )}
    />
  );
}
