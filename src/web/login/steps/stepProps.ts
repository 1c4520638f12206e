import type { LoginRequirements, MfaPurpose } from '../../../../schemas/auth.js';
import type { LoginStep } from '../../../common/loginFlow.js';

/**
 * The contract between LoginSteps and each step view, in its own module so the views and the
 * flow that lists them do not import each other.
 */
export type Step = Exclude<LoginStep, 'username'>;

export interface StepProps {
  reqs: LoginRequirements;
  purpose: MfaPurpose | undefined;
  /** The contact typed in the contact step (the code goes there, §4). */
  contact?: string;
  /** The step succeeded: its flag is cleared and the flow moves on. `reqs` as the server answered, when it did. */
  onDone: (answer?: { contact?: string; reqs?: LoginRequirements }) => void;
}
