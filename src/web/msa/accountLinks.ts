import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../providers/dataProvider.js';

/** The shell's query of the links (its switcher reads the same key): one request for both. */
export const LINKS_QUERY = ['shell', 'accountLinks'] as const;

export function useAccountLinks() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({ queryKey: LINKS_QUERY, queryFn: () => dataProvider.accountLinks() });
}
