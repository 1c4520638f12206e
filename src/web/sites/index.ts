import PeopleAltIcon from '@mui/icons-material/PeopleAlt';
import { SiteList } from './SiteList.js';

/**
 * The sites resource, spread into <Resource name="sites">: /sites is the accounts
 * list; an account opens on /site/info (the site area), so there is no show or edit here.
 */
export const sites = {
  list: SiteList,
  icon: PeopleAltIcon,
  recordRepresentation: 'siteName',
};
