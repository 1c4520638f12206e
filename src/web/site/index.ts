import ContactsIcon from '@mui/icons-material/Contacts';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import EventIcon from '@mui/icons-material/Event';
import GridViewIcon from '@mui/icons-material/GridView';
import HistoryIcon from '@mui/icons-material/History';
import KeyIcon from '@mui/icons-material/Key';
import PersonAddIcon from '@mui/icons-material/PersonAdd';

/**
 * The account's parts, each spread into a <Resource> with no page of its own: the account page
 * (/site/info, and the customer's /msa/* screens under `msa/…` names) shows and edits them, the
 * history pages list the events, the create stepper keeps its drafts. Registered so react-admin
 * knows how to name and draw their records.
 */
export const contacts = { icon: ContactsIcon, recordRepresentation: 'name' };
export const zones = { icon: GridViewIcon, recordRepresentation: 'description' };
export const passcodes = { icon: KeyIcon, recordRepresentation: 'name' };
export const schedules = { icon: EventIcon, recordRepresentation: 'name' };
export const holidays = { icon: EventAvailableIcon, recordRepresentation: 'name' };
export const events = { icon: HistoryIcon, recordRepresentation: 'eventCodeDescription' };
export const siteDrafts = { icon: PersonAddIcon, recordRepresentation: 'name' };
