import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import { resourcePage } from '../resources/resourcePage.js';

/**
 * The account group's staff, spread into <Resource name="account-group/users">: its administrator
 * (xtAdmin) invites and manages them in dialogs over the list. Support staff, whom the same entry
 * lets list every user, go to their directory on /support.
 */
export const staff = {
  ...resourcePage({ titleKey: 'shell.pages.users' }, () => import('./StaffPage.js').then((m) => m.AccountGroupStaffPage)),
  icon: ManageAccountsIcon,
  recordRepresentation: 'name',
};
