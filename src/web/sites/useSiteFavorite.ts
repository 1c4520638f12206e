import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import type { SiteRecord } from '../../../schemas/sites.js';
import { api } from '../providers/http.js';

/** The site sidebar's query key (web/shell SiteSidebar.tsx SITES_QUERY): its Favorites follow a change made here. */
const SIDEBAR_SITES_QUERY = ['shell', 'sites'] as const;

/**
 * The favourite star of the accounts list, over the shell's favourite calls (PUT and DELETE
 * /api/site/favorites/{xmit}, SPEC §7): the list and the sidebar refresh after a change;
 * a failure says 'Failed to add favorite.' or 'Failed to remove favorite.'.
 */
export function useSiteFavorite() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const toggle = async (site: Pick<SiteRecord, 'siteNum' | 'transmitterCode' | 'isFavorite'>) => {
    if (!site.transmitterCode || busy.has(site.siteNum)) return;
    const favorite = !site.isFavorite;
    setBusy((current) => new Set(current).add(site.siteNum));
    try {
      await api(`site/favorites/${encodeURIComponent(site.transmitterCode)}`, favorite ? 'PUT' : 'DELETE', undefined, { skipError: true });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['sites'] }),
        queryClient.invalidateQueries({ queryKey: SIDEBAR_SITES_QUERY }),
      ]);
    } catch {
      notify(favorite ? 'sites.favorite.addFailed' : 'sites.favorite.removeFailed', { type: 'error' });
    } finally {
      setBusy((current) => {
        const next = new Set(current);
        next.delete(site.siteNum);
        return next;
      });
    }
  };
  return { toggle, isBusy: (siteNum: number) => busy.has(siteNum) };
}
