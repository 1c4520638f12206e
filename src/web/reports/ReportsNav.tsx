import Box from '@mui/material/Box';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useCanAccess, useTranslate } from 'react-admin';
import { INBOX_PATH, REPORTS_PATH, SCHEDULES_PATH } from './reportRules.js';

/** Which of the three screens a path is. */
function current(pathname: string): string {
  if (pathname.startsWith(SCHEDULES_PATH)) return SCHEDULES_PATH;
  if (pathname.startsWith(INBOX_PATH)) return INBOX_PATH;
  return REPORTS_PATH;
}

/**
 * The reports area's own navigation (the shell's drawer has one 'Reports' item): the
 * catalogue, my inbox and my scheduled reports, as links drawn as tabs, the current one
 * marked (aria-current), scrolling sideways on a narrow phone.
 */
export function ReportsNav() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { canAccess: canSchedule } = useCanAccess({ resource: 'reportSchedules', action: 'list' });
  const value = current(pathname);
  const links = [
    { to: REPORTS_PATH, label: 'reportScreens.nav.catalogue' },
    { to: INBOX_PATH, label: 'reportScreens.nav.inbox' },
    ...(canSchedule ? [{ to: SCHEDULES_PATH, label: 'reportScreens.nav.schedules' }] : []),
  ];
  return (
    <Box
      component="nav"
      aria-label={translate('reportScreens.nav.label')}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', overflowX: 'auto' }}
    >
      <Box component="ul" sx={{ display: 'flex', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
        {links.map((link) => {
          const active = link.to === value;
          return (
            <li key={link.to}>
              <Box
                component={RouterLink}
                to={link.to}
                aria-current={active ? 'page' : undefined}
                sx={{
                  display: 'inline-flex',
                  alignItems: 'center',
                  minHeight: 44,
                  px: { xs: 1.25, sm: 2 },
                  whiteSpace: 'nowrap',
                  typography: 'button',
                  textTransform: 'none',
                  fontWeight: 600,
                  textDecoration: 'none',
                  color: active ? 'primary.main' : 'text.secondary',
                  borderBottom: 3,
                  borderColor: active ? 'primary.main' : 'transparent',
                  borderTopLeftRadius: 4,
                  borderTopRightRadius: 4,
                  '&:hover': { color: 'text.primary', bgcolor: 'action.hover' },
                  '&:focus-visible': { outline: 2, outlineStyle: 'solid', outlineColor: 'primary.main', outlineOffset: -2 },
                }}
              >
                {translate(link.label)}
              </Box>
            </li>
          );
        })}
      </Box>
    </Box>
  );
}
