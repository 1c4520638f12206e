import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../providers/dataProvider.js';

/** The page's cache entries: each section refreshes or writes its own after a change. */
export const USER_ACCOUNT_KEYS = {
  profile: ['userAccount', 'profile'],
  devices: ['userAccount', 'devices'],
  sessions: ['userAccount', 'sessions'],
  contacts: ['userAccount', 'contacts'],
  authenticator: ['userAccount', 'authenticator'],
  passkeys: ['userAccount', 'passkeys'],
} as const;

/** The page's methods of the dataProvider (providers/methods/userAccountMethods.ts). */
export const useAccountProvider = () => useDataProvider<PortalDataProvider>();

/** One section's read, cached under its key. */
function useAccountQuery<T>(key: keyof typeof USER_ACCOUNT_KEYS, read: (dataProvider: PortalDataProvider) => Promise<T>) {
  const dataProvider = useAccountProvider();
  return useQuery({ queryKey: USER_ACCOUNT_KEYS[key], queryFn: () => read(dataProvider) });
}

export const useProfile = () => useAccountQuery('profile', (dataProvider) => dataProvider.profile());
export const useTrustedDevices = () => useAccountQuery('devices', (dataProvider) => dataProvider.trustedDevices());
export const useSessions = () => useAccountQuery('sessions', (dataProvider) => dataProvider.userSessions());
export const useContactMethods = () => useAccountQuery('contacts', (dataProvider) => dataProvider.contactMethods());
export const useAuthenticatorStatus = () => useAccountQuery('authenticator', (dataProvider) => dataProvider.authenticatorStatus());
export const usePasskeys = () => useAccountQuery('passkeys', (dataProvider) => dataProvider.passkeys());
