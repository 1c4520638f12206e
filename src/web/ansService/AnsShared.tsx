import Chip, { type ChipProps } from '@mui/material/Chip';
import { useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import type { AnsMessageKind, AnsMessageStatus } from '../../../schemas/ansService.js';
import { AreaTabs } from '../resources/AreaTabs.js';
import { STATUS_COLORS } from '../resources/siteStatus.js';
import { ANS_PATHS } from './ansPaths.js';

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
    <AreaTabs
      label={translate('ansService.nav.label')}
      links={LINKS.map((link) => ({
        to: link.to,
        label: translate(link.label),
        active: pathname === link.to || pathname.startsWith(`${link.to}/`),
      }))}
    />
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
