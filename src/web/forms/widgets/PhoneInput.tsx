import { useWatch } from 'react-hook-form';
import { TextInput, useTranslate } from 'react-admin';
import type { LaidOutField } from '../schemaLayout.js';
import { phonePreview } from './phonePreview.js';

/**
 * The 'phone' widget: a number written any way, shown below as it will be saved once it is a
 * valid one. The phone rule's message (src/common/callList.ts) comes from the form's `validate`
 * as it is typed. Lazily loaded: libphonenumber is heavy.
 */
export function PhoneInput({ field }: { field: LaidOutField }) {
  const translate = useTranslate();
  const value: unknown = useWatch({ name: field.source });
  const preview = typeof value === 'string' ? phonePreview(value) : undefined;
  return (
    <TextInput
      source={field.source}
      label={field.label}
      isRequired={field.rules.required}
      type="tel"
      autoComplete="off"
      fullWidth
      size="small"
      // Empty stays '' (not null): a required phone then says the rule's 'Enter a phone number'.
      parse={(typed: string) => typed}
      helperText={preview ? <span>{translate('accountEdits.phone.willBeSaved', { phone: preview })}</span> : undefined}
      slotProps={{ htmlInput: { maxLength: field.rules.maxLength } }}
    />
  );
}
