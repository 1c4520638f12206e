import type { AutoNotifyTestResult, BusinessHours, BusinessHoursInput, RotaFindings } from '../../../../schemas/ansService.js';
import type { httpClient } from '../http.js';

/** The answering service's calls that are not a resource's list, one, create, update or delete. */
export interface AnsServiceMethods {
  /** The rota's gaps and conflicts over the week starting `week` (its Monday; default this week). */
  onCallFindings(week?: string): Promise<RotaFindings>;
  /** The week's hours and the group's zone (one record per group, no id). */
  businessHours(): Promise<BusinessHours>;
  saveBusinessHours(input: BusinessHoursInput): Promise<BusinessHours>;
  /** One test message through the rule's real mail or text path. */
  testAutoNotifyRule(id: number): Promise<AutoNotifyTestResult>;
}

/** GET /api/ansMessages/export with the list's filters: the browser follows it (the session cookie carries the download). */
export function ansMessagesExportUrl(filter: Record<string, unknown>): string {
  return `/api/ansMessages/export?filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

export function ansServiceMethods(http: typeof httpClient): AnsServiceMethods {
  return {
    async onCallFindings(week) {
      const { json } = await http(`/api/onCall/findings${week ? `?week=${encodeURIComponent(week)}` : ''}`);
      return json as RotaFindings;
    },
    async businessHours() {
      const { json } = await http('/api/businessHours');
      return json as BusinessHours;
    },
    async saveBusinessHours(input) {
      const { json } = await http('/api/businessHours', { method: 'PUT', body: JSON.stringify(input) });
      return json as BusinessHours;
    },
    async testAutoNotifyRule(id) {
      const { json } = await http(`/api/autoNotify/${id}/test`, { method: 'POST', body: '{}' });
      return json as AutoNotifyTestResult;
    },
  };
}
