import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import MarkEmailReadIcon from '@mui/icons-material/MarkEmailRead';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import { DataTable, List, SearchInput, SelectInput, useListContext, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { CONTACT_REQUEST_STATUSES, CONTACT_TOPICS, type ContactRequest } from '../../../schemas/documents.js';
import { failureMessage } from '../providers/errorMessages.js';
import { ListEmpty, ListSkeleton } from '../resources/ListStates.js';
import { ContactRequestDrawer } from './ContactRequestDrawer.js';
import { CONTACT_REQUESTS, CONTACT_REQUESTS_PATH, ContactStatusChip, Sender } from './contactRequestParts.js';

function filters(translate: (key: string) => string) {
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('contactRequests.filters.search')}
      inputProps={{ 'aria-label': translate('contactRequests.filters.search') }}
      sx={{ width: { xs: '100%', sm: 340 } }}
    />,
    <SelectInput
      key="status"
      source="status"
      label="contactRequests.filters.status"
      alwaysOn
      choices={CONTACT_REQUEST_STATUSES.map((id) => ({ id, name: translate(`contactRequests.statuses.${id}`) }))}
      translateChoice={false}
      emptyText="contactRequests.filters.any"
      helperText={false}
      sx={{ minWidth: 150 }}
    />,
    <SelectInput
      key="topic"
      source="topic"
      label="contactRequests.filters.topic"
      alwaysOn
      choices={CONTACT_TOPICS.map((id) => ({ id, name: translate(`contactUs.topics.${id}`) }))}
      translateChoice={false}
      emptyText="contactRequests.filters.any"
      helperText={false}
      sx={{ minWidth: 180 }}
    />,
  ];
}

function Received({ iso }: { iso: string }) {
  const [locale] = useLocaleState();
  const date = new Date(iso);
  return (
    <Box component="time" dateTime={iso} sx={{ whiteSpace: 'nowrap', display: 'block' }}>
      {new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date)}
      <Typography component="span" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(date)}
      </Typography>
    </Box>
  );
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

function RequestsTable() {
  const translate = useTranslate();
  const { search } = useLocation();
  return (
    <DataTable<ContactRequest>
      sx={{ '& thead th': { whiteSpace: 'nowrap' }, '& td': { verticalAlign: 'top' }, '& td, & th': { px: 1.5 } }}
      rowSx={(r) => (r.status === 'new' ? { bgcolor: 'action.hover' } : {})}
      aria-label={translate('contactRequests.tableLabel')}
      rowClick={(id) => `${CONTACT_REQUESTS_PATH}/${id}${search}`}
      bulkActionButtons={false}
      empty={<RequestsEmpty />}
    >
      <DataTable.Col
        source="createdAt"
        label="contactRequests.columns.createdAt"
        render={(r) => <Received iso={(r as ContactRequest).createdAt} />}
      />
      <DataTable.Col label="contactRequests.columns.reference" disableSort render={(r) => <Reference request={r as ContactRequest} />} />
      {/* Before the message: the message is the column that gives way when the table is narrow. */}
      <DataTable.Col
        source="status"
        label="contactRequests.columns.status"
        render={(r) => <ContactStatusChip status={(r as ContactRequest).status} />}
      />
      <DataTable.Col label="contactRequests.columns.sender" disableSort render={(r) => <Sender request={r as ContactRequest} />} />
      <DataTable.Col label="contactRequests.columns.message" disableSort render={(r) => <Excerpt request={r as ContactRequest} />} />
    </DataTable>
  );
}

function RequestCards() {
  const translate = useTranslate();
  const { search } = useLocation();
  const { data } = useListContext<ContactRequest>();
  if (!data?.length) return <RequestsEmpty />;
  return (
    <Box component="ul" aria-label={translate('contactRequests.tableLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.map((request) => (
        <Box component="li" key={request.id} sx={{ mb: 1 }}>
          <Card
            variant="outlined"
            data-testid="contact-request-card"
            sx={request.status === 'new' ? { borderLeft: 4, borderLeftColor: 'warning.main' } : undefined}
          >
            <CardActionArea
              component={RouterLink}
              to={`${CONTACT_REQUESTS_PATH}/${request.id}${search}`}
              aria-label={translate('contactRequests.open', { reference: request.reference ?? request.id })}
            >
              <CardContent sx={{ pb: '12px !important' }}>
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
                  <Received iso={request.createdAt} />
                </Typography>
              </CardContent>
            </CardActionArea>
          </Card>
        </Box>
      ))}
    </Box>
  );
}

function RequestsEmpty() {
  const translate = useTranslate();
  return (
    <ListEmpty
      testId="contact-requests-empty"
      icon={<MarkEmailReadIcon />}
      title={translate('contactRequests.empty.title')}
      text={translate('contactRequests.empty.text')}
      filteredTitle={translate('contactRequests.empty.filteredTitle')}
      filteredText={translate('contactRequests.empty.filtered')}
      clearLabel={translate('contactRequests.clearFilters')}
    />
  );
}

function Results() {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { isPending } = useListContext<ContactRequest>();
  if (isPending) return <ListSkeleton label={translate('contactRequests.loading')} columns={5} />;
  return phone ? <RequestCards /> : <RequestsTable />;
}

/**
 * /contact-requests (access table `contactRequests`: application 1): the
 * messages dealers and staff send through Contact Us, newest first, with search, status and topic
 * filters; a message opens in a drawer (/contact-requests/:id) where support moves it from new
 * to in progress to closed and keeps an internal note (each change audited).
 */
export function ContactRequestsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  return (
    <Box component="section" aria-label={translate('contactRequests.heading')}>
      <Typography color="text.secondary" sx={{ mb: 1, maxWidth: 820 }}>
        {translate('contactRequests.intro')}
      </Typography>
      <List<ContactRequest>
        resource={CONTACT_REQUESTS}
        title={false}
        filters={filters(translate)}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        storeKey="contactRequests.list"
        actions={false}
        empty={false}
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
        queryOptions={{ onError: (error: unknown) => notify(failureMessage(error, 'contactRequests.loadError'), { type: 'error' }) }}
      >
        <Results />
      </List>
      <ContactRequestDrawer />
    </Box>
  );
}
