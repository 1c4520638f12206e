import type { Token } from '../../../../schemas/auth.js';
import type { SupportActionId, SupportUserDetail } from '../../../../schemas/support.js';
import type { httpClient } from '../http.js';

/**
 * /support's calls beyond react-admin's list and one of `users`: a support action with its
 * reason, and starting an impersonation. The dialogs show every failure themselves (skipError:
 * §8's status handling leaves them alone).
 */
export interface SupportMethods {
  /** Answers the user's page as it is after the action. */
  supportAction(userId: number, action: SupportActionId, reason: string): Promise<SupportUserDetail>;
  startImpersonation(userId: number, reason: string, durationMinutes: number): Promise<Token>;
}

export function supportMethods(http: typeof httpClient): SupportMethods {
  return {
    async supportAction(userId, action, reason) {
      const { json } = await http(`/api/users/${userId}/supportActions/${action}`, {
        method: 'POST',
        body: JSON.stringify({ reason }),
        skipError: true,
      });
      return json as SupportUserDetail;
    },
    async startImpersonation(userId, reason, durationMinutes) {
      const { json } = await http('/api/impersonation', {
        method: 'POST',
        body: JSON.stringify({ userId, reason, durationMinutes }),
        skipError: true,
      });
      return json as Token;
    },
  };
}
