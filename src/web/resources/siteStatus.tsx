import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import { useTranslate } from 'react-admin';
import type { SiteStatus } from '../../../schemas/sites.js';

/**
 * An account's status as every page shows it (the accounts list, the account view, the
 * dashboard): one colour per status and its name from `sites.status.*`. The tag is filled with
 * white text (WCAG 1.4.3: each colour ≥ 4.5:1, unit-tested); the name is always written
 * (WCAG 1.4.1: not colour alone).
 */
export const STATUS_COLORS: Record<SiteStatus, string> = {
  active: '#2e7d32',
  inAlarm: '#b3261e',
  onTest: '#8a5300',
  outOfService: '#4a5663',
  pending: '#1565c0',
};

/** The status as a filled tag. */
export function SiteStatusTag({ status }: { status: SiteStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`sites.status.${status}`)}
      data-status={status}
      sx={{ bgcolor: STATUS_COLORS[status], color: '#fff', fontWeight: 600 }}
    />
  );
}

/** The status's colour as a dot, for a chip icon beside the written name (decorative). */
export function SiteStatusDot({ status }: { status: SiteStatus }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: STATUS_COLORS[status], ml: '8px !important' }}
    />
  );
}
