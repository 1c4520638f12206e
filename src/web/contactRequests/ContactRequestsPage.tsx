import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { CONTACT_REQUEST_STATUSES, CONTACT_TOPICS, type ContactRequest } from '../../../schemas/documents.js';
import { ListEmpty } from '../resources/ListStates.js';
import { choiceFilter, searchFilter } from '../resources/listFilters.js';
import { ResourceList, type Column } from '../resources/ResourceList.js';
import { ContactRequestDrawer } from './ContactRequestDrawer.js';
import { CONTACT_REQUESTS, CONTACT_REQUESTS_PATH, ContactStatusChip, Sender } from './contactRequestParts.js';
import { DateTimeCell } from '../resources/DateTimeCell.js';

function filters(translate: (key: string) => string) {
  return [
    searchFilter('contactRequests', translate),
    choiceFilter('contactRequests', translate, {
      source: 'status',
      ids: CONTACT_REQUEST_STATUSES,
      choiceKeys: 'contactRequests.statuses',
      minWidth: 150,
    }),
    choiceFilter('contactRequests', translate, { source: 'topic', ids: CONTACT_TOPICS, choiceKeys: 'contactUs.topics', minWidth: 180 }),
  ];
}

function Excerpt({ request }: { request: ContactRequest }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 160, maxWidth: 460 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Chip size="small" variant="outlined" label={translate(`contactUs.topics.${request.topic}`)} />
        {request.attachmentName && (
          <AttachFileIcon fontSize="small" titleAccess={translate('contactRequests.hasAttachment')} sx={{ color: 'text.secondary' }} />
        )}
      </Box>
      <Typography
        variant="body2"
        sx={{
          mt: 0.5,
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
          overflowWrap: 'anywhere',
        }}
      >
        {request.message}
      </Typography>
    </Box>
  );
}

function Reference({ request }: { request: ContactRequest }) {
  const translate = useTranslate();
  const { search } = useLocation();
  return (
    <Box
      component={RouterLink}
      to={`${CONTACT_REQUESTS_PATH}/${request.id}${search}`}
      aria-label={translate('contactRequests.open', { reference: request.reference ?? request.id })}
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
      sx={{ color: 'primary.main', fontWeight: request.status === 'new' ? 700 : 600, whiteSpace: 'nowrap' }}
    >
      {request.reference ?? `#${request.id}`}
    </Box>
  );
}

/** A request on a phone. */
function RequestCard({ request }: { request: ContactRequest }) {
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <Sender request={request} />
        </Box>
        <ContactStatusChip status={request.status} />
      </Box>
      <Box sx={{ my: 1 }}>
        <Excerpt request={request} />
      </Box>
      <Typography variant="caption" color="text.secondary" component="div" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <span>{request.reference}</span>
        <DateTimeCell iso={request.createdAt} />
      </Typography>
    </>
  );
}

const RequestsEmpty = () => <ListEmpty ns="contactRequests" keys="nested" testId="contact-requests-empty" icon={<MarkEmailReadIcon />} />;

const columns: Column<ContactRequest>[] = [
  { name: 'createdAt', source: 'createdAt', render: (r) => <DateTimeCell iso={r.createdAt} /> },
  { name: 'reference', render: (r) => <Reference request={r} /> },
  // Before the message: the message is the column that gives way when the table is narrow.
  { name: 'status', source: 'status', render: (r) => <ContactStatusChip status={r.status} /> },
  { name: 'sender', render: (r) => <Sender request={r} /> },
  { name: 'message', render: (r) => <Excerpt request={r} /> },
];

/**
 * /contact-requests (access table `contactRequests`: application 1): the
 * messages dealers and staff send through Contact Us, newest first, with search, status and topic
 * filters; a message opens in a drawer (/contact-requests/:id) where support moves it from new
 * to in progress to closed and keeps an internal note (each change audited).
 */
export function ContactRequestsPage() {
  const translate = useTranslate();
  const { search } = useLocation();
  return (
    <ResourceList<ContactRequest>
      ns="contactRequests"
      resource={CONTACT_REQUESTS}
      filters={filters(translate)}
      sort={{ field: 'createdAt', order: 'DESC' }}
      columns={columns}
      rowClick={(id) => `${CONTACT_REQUESTS_PATH}/${id}${search}`}
      rowSx={(r) => (r.status === 'new' ? { bgcolor: 'action.hover' } : {})}
      card={(request) => <RequestCard request={request} />}
      cardLink={(request) => ({
        to: `${CONTACT_REQUESTS_PATH}/${request.id}${search}`,
        label: translate('contactRequests.open', { reference: request.reference ?? request.id }),
      })}
      cardSx={(request) => (request.status === 'new' ? { borderLeft: 4, borderLeftColor: 'warning.main' } : undefined)}
      cardTestId="contact-request-card"
      empty={<RequestsEmpty />}
      skeletonColumns={5}
    >
      <ContactRequestDrawer />
    </ResourceList>
  );
}
