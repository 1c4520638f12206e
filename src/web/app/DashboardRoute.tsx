import { useDataProvider } from 'react-admin';
import { DashboardPage } from '../dashboard/DashboardPage.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { SITES_QUERY } from '../shell/SiteSidebar.js';

/** /home and /home/dashboard: the dealer dashboard with the shell's favourites, loaded with the page. */
export function DashboardRoute() {
  const dataProvider = useDataProvider<PortalDataProvider>();
  // The shell's favourites query (the sidebar's cache entry, which the star toggles refresh).
  const favoritesQuery = { queryKey: [...SITES_QUERY, 'favorites'], queryFn: () => dataProvider.favoriteSites() };
  return <DashboardPage favorites={favoritesQuery} />;
}
