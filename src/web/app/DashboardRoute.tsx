import { DashboardPage } from '../dashboard/DashboardPage.js';
import { SITES_QUERY } from '../shell/SiteSidebar.js';
import { shellApi } from '../shell/shellApi.js';

/** The shell's favourites query (the sidebar's cache entry, which the star toggles refresh). */
const favoritesQuery = { queryKey: [...SITES_QUERY, 'favorites'], queryFn: shellApi.favorites };

/** /home and /home/dashboard: the dealer dashboard with the shell's favourites, loaded with the page. */
export function DashboardRoute() {
  return <DashboardPage favorites={favoritesQuery} />;
}
