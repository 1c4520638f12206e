import { createContext, useContext, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';

/**
 * Favouriting a site (SPEC §7 PUT/DELETE /api/site/favorites/{xmit}) is the shell's call
 * (shell/SiteSidebar.tsx useFavoriteToggle: the sidebar's Favorites, and 'Failed to add
 * favorite.' / 'Failed to remove favorite.' in the notifications stack). The shell layout
 * provides it here so the pages (the accounts list, the account view) star a site the same
 * way without importing the shell.
 */
export type ToggleFavorite = (xmit: string, favorite: boolean) => Promise<void>;

const FavoriteContext = createContext<ToggleFavorite | null>(null);
export const FavoriteProvider = FavoriteContext.Provider;

/** The star of a page: the shell's toggle, one call per site at a time, then `refresh` (the page's own queries). */
export function useSiteFavorite(refresh: readonly (readonly unknown[])[] = [['sites']]) {
  const toggleFavorite = useContext(FavoriteContext);
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const toggle = async (site: { siteNum: number; transmitterCode: string | null; isFavorite: boolean }) => {
    if (!toggleFavorite || !site.transmitterCode || busy.has(site.siteNum)) return;
    setBusy((current) => new Set(current).add(site.siteNum));
    try {
      await toggleFavorite(site.transmitterCode, !site.isFavorite);
      await Promise.all(refresh.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
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
