import { useQuery } from '@tanstack/react-query';
import type { BusinessHours, BusinessHoursInput } from '../../../schemas/ansService.js';
import { api } from '../providers/http.js';

/** The rota's gaps and conflicts over a week, as GET /api/onCall/findings answers. */
export interface RotaFindings {
  from: string;
  to: string;
  timeZone: string;
  gaps: { start: string; end: string }[];
  conflicts: { start: string; end: string; entryIds: number[] }[];
}

export interface TestResult {
  messageId: number;
  status: 'sent' | 'outboxOnly' | 'failed';
}

/**
 * The answering-service calls that are not react-admin's list, one, create, update and delete,
 * through the one transport (SPEC §7): the rota's findings, the week's hours, a rule's
 * test, and the URL of the messages export (the session cookie carries the download).
 */
export const ansApi = {
  findings: (week?: string) => api<RotaFindings>(`onCall/findings${week ? `?week=${encodeURIComponent(week)}` : ''}`),
  businessHours: () => api<BusinessHours>('businessHours'),
  saveBusinessHours: (body: BusinessHoursInput) => api<BusinessHours>('businessHours', 'PUT', body),
  testRule: (id: number) => api<TestResult>(`autoNotify/${id}/test`, 'POST', {}),
};

/** GET /api/ansMessages/export with the list's filters. */
export function messagesExportUrl(filter: Record<string, unknown>): string {
  return `/api/ansMessages/export?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

export const BUSINESS_HOURS_KEY = ['ansService', 'businessHours'];
export const findingsKey = (week: string | undefined) => ['ansService', 'findings', week ?? 'current'];

/** The week's hours and the group's zone (the on-call and exceptions pages show times in it). */
export function useBusinessHours() {
  return useQuery({ queryKey: BUSINESS_HOURS_KEY, queryFn: ansApi.businessHours });
}
