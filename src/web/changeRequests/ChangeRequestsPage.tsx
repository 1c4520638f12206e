import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import BlockIcon from '@mui/icons-material/Block';
import DoneIcon from '@mui/icons-material/Done';
import EditNoteIcon from '@mui/icons-material/EditNote';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Link as RouterLink } from 'react-router-dom';
import { DataTable, List, SearchInput, SelectInput, useCanAccess, useGetList, useListContext, useNotify, useTranslate } from 'react-admin';
import { CHANGE_REQUEST_STATUSES, type ChangeRequestResolution, type DealerChangeRequest } from '../../../schemas/msa.js';
import { failureMessage } from '../providers/errorMessages.js';
import { EmptyState, ListSkeleton } from '../resources/ListStates.js';
import { AskedAt, CHANGE_REQUESTS, Outcome, RequestText } from './changeRequestParts.js';
import { ResolveDialog } from './ResolveDialog.js';

function filters(translate: (key: string) => string) {
  return [
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={translate('changeRequests.filters.search')}
      inputProps={{ 'aria-label': translate('changeRequests.filters.search') }}
      sx={{ width: { xs: '100%', sm: 340 } }}
    />,
    <SelectInput
      key="status"
      source="status"
      label="changeRequests.filters.status"
      alwaysOn
      choices={CHANGE_REQUEST_STATUSES.map((id) => ({ id, name: translate(`msa.accountInfo.status.${id}`) }))}
      translateChoice={false}
      emptyText="changeRequests.filters.any"
      helperText={false}
      sx={{ minWidth: 150 }}
    />,
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

function RequestsTable({ onResolve }: { onResolve: Resolve }) {
  const translate = useTranslate();
  return (
    <DataTable<DealerChangeRequest>
      sx={{ '& thead th': { whiteSpace: 'nowrap' }, '& td': { verticalAlign: 'top' } }}
      rowSx={(r) => (r.status === 'pending' ? { bgcolor: 'action.hover' } : {})}
      aria-label={translate('changeRequests.tableLabel')}
      rowClick={false}
      bulkActionButtons={false}
      empty={<RequestsEmpty />}
    >
      <DataTable.Col
        source="createdAt"
        label="changeRequests.columns.createdAt"
        render={(r) => <AskedAt iso={(r as DealerChangeRequest).createdAt} />}
      />
      <DataTable.Col
        source="siteNum"
        label="changeRequests.columns.account"
        render={(r) => <Account request={r as DealerChangeRequest} />}
      />
      <DataTable.Col
        label="changeRequests.columns.request"
        disableSort
        render={(r) => (
          <>
            <RequestText request={r as DealerChangeRequest} />
            <Box sx={{ mt: 0.5 }}>
              <Customer request={r as DealerChangeRequest} />
            </Box>
          </>
        )}
      />
      <DataTable.Col source="status" label="changeRequests.columns.status" render={(r) => <Outcome request={r as DealerChangeRequest} />} />
      <DataTable.Col
        label="changeRequests.columns.actions"
        disableSort
        render={(r) => <Actions request={r as DealerChangeRequest} onResolve={onResolve} compact />}
      />
    </DataTable>
  );
}

function RequestCards({ onResolve }: { onResolve: Resolve }) {
  const translate = useTranslate();
  const { data } = useListContext<DealerChangeRequest>();
  if (!data?.length) return <RequestsEmpty />;
  return (
    <Box component="ul" aria-label={translate('changeRequests.tableLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.map((request) => (
        <Box component="li" key={request.id} sx={{ mb: 1 }}>
          <Card
            variant="outlined"
            data-testid="change-request-card"
            sx={request.status === 'pending' ? { borderLeft: 4, borderLeftColor: 'warning.main' } : undefined}
          >
            <CardContent sx={{ pb: '12px !important' }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
                <Account request={request} />
                <Box sx={{ typography: 'body2', color: 'text.secondary', textAlign: 'right' }}>
                  <AskedAt iso={request.createdAt} />
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
            </CardContent>
          </Card>
        </Box>
      ))}
    </Box>
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

function Results({ onResolve }: { onResolve: Resolve }) {
  const translate = useTranslate();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { isPending } = useListContext<DealerChangeRequest>();
  if (isPending) return <ListSkeleton label={translate('changeRequests.loading')} columns={6} />;
  return phone ? <RequestCards onResolve={onResolve} /> : <RequestsTable onResolve={onResolve} />;
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
  const notify = useNotify();
  const { canAccess: canAnswer, isPending } = useCanAccess({ resource: CHANGE_REQUESTS, action: 'edit' });
  const [resolving, setResolving] = useState<{ request: DealerChangeRequest; to: ChangeRequestResolution }>();
  const onResolve: Resolve = (request, to) => setResolving({ request, to });
  return (
    <Box component="section" aria-label={translate('changeRequests.heading')}>
      <Typography color="text.secondary" sx={{ mb: 1.5, maxWidth: 820 }}>
        {translate('changeRequests.intro')}
      </Typography>
      <PendingCount />
      {!isPending && !canAnswer && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate('changeRequests.readOnly')}
        </Alert>
      )}
      <List<DealerChangeRequest>
        resource={CHANGE_REQUESTS}
        title={false}
        filters={filters(translate)}
        filterDefaultValues={{ status: 'pending' }}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        storeKey="changeRequests.list"
        actions={false}
        empty={false}
        sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
        queryOptions={{ onError: (error: unknown) => notify(failureMessage(error, 'changeRequests.loadError'), { type: 'error' }) }}
      >
        <Results onResolve={onResolve} />
      </List>
      {resolving && <ResolveDialog request={resolving.request} resolution={resolving.to} onClose={() => setResolving(undefined)} />}
    </Box>
  );
}
