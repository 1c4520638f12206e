import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { PortalDataProvider } from '../providers/dataProvider.js';

/** The cache keys of the week's hours and of each week's findings (a saved week of hours invalidates every week's findings). */
export const BUSINESS_HOURS_KEY = ['ansService', 'businessHours'];
export const FINDINGS_KEY = ['ansService', 'findings'];
const findingsKey = (week: string | undefined) => [...FINDINGS_KEY, week ?? 'current'];

/** The week's hours and the group's zone (the on-call and exceptions pages show times in it). */
export function useBusinessHours() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({ queryKey: BUSINESS_HOURS_KEY, queryFn: () => dataProvider.businessHours() });
}

/** The rota's gaps and conflicts over the week starting `week` (default this week). */
export function useRotaFindings(week: string | undefined) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  return useQuery({ queryKey: findingsKey(week), queryFn: () => dataProvider.onCallFindings(week) });
}
