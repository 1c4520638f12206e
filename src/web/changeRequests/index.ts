import EditNoteIcon from '@mui/icons-material/EditNote';
import { resourcePage } from '../resources/resourcePage.js';

/** What the dealer's customers asked them to change, spread into <Resource name="change-requests">: the list, answered in a dialog over it. */
export const changeRequests = {
  ...resourcePage({ titleKey: 'shell.pages.changeRequests' }, () => import('./ChangeRequestsPage.js').then((m) => m.ChangeRequestsPage)),
  icon: EditNoteIcon,
  recordRepresentation: 'requestedValue',
};
