import EventBusyIcon from '@mui/icons-material/EventBusy';
import ForumIcon from '@mui/icons-material/Forum';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import { resourcePage } from '../resources/resourcePage.js';
import { AnsServiceNav } from './AnsShared.js';

/**
 * The answering service's resources (SPEC §2 /ans-service/*), each spread into the <Resource> of
 * its path: the page (loaded lazily, behind level8, ansServiceBlockFlag and a dealer with the
 * service) under the area's tabs. Each page opens its records in its slide-over at /create and
 * /:id under its path, which react-admin's list route also serves. /ans-service/business-hours is
 * the week's hours, one form, so an area page of App.tsx.
 */
export const ansMessages = {
  ...resourcePage({ titleKey: 'shell.pages.ansMessages', nav: AnsServiceNav }, () =>
    import('./MessagesPage.js').then((m) => m.MessagesPage),
  ),
  icon: ForumIcon,
  recordRepresentation: 'callerName',
};

export const onCall = {
  ...resourcePage({ titleKey: 'shell.pages.ansOnCall', nav: AnsServiceNav }, () => import('./OnCallPage.js').then((m) => m.OnCallPage)),
  icon: PhoneInTalkIcon,
  recordRepresentation: 'personName',
};

export const autoNotify = {
  ...resourcePage({ titleKey: 'shell.pages.ansAutoNotify', nav: AnsServiceNav }, () =>
    import('./AutoNotifyPage.js').then((m) => m.AutoNotifyPage),
  ),
  icon: NotificationsActiveIcon,
  recordRepresentation: 'name',
};

/** The dated exceptions to the week's hours (holidays, closures, special hours). */
export const hoursExceptions = {
  ...resourcePage({ titleKey: 'shell.pages.ansTempBusinessHours', nav: AnsServiceNav }, () =>
    import('./HoursExceptionsPage.js').then((m) => m.HoursExceptionsPage),
  ),
  icon: EventBusyIcon,
  recordRepresentation: 'name',
};
