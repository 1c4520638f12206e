import type { AccountGroupSettings, AccountGroupSettingsInput } from '../../../schemas/accountGroup.js';
import { api } from '../providers/http.js';

/** Account Group Settings' calls, through the one transport (SPEC §7). */
export const ACCOUNT_GROUP_QUERY_KEY = ['accountGroup', 'settings'] as const;

export const accountGroupApi = {
  get: () => api<AccountGroupSettings>('accountGroup'),
  /** Rejects with the ApiError of a refusal (400 with `errors` by field): the page shows it itself. */
  save: (input: AccountGroupSettingsInput) => api<AccountGroupSettings>('accountGroup', 'PUT', input, { skipError: true }),
};
