import { useLocation } from 'react-router-dom';
import { useCanAccess, useTranslate } from 'react-admin';
import { AreaTabs } from '../resources/AreaTabs.js';
import { INBOX_PATH, REPORTS_PATH, reportsTab, SCHEDULES_PATH } from './reportTabs.js';

/**
 * The reports area's own navigation (the shell's drawer has one 'Reports' item): the
 * catalogue, my inbox and my scheduled reports, as links drawn as tabs, the current one
 * marked (aria-current; a run's page is the inbox's), scrolling sideways on a narrow phone.
 */
export function ReportsNav() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { canAccess: canSchedule } = useCanAccess({ resource: 'reportSchedules', action: 'list' });
  const value = reportsTab(pathname);
  const links = [
    { to: REPORTS_PATH, label: 'reportScreens.nav.catalogue' },
    { to: INBOX_PATH, label: 'reportScreens.nav.inbox' },
    ...(canSchedule ? [{ to: SCHEDULES_PATH, label: 'reportScreens.nav.schedules' }] : []),
  ];
  return (
    <AreaTabs
      label={translate('reportScreens.nav.label')}
      links={links.map((link) => ({ to: link.to, label: translate(link.label), active: link.to === value }))}
    />
  );
}
