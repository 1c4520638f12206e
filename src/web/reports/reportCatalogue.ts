import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../providers/dataProvider.js';

/** react-query's key of the catalogue (not under 'reports', which the shell refreshes on every notice). */
export const CATALOGUE_KEY = ['reportCatalogue'];

/** The catalogue: it changes only with a new version of the portal. */
export function useReportCatalogue() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({ queryKey: CATALOGUE_KEY, queryFn: () => dataProvider.reportCatalogue(), staleTime: Infinity });
}
