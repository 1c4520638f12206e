import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { CustomerForgotPassword } from './CustomerForgotPassword.js';
import { DealerForgotPassword } from './DealerForgotPassword.js';
import { FORGOT_PASSWORD_STEPS, cancelAction, type RecoveryStepProps, type RecoveryVariant } from './dialogRules.js';
import { ForgotUsernameDialog } from './ForgotUsernameDialog.js';

/** §2 'max 4xl wide, 90% high' (Tailwind's 4xl is 56rem, 896 px). */
const FORGOT_PAPER = { width: '100%', maxWidth: 896, maxHeight: '90%' } as const;

export interface ForgotPasswordDialogProps {
  open: boolean;
  onClose(): void;
  variant: RecoveryVariant;
}

/**
 * SPEC §2 'Forgot-password dialog' (3-step stepper) and §4 'Forgot password
 * (dealer)' / '(customer)'. Each opening starts afresh at step 0.
 */
export function ForgotPasswordDialog({ open, onClose, variant }: ForgotPasswordDialogProps) {
  const { t } = useTranslation();
  const [step, setStep] = useState(0);
  const [run, setRun] = useState(0);
  const [forgotUsername, setForgotUsername] = useState(false);
  const steps = FORGOT_PASSWORD_STEPS[variant];

  const close = () => {
    onClose();
    setStep(0);
    setRun((r) => r + 1);
  };
  const stepProps: RecoveryStepProps = {
    step,
    stepCount: steps.length,
    onCancel: () => {
      const action = cancelAction(step);
      if (action.type === 'close') close();
      else setStep(action.step);
    },
    onNext: () => setStep((s) => Math.min(s + 1, steps.length - 1)),
    onDone: close,
  };

  return (
    <>
      <Dialog open={open && !forgotUsername} onClose={close} maxWidth={false} slotProps={{ paper: { sx: FORGOT_PAPER } }}>
        <DialogTitle>{t('dialogs.forgotPassword.title')}</DialogTitle>
        <Stepper activeStep={step} alternativeLabel sx={{ px: 3, pb: 1 }}>
          {steps.map((key) => (
            <Step key={key}>
              <StepLabel>{t(key)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {variant === 'dealer' ? (
          <DealerForgotPassword
            key={run}
            {...stepProps}
            footerExtra={
              <Button onClick={() => setForgotUsername(true)} sx={{ textTransform: 'none' }}>
                {t('dialogs.forgotPassword.forgotUsername')}
              </Button>
            }
          />
        ) : (
          <CustomerForgotPassword key={run} {...stepProps} />
        )}
      </Dialog>
      <ForgotUsernameDialog open={open && forgotUsername} onClose={() => setForgotUsername(false)} />
    </>
  );
}
