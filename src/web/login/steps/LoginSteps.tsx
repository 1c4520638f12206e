import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import type { LoginRequirements, MfaPurpose } from '../../../../schemas/auth.js';
import { TIMINGS } from '../../../common/constants.js';
import { clearStepFlag, nextStep, type LoginStep } from '../../../common/loginFlow.js';
import { api } from '../../providers/http.js';
import { clearSession, updateSession } from '../../providers/session.js';
import { MfaStepWithChoices } from './AuthenticatorChoice.js';
import { ContactInfoStep } from './ContactInfoStep.js';
import { PasswordResetStep } from './PasswordResetStep.js';
import { SecurityQuestionsStep } from './SecurityQuestionsStep.js';
import { UsernameResetStep } from './UsernameResetStep.js';
import type { Step, StepProps } from './stepProps.js';

const VIEWS: Record<Step, (props: StepProps) => React.JSX.Element> = {
  contactInfo: ContactInfoStep,
  mfaVerify: MfaStepWithChoices,
  usernameReset: UsernameResetStep,
  securityQuestions: SecurityQuestionsStep,
  passwordReset: PasswordResetStep,
};

/**
 * §2 login steps after the credentials, in order, only those required (§4): each clears its
 * flag on success and the next one slides in (§9 step change animation 500 ms).
 */
export function LoginSteps({
  steps,
  reqs: initialReqs,
  purpose,
  onComplete,
  onCancel,
}: {
  steps: Step[];
  reqs: LoginRequirements;
  purpose: MfaPurpose | undefined;
  onComplete: (reqs: LoginRequirements) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>(steps[0]);
  const [reqs, setReqs] = useState(initialReqs);
  const [contact, setContact] = useState<string>();

  const onDone = (answer?: { contact?: string; reqs?: LoginRequirements }) => {
    if (answer?.contact) setContact(answer.contact);
    const cleared = clearStepFlag(reqs, step);
    // The server's answer says what is still pending; the local flags say which steps are done.
    const next: LoginRequirements = answer?.reqs
      ? { ...answer.reqs, ...Object.fromEntries(Object.entries(cleared).filter(([, v]) => v === false)) }
      : cleared;
    setReqs(next);
    updateSession({ reqs: next });
    const following = nextStep(steps as LoginStep[], step) as Step | undefined;
    if (following) setStep(following);
    else onComplete(next);
  };

  const cancel = () => {
    void api('logout', 'POST', undefined, { skipError: true }).catch(() => undefined);
    clearSession();
    onCancel();
  };

  const View = VIEWS[step];
  return (
    <Box>
      <Box
        key={step}
        data-step={step}
        sx={{
          animation: `login-step-in ${TIMINGS.stepChangeAnimationMs}ms ease-out`,
          '@keyframes login-step-in': { from: { opacity: 0, transform: 'translateX(24px)' }, to: { opacity: 1, transform: 'none' } },
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
        }}
      >
        <View reqs={reqs} purpose={purpose} contact={contact} onDone={onDone} />
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'center', mt: 2 }}>
        <Button size="small" onClick={cancel}>
          {t('login.steps.backToLogin')}
        </Button>
      </Box>
    </Box>
  );
}
