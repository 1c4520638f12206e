import CampaignIcon from '@mui/icons-material/Campaign';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import { resourcePage } from '../resources/resourcePage.js';

/**
 * The document libraries, each a list of the documents resource spread into the <Resource> of
 * its page: /resources (staff of applications 1 and 2) and /marketing (application 1), each with
 * its own entry of the access table. Their upload, change and delete dialogs open over the list.
 */
export const resourcesLibrary = {
  ...resourcePage({ titleKey: 'shell.pages.resources' }, () => import('./DocumentLibraryPage.js').then((m) => m.ResourcesLibraryPage)),
  icon: FolderOpenIcon,
  recordRepresentation: 'title',
};

export const marketingLibrary = {
  ...resourcePage({ titleKey: 'shell.pages.marketing' }, () => import('./DocumentLibraryPage.js').then((m) => m.MarketingLibraryPage)),
  icon: CampaignIcon,
  recordRepresentation: 'title',
};
