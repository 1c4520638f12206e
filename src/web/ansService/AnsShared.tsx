import Box from '@mui/material/Box';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { AnsMessageKind, AnsMessageStatus } from '../../../schemas/ansService.js';
import { STATUS_COLORS } from '../resources/siteStatus.js';
import { ANS_PATHS } from './ansRules.js';

const LINKS = [
  { to: ANS_PATHS.messages, label: 'ansService.nav.messages' },
  { to: ANS_PATHS.onCall, label: 'ansService.nav.onCall' },
  { to: ANS_PATHS.autoNotify, label: 'ansService.nav.autoNotify' },
  { to: ANS_PATHS.businessHours, label: 'ansService.nav.businessHours' },
  { to: ANS_PATHS.tempBusinessHours, label: 'ansService.nav.tempBusinessHours' },
];

/** The answering service's own navigation (the drawer has one item): its five screens as tabs, the current one marked. */
export function AnsServiceNav() {
  const translate = useTranslate();
  const { pathname } = useLocation();
  return (
    <Box
      component="nav"
      aria-label={translate('ansService.nav.label')}
      sx={{ mb: 2, borderBottom: 1, borderColor: 'divider', overflowX: 'auto' }}
    >
      <Box component="ul" sx={{ display: 'flex', gap: 0.5, listStyle: 'none', m: 0, p: 0 }}>
        {LINKS.map((link) => {
          const active = pathname === link.to || pathname.startsWith(`${link.to}/`);
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

/** The portal's status amber and blue (6:1 under white text in both modes; MUI's light warning and info are about 3:1). */
const STATUS_FILLS: Record<AnsMessageStatus, string | undefined> = {
  new: STATUS_COLORS.onTest,
  delivered: STATUS_COLORS.pending,
  handled: undefined,
};
const KIND_COLORS: Record<AnsMessageKind | 'any', ChipProps['color']> = {
  emergency: 'error',
  service: 'primary',
  billing: 'secondary',
  general: 'default',
  any: 'default',
};

export function StatusChip({ status }: { status: AnsMessageStatus }) {
  const translate = useTranslate();
  const fill = STATUS_FILLS[status];
  return (
    <Chip
      size="small"
      label={translate(`ansService.statuses.${status}`)}
      color={fill ? 'default' : 'success'}
      variant={fill ? 'filled' : 'outlined'}
      sx={fill ? { bgcolor: fill, color: '#fff' } : undefined}
      data-status={status}
    />
  );
}

export function KindChip({ kind }: { kind: AnsMessageKind | 'any' }) {
  const translate = useTranslate();
  return <Chip size="small" variant="outlined" label={translate(`ansService.kinds.${kind}`)} color={KIND_COLORS[kind]} />;
}
