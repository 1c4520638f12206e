import NewspaperIcon from '@mui/icons-material/Newspaper';
import { NewsPage } from './NewsPage.js';

/**
 * The news resource, spread into <Resource name="news">: /news is the users'
 * page (SPEC §2 news). Setup is its own route, /news/setup (NewsSetup.tsx),
 * editing in its slide-over, so the resource has no edit or create pages.
 */
export const news = {
  list: NewsPage,
  icon: NewspaperIcon,
  recordRepresentation: 'title',
};

/** SPEC §2 route of the admins' news setup. */
export const NEWS_SETUP_PATH = '/news/setup';
