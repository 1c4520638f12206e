import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { cancelButtonKey, submitButtonKey, type RecoveryStepProps } from './dialogRules.js';
import { DialogForm } from './formLayout.js';
import { SubmitButton } from './fields.js';

export interface StepFooterProps {
  step: number;
  stepCount: number;
  /** Cancel on the first step, Back on the others (§2). */
  onCancel(): void;
  submitting: boolean;
  /** Buttons on the left, e.g. 'Forgot Username?'. */
  extra?: ReactNode;
}

/** §2 stepper footer: Cancel/Back, then Next/Done (the submit button of the step's form). */
function StepFooter({ step, stepCount, onCancel, submitting, extra }: StepFooterProps) {
  const { t } = useTranslation();
  return (
    <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
      <Box sx={{ flexGrow: 1 }}>{extra}</Box>
      <Button onClick={onCancel} disabled={submitting}>
        {t(cancelButtonKey(step))}
      </Button>
      <SubmitButton submitting={submitting}>{t(submitButtonKey(step, stepCount))}</SubmitButton>
    </DialogActions>
  );
}

/** A recovery step's form: its intro, the failure and the fields (DialogForm), then the stepper footer. */
export function StepDialogForm({
  step: { step, stepCount, onCancel, footerExtra },
  form,
  onSubmit,
  intro,
  failure,
  children,
}: {
  step: RecoveryStepProps & { footerExtra?: ReactNode };
  /** The step's react-hook-form form: the buttons wait while it submits. */
  form: { formState: { isSubmitting: boolean } };
  /** The step's submit, a react-hook-form handleSubmit: it shows its own failures (failure). */
  onSubmit(event: FormEvent<HTMLFormElement>): void | Promise<void>;
  intro: ReactNode;
  failure: string | null;
  children: ReactNode;
}) {
  return (
    <DialogForm
      onSubmit={(event) => void onSubmit(event)}
      intro={intro}
      failure={failure}
      footer={
        <StepFooter step={step} stepCount={stepCount} onCancel={onCancel} submitting={form.formState.isSubmitting} extra={footerExtra} />
      }
    >
      {children}
    </DialogForm>
  );
}
