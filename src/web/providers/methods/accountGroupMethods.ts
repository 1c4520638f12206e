import type { AccountGroupSettings, AccountGroupSettingsInput } from '../../../../schemas/accountGroup.js';
import { jsonCaller, type AdminHttpClient } from './call.js';

/** Account Group Settings' calls (GET and PUT /api/accountGroup). */
export function accountGroupMethods(client: AdminHttpClient) {
  const call = jsonCaller(client);
  return {
    accountGroupSettings: () => call<AccountGroupSettings>('accountGroup'),
    /** Rejects with the refusal (400 with `errors` by field): the page shows it itself. */
    saveAccountGroupSettings: (input: AccountGroupSettingsInput) =>
      call<AccountGroupSettings>('accountGroup', 'PUT', input, { skipError: true }),
  };
}

export type AccountGroupMethods = ReturnType<typeof accountGroupMethods>;
