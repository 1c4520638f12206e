import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { ContactRequest, ContactRequestStatus } from '../../../schemas/documents.js';
import { STATUS_COLORS } from '../resources/siteStatus.js';

export const CONTACT_REQUESTS = 'contactRequests';
export const CONTACT_REQUESTS_PATH = '/contact-requests';

/** The portal's amber and blue fills (6:1 under white text in both modes); closed is an outlined green. */
const FILLS: Record<ContactRequestStatus, string | undefined> = {
  new: STATUS_COLORS.onTest,
  inProgress: STATUS_COLORS.pending,
  closed: undefined,
};

export function ContactStatusChip({ status }: { status: ContactRequestStatus }) {
  const translate = useTranslate();
  const fill = FILLS[status];
  return (
    <Chip
      size="small"
      label={translate(`contactRequests.statuses.${status}`)}
      color={fill ? 'default' : 'success'}
      variant={fill ? 'filled' : 'outlined'}
      sx={fill ? { bgcolor: fill, color: '#fff', fontWeight: 600 } : { fontWeight: 600 }}
      data-status={status}
    />
  );
}

/** Who wrote: name, username, and the application or dealer they wrote from. */
export function Sender({ request }: { request: ContactRequest }) {
  const translate = useTranslate();
  if (!request.senderUsername) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('contactRequests.deletedSender')}
      </Typography>
    );
  }
  const where = request.senderDealerNumber
    ? translate('contactRequests.dealer', { num: request.senderDealerNumber })
    : translate(`contactRequests.applications.${request.senderApplicationNum ?? 0}`, { _: '' });
  return (
    <Box sx={{ minWidth: 140 }}>
      <Box sx={{ fontWeight: request.status === 'new' ? 700 : 600, overflowWrap: 'anywhere' }}>
        {request.senderName ?? request.senderUsername}
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
        {[request.senderUsername, where].filter(Boolean).join(' · ')}
      </Typography>
    </Box>
  );
}
