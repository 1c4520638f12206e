import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import type { ChangeRequest, DealerChangeRequest } from '../../../schemas/msa.js';
import { STATUS_COLORS } from '../resources/siteStatus.js';

export const CHANGE_REQUESTS = 'changeRequests';

/** 'Address: 1484 Willow Parkway…': what should change and to what. */
export function requestLine(request: Pick<ChangeRequest, 'field' | 'requestedValue'>, translate: (key: string) => string): string {
  return `${translate(`msa.accountInfo.fields.${request.field}`)}: ${request.requestedValue}`;
}

/** Pending in the portal's amber (6:1 under white text), done in green, the rest outlined. */
function ChangeStatusChip({ status }: { status: ChangeRequest['status'] }) {
  const translate = useTranslate();
  const fill = status === 'pending' ? STATUS_COLORS.onTest : status === 'done' ? STATUS_COLORS.active : undefined;
  return (
    <Chip
      size="small"
      label={translate(`msa.accountInfo.status.${status}`)}
      variant={fill ? 'filled' : 'outlined'}
      sx={fill ? { bgcolor: fill, color: '#fff', fontWeight: 600 } : { fontWeight: 600 }}
      data-status={status}
    />
  );
}

/** The request itself: what should change, to what, what it is now, and the customer's note. */
export function RequestText({ request }: { request: DealerChangeRequest }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 220, maxWidth: 440 }}>
      <Box sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{requestLine(request, translate)}</Box>
      {request.currentValue && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {translate('changeRequests.now', { value: request.currentValue })}
        </Typography>
      )}
      {request.note && (
        <Typography variant="caption" sx={{ display: 'block', fontStyle: 'italic', overflowWrap: 'anywhere' }}>
          {translate('changeRequests.customerNote', { note: request.note })}
        </Typography>
      )}
    </Box>
  );
}

/** The status, and once answered who answered when and what they told the customer. */
export function Outcome({ request }: { request: DealerChangeRequest }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box sx={{ minWidth: 140 }}>
      <ChangeStatusChip status={request.status} />
      {request.resolvedAt && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {translate('changeRequests.resolvedBy', {
            user: request.resolvedBy ?? '—',
            time: new Intl.DateTimeFormat(locale, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(request.resolvedAt)),
          })}
        </Typography>
      )}
      {request.resolutionNote && (
        <Typography variant="caption" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
          {translate('changeRequests.answer', { note: request.resolutionNote })}
        </Typography>
      )}
    </Box>
  );
}
