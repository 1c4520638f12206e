import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import { lazyPage } from '../resources/resourcePage.js';

/**
 * The sites resource, spread into <Resource name="sites">: /sites is the accounts
 * list; an account opens on /site/info (the site area), so there is no show or edit here.
 */
export const sites = {
  list: lazyPage(() => import('./SiteList.js').then((m) => m.SiteList)),
  icon: PeopleAltIcon,
  recordRepresentation: 'siteName',
};
