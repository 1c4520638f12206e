import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import DoneIcon from '@mui/icons-material/Done';
import EditNoteIcon from '@mui/icons-material/EditNote';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAccess, useGetList, useListContext, useTranslate } from 'react-admin';
import { CHANGE_REQUEST_STATUSES, type ChangeRequestResolution, type DealerChangeRequest } from '../../../schemas/msa.js';
import { EmptyState } from '../resources/ListStates.js';
import { choiceFilter, searchFilter } from '../resources/listFilters.js';
import { ResourceList, type Column } from '../resources/ResourceList.js';
import { CHANGE_REQUESTS, Outcome, RequestText } from './changeRequestParts.js';
import { DateTimeCell } from '../resources/DateTimeCell.js';
import { ResolveDialog } from './ResolveDialog.js';

function filters(translate: (key: string) => string) {
  return [
    searchFilter('changeRequests', translate),
    choiceFilter('changeRequests', translate, {
      source: 'status',
      ids: CHANGE_REQUEST_STATUSES,
      choiceKeys: 'msa.accountInfo.status',
      minWidth: 150,
    }),
  ];
}

function Account({ request }: { request: DealerChangeRequest }) {
  const translate = useTranslate();
  return (
    <Box sx={{ minWidth: 140 }}>
      <Link
        component={RouterLink}
        to={`/site/info?sn=${request.siteNum}`}
        aria-label={translate('changeRequests.openAccount', { name: request.siteName, num: request.siteNum })}
        sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
      >
        {request.siteName}
      </Link>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {request.siteNum}
      </Typography>
    </Box>
  );
}

function Customer({ request }: { request: DealerChangeRequest }) {
  const translate = useTranslate();
  return (
    <Typography variant="caption" color="text.secondary" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
      {translate('changeRequests.askedBy', { name: [request.customerName, request.customerEmail].filter(Boolean).join(' · ') || '—' })}
    </Typography>
  );
}

/** Mark done and Decline, for a pending request and a user who may answer (xtAdmin); icon buttons in the table. */
function Actions({
  request,
  onResolve,
  compact = false,
}: {
  request: DealerChangeRequest;
  onResolve: (r: DealerChangeRequest, to: ChangeRequestResolution) => void;
  compact?: boolean;
}) {
  const translate = useTranslate();
  const { canAccess } = useCanAccess({ resource: CHANGE_REQUESTS, action: 'edit' });
  if (!canAccess || request.status !== 'pending') return null;
  const label = (key: string) =>
    translate(key, { request: `${translate(`msa.accountInfo.fields.${request.field}`)}, ${request.siteName}` });
  if (compact) {
    return (
      <Box sx={{ display: 'flex', gap: 0.5 }}>
        <Tooltip title={translate('changeRequests.actions.done')}>
          <IconButton color="primary" onClick={() => onResolve(request, 'done')} aria-label={label('changeRequests.actions.doneNamed')}>
            <DoneIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={translate('changeRequests.actions.decline')}>
          <IconButton
            color="error"
            onClick={() => onResolve(request, 'declined')}
            aria-label={label('changeRequests.actions.declineNamed')}
          >
            <BlockIcon />
          </IconButton>
        </Tooltip>
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
      <Button
        size="small"
        variant="contained"
        startIcon={<DoneIcon />}
        onClick={() => onResolve(request, 'done')}
        aria-label={label('changeRequests.actions.doneNamed')}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate('changeRequests.actions.done')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        color="error"
        startIcon={<BlockIcon />}
        onClick={() => onResolve(request, 'declined')}
        aria-label={label('changeRequests.actions.declineNamed')}
        sx={{ whiteSpace: 'nowrap' }}
      >
        {translate('changeRequests.actions.decline')}
      </Button>
    </Box>
  );
}

type Resolve = (request: DealerChangeRequest, to: ChangeRequestResolution) => void;

function columns(onResolve: Resolve): Column<DealerChangeRequest>[] {
  return [
    { name: 'createdAt', source: 'createdAt', render: (r) => <DateTimeCell iso={r.createdAt} /> },
    { name: 'account', source: 'siteNum', render: (r) => <Account request={r} /> },
    {
      name: 'request',
      render: (r) => (
        <>
          <RequestText request={r} />
          <Box sx={{ mt: 0.5 }}>
            <Customer request={r} />
          </Box>
        </>
      ),
    },
    { name: 'status', source: 'status', render: (r) => <Outcome request={r} /> },
    { name: 'actions', render: (r) => <Actions request={r} onResolve={onResolve} compact /> },
  ];
}

/** A request on a phone. */
function RequestCard({ request, onResolve }: { request: DealerChangeRequest; onResolve: Resolve }) {
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
        <Account request={request} />
        <Box sx={{ typography: 'body2', color: 'text.secondary', textAlign: 'right' }}>
          <DateTimeCell iso={request.createdAt} />
        </Box>
      </Box>
      <Box sx={{ my: 1, typography: 'body2' }}>
        <RequestText request={request} />
      </Box>
      <Box sx={{ mb: 1 }}>
        <Customer request={request} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Outcome request={request} />
        <Actions request={request} onResolve={onResolve} />
      </Box>
    </>
  );
}

function RequestsEmpty() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const pendingOnly = filterValues?.status === 'pending' && Object.keys(filterValues).length === 1;
  const filtered = !pendingOnly && Object.keys(filterValues ?? {}).length > 0;
  const key = pendingOnly ? 'caughtUp' : filtered ? 'filtered' : 'none';
  return (
    <EmptyState
      testId="change-requests-empty"
      icon={filtered ? <SearchOffIcon /> : <EditNoteIcon />}
      title={translate(`changeRequests.empty.${key}Title`)}
      text={translate(`changeRequests.empty.${key}`)}
      action={
        pendingOnly || filtered ? (
          <Button variant="outlined" onClick={() => setFilters({}, {}, false)}>
            {translate('changeRequests.showAll')}
          </Button>
        ) : undefined
      }
    />
  );
}

/** How many requests wait for the group: 'Pending: 2', or that none waits. */
function PendingCount() {
  const translate = useTranslate();
  const { total, isPending } = useGetList<DealerChangeRequest>(CHANGE_REQUESTS, {
    filter: { status: 'pending' },
    pagination: { page: 1, perPage: 1 },
    sort: { field: 'createdAt', order: 'DESC' },
  });
  if (isPending || total === undefined) return null;
  return (
    <Alert
      severity={total ? 'warning' : 'success'}
      variant="outlined"
      role="status"
      sx={{ mb: 2, alignItems: 'center' }}
      data-testid="pending-count"
    >
      {total ? translate('changeRequests.pending', { smart_count: total }) : translate('changeRequests.nonePending')}
    </Alert>
  );
}

/**
 * /change-requests (access table `changeRequests`): what the customers of the
 * selected account group asked the dealer to change, pending first by default. The
 * group's administrator (xtAdmin) makes the change on the account and marks the request done, or
 * declines it with a reason; the customer sees the answer on /msa/account-info.
 */
export function ChangeRequestsPage() {
  const translate = useTranslate();
  const { canAccess: canAnswer, isPending } = useCanAccess({ resource: CHANGE_REQUESTS, action: 'edit' });
  const [resolving, setResolving] = useState<{ request: DealerChangeRequest; to: ChangeRequestResolution }>();
  const onResolve: Resolve = (request, to) => setResolving({ request, to });
  return (
    <ResourceList<DealerChangeRequest>
      ns="changeRequests"
      resource={CHANGE_REQUESTS}
      header={
        <>
          <PendingCount />
          {!isPending && !canAnswer && (
            <Alert severity="info" sx={{ mb: 2 }}>
              {translate('changeRequests.readOnly')}
            </Alert>
          )}
        </>
      }
      filters={filters(translate)}
      filterDefaultValues={{ status: 'pending' }}
      sort={{ field: 'createdAt', order: 'DESC' }}
      columns={columns(onResolve)}
      rowSx={(r) => (r.status === 'pending' ? { bgcolor: 'action.hover' } : {})}
      card={(request) => <RequestCard request={request} onResolve={onResolve} />}
      cardSx={(request) => (request.status === 'pending' ? { borderLeft: 4, borderLeftColor: 'warning.main' } : undefined)}
      cardTestId="change-request-card"
      empty={<RequestsEmpty />}
      skeletonColumns={6}
    >
      {resolving && <ResolveDialog request={resolving.request} resolution={resolving.to} onClose={() => setResolving(undefined)} />}
    </ResourceList>
  );
}
