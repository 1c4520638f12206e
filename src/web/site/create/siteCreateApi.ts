import type { SiteCreate, SiteCreated, SiteCreateStep, SiteDraft, TransmitterAvailability } from '../../../../schemas/siteCreate.js';
import { api } from '../../providers/http.js';

/**
 * The stepper's calls through the one transport (SPEC §7): the drafts
 * (/api/siteDrafts), the transmitter check of the devices step and the
 * creation. Each rejects with the transport's ApiError (status, body).
 */
export const siteCreateApi = {
  drafts: () => api<SiteDraft[]>('siteDrafts'),
  draft: (id: number) => api<SiteDraft>(`siteDrafts/${id}`),
  createDraft: (step: SiteCreateStep, data: unknown) => api<SiteDraft>('siteDrafts', 'POST', { step, data }),
  saveDraft: (id: number, step: SiteCreateStep, data: unknown) => api<SiteDraft>(`siteDrafts/${id}`, 'PUT', { step, data }),
  deleteDraft: (id: number) => api<void>(`siteDrafts/${id}`, 'DELETE'),
  transmitter: (code: string) => api<TransmitterAvailability>(`transmitters/availability?code=${encodeURIComponent(code.trim())}`),
  create: (site: SiteCreate) => api<SiteCreated>('sites', 'POST', site),
};
