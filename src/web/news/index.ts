import NewspaperIcon from '@mui/icons-material/Newspaper';
import { slideOverRedirects } from '../resources/slideOverRedirects.js';
import { lazyPage } from '../resources/resourcePage.js';
import { NEWS_SETUP_PATH } from './newsRoutes.js';

/**
 * The news resource, spread into <Resource name="news">. /news is the users' page (SPEC §2
 * news); the admins manage news on /news/setup (NewsSetup.tsx, a custom route of
 * App.tsx), where the slide-over (NewsSlideOver.tsx) creates and edits. The resource's own
 * edit and create routes (/news/:id, /news/create: react-admin's links) lead there.
 */
export const news = {
  list: lazyPage(() => import('./NewsPage.js').then((m) => m.NewsPage)),
  ...slideOverRedirects(NEWS_SETUP_PATH),
  icon: NewspaperIcon,
  recordRepresentation: 'title',
};
