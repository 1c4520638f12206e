import type { StaffInvite, StaffUpdate, StaffUser } from '../../../../schemas/users.js';
import type { httpClient } from '../http.js';

/**
 * The staff screen's writes (the `users` resource of the selected account group). Not
 * react-admin's create and update: each dialog shows every failure itself (skipError: §8's
 * status handling leaves them alone), which simple-rest's calls cannot ask for.
 */
export interface StaffMethods {
  inviteStaff(input: StaffInvite): Promise<StaffUser>;
  updateStaff(id: number, input: StaffUpdate): Promise<StaffUser>;
  resetStaffMfa(id: number): Promise<StaffUser>;
  resendStaffInvitation(id: number): Promise<StaffUser>;
}

export function staffMethods(http: typeof httpClient): StaffMethods {
  const call = async (path: string, method: string, body?: unknown) => {
    const { json } = await http(`/api/${path}`, { method, body: body === undefined ? undefined : JSON.stringify(body), skipError: true });
    return json as StaffUser;
  };
  return {
    inviteStaff: (input) => call('users', 'POST', input),
    updateStaff: (id, input) => call(`users/${id}`, 'PUT', input),
    resetStaffMfa: (id) => call(`users/${id}/resetMfa`, 'POST'),
    resendStaffInvitation: (id) => call(`users/${id}/resendInvitation`, 'POST'),
  };
}
