import MarkEmailUnreadIcon from '@mui/icons-material/MarkEmailUnread';
import { resourcePage } from '../resources/resourcePage.js';

/** Support's contact-us inbox, spread into <Resource name="contact-requests">: the list, a request in its drawer at /contact-requests/:id. */
export const contactRequests = {
  ...resourcePage({ titleKey: 'shell.pages.contactRequests' }, () => import('./ContactRequestsPage.js').then((m) => m.ContactRequestsPage)),
  icon: MarkEmailUnreadIcon,
  recordRepresentation: 'reference',
};
