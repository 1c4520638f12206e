import MapIcon from '@mui/icons-material/Map';
import { resourcePage } from '../resources/resourcePage.js';

/**
 * The roadmap items, spread into <Resource name="home/product-roadmap">: the page (Help menu
 * 'Product Roadmap') shows them in their three groups; staff with canEdit add, change and delete
 * them in a dialog over it.
 */
export const roadmapItems = {
  ...resourcePage({ titleKey: 'shell.pages.productRoadmap' }, () => import('./RoadmapPage.js').then((m) => m.RoadmapPage)),
  icon: MapIcon,
  recordRepresentation: 'title',
};
