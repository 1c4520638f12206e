import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AddLinkIcon from '@mui/icons-material/AddLink';
import EditNoteIcon from '@mui/icons-material/EditNote';

/**
 * The customer's own records (My Security Account, /api/msa), each spread into a <Resource> with
 * no page of its own: the /msa/* screens compose them. The account's parts they share with the
 * dealer's account page are registered from src/web/site under `msa/…` names.
 */
export const msaSites = { icon: AccountBalanceIcon, recordRepresentation: 'siteName' };
export const accountLinks = { icon: AddLinkIcon, recordRepresentation: 'siteName' };
export const msaChangeRequests = { icon: EditNoteIcon, recordRepresentation: 'requestedValue' };
export const msaUsers = { icon: AccountCircleIcon, recordRepresentation: 'email' };
