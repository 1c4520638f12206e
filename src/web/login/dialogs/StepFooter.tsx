import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { cancelButtonKey, submitButtonKey } from './dialogRules.js';
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
export function StepFooter({ step, stepCount, onCancel, submitting, extra }: StepFooterProps) {
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
