import { useEffect, useRef } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { NotAfterRule } from '../../common/validation.js';

/**
 * A schema's cross-field rule (`notAfter`: a start date not after its end
 * date) is reported on its first field; react-hook-form re-checks only the
 * field being edited, so when the other one changes the first is checked
 * again here: 'Start date cannot be after end date' appears and goes as
 * either date is edited.
 */
export function CrossFieldValidation({ schema }: { schema: { notAfter?: NotAfterRule } }) {
  const rule = schema.notAfter;
  const { trigger, getFieldState, getValues } = useFormContext();
  const other = useWatch({ name: rule?.other ?? '__none__' });
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!rule) return;
    if (getFieldState(rule.field).isTouched || getValues(rule.field)) void trigger(rule.field);
  }, [other, rule, trigger, getFieldState, getValues]);
  return null;
}
