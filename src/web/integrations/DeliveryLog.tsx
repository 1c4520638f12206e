import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import RefreshIcon from '@mui/icons-material/Refresh';
import ReplayIcon from '@mui/icons-material/Replay';
import SendIcon from '@mui/icons-material/Send';
import { ListBase, Pagination, useDataProvider, useListContext, useNotify, useTranslate } from 'react-admin';
import type { WebhookDelivery, WebhookSubscription } from '../../../schemas/integrations.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { failureMessage } from '../providers/errorMessages.js';
import { DateTimeCell } from '../resources/DateTimeCell.js';
import { EmptyState } from '../resources/ListStates.js';
import { RecordDrawer } from '../resources/RecordDrawer.js';
import { ListResults, useLoadErrorNotice, type Column } from '../resources/ResourceList.js';
import { StatusChip } from './IntegrationParts.js';
import {
  DELIVERY_EVENT_FILTERS,
  DELIVERY_FILTERS,
  deliveriesFilter,
  deliveryChoice,
  keyPart,
  WEBHOOKS_PATH,
  type DeliveryChoice,
  type DeliveryEventFilter,
  type DeliveryFilter,
} from './integrationsRules.js';

const NS = 'integrations.deliveries';

/** A call of the log's (resend one, resend every failed one, send a test event): its outcome said, the log read again. */
function useLogAction() {
  const notify = useNotify();
  const { refetch } = useListContext<WebhookDelivery>();
  const [busy, setBusy] = useState(false);
  const run = async (action: () => Promise<unknown>, done: (answer: unknown) => { key: string; args?: object }, failed: string) => {
    setBusy(true);
    try {
      const { key, args } = done(await action());
      notify(key, { type: 'success', messageArgs: args });
      await refetch();
    } catch (error) {
      notify(failureMessage(error, failed), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { busy, run };
}

function ResendButton({ delivery }: { delivery: WebhookDelivery }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { busy, run } = useLogAction();
  // A delivered event can be sent again too (a receiver that lost it); a pending one is still on its way.
  if (delivery.status === 'pending') return null;
  return (
    <Button
      size="small"
      startIcon={<ReplayIcon />}
      disabled={busy}
      aria-label={translate(`${NS}.resendNamed`, { event: delivery.eventId })}
      onClick={() =>
        void run(
          () => dataProvider.resendWebhookDelivery(delivery.id),
          () => ({ key: `${NS}.resent` }),
          `${NS}.resendFailed`,
        )
      }
    >
      {translate(`${NS}.resend`)}
    </Button>
  );
}

function EventType({ delivery }: { delivery: WebhookDelivery }) {
  const translate = useTranslate();
  return (
    <>
      <Box>{translate(`integrations.webhooks.events.${keyPart(delivery.eventType)}.label`)}</Box>
      <Typography variant="caption" color="text.secondary" component="code" sx={{ fontFamily: 'monospace' }}>
        {delivery.eventType}
      </Typography>
    </>
  );
}

/** The receiver's answer (or why there was none), folded to its first line; the rest on demand. */
function Response({ delivery }: { delivery: WebhookDelivery }) {
  const translate = useTranslate();
  const text = delivery.responseExcerpt ?? delivery.error;
  if (!text) return <>{translate(`${NS}.noResponse`)}</>;
  const first = text.split('\n', 1)[0]!;
  const short = first.length > 48 ? `${first.slice(0, 48)}…` : first;
  if (short === text)
    return (
      <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {text}
      </Box>
    );
  return (
    <Box component="details" sx={{ maxWidth: 360, '& summary': { cursor: 'pointer', minHeight: 24 } }}>
      <Box component="summary" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}>
        {short}
      </Box>
      <Box
        component="pre"
        sx={{
          m: 0,
          mt: 0.5,
          p: 1,
          bgcolor: 'action.hover',
          borderRadius: 1,
          whiteSpace: 'pre-wrap',
          overflowWrap: 'anywhere',
          fontSize: '0.8rem',
        }}
      >
        {text}
      </Box>
    </Box>
  );
}

function Status({ delivery }: { delivery: WebhookDelivery }) {
  const translate = useTranslate();
  return (
    <>
      <StatusChip status={delivery.status} ns={`${NS}.status`} />
      {delivery.status === 'pending' && delivery.nextAttemptAt && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {translate(`${NS}.nextAttempt`)} <DateTimeCell iso={delivery.nextAttemptAt} />
        </Typography>
      )}
    </>
  );
}

const latency = (delivery: WebhookDelivery) => (delivery.latencyMs === null ? '—' : `${delivery.latencyMs} ms`);
const when = (delivery: WebhookDelivery) => delivery.attemptedAt ?? delivery.createdAt;

const columns: Column<WebhookDelivery>[] = [
  { name: 'time', source: 'id', render: (d) => <DateTimeCell iso={when(d)} seconds /> },
  { name: 'eventType', render: (d) => <EventType delivery={d} /> },
  { name: 'attempt', render: (d) => d.attempt },
  { name: 'status', render: (d) => <Status delivery={d} /> },
  { name: 'statusCode', render: (d) => d.statusCode ?? '—' },
  { name: 'latency', render: latency },
  { name: 'response', render: (d) => <Response delivery={d} /> },
  { name: 'actions', render: (d) => <ResendButton delivery={d} /> },
];

/** A delivery on a phone. */
function DeliveryCard({ delivery }: { delivery: WebhookDelivery }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
        <Box sx={{ minWidth: 0 }}>
          <EventType delivery={delivery} />
        </Box>
        <Status delivery={delivery} />
      </Stack>
      <DateTimeCell iso={when(delivery)} seconds />
      <Typography variant="body2" color="text.secondary">
        {translate(`${NS}.summary`, { attempt: delivery.attempt, code: delivery.statusCode ?? '—', latency: latency(delivery) })}
      </Typography>
      <Response delivery={delivery} />
      <Box>
        <ResendButton delivery={delivery} />
      </Box>
    </Stack>
  );
}

/** The log's two filters, as the list's filter values: a status (all, pending, delivered, failed) and an event type. */
function useDeliveryChoice(subscription: WebhookSubscription) {
  const { filterValues, setFilters } = useListContext<WebhookDelivery>();
  const choice = deliveryChoice(filterValues);
  const choose = (change: Partial<DeliveryChoice>) => setFilters(deliveriesFilter(subscription.id, { ...choice, ...change }), {}, false);
  return { choice, choose };
}

/** All, pending, delivered, failed. */
function StatusFilter({ subscription }: { subscription: WebhookSubscription }) {
  const translate = useTranslate();
  const { choice, choose } = useDeliveryChoice(subscription);
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={choice.status}
      aria-label={translate(`${NS}.filter`)}
      onChange={(_event, status: DeliveryFilter | null) => {
        if (status) choose({ status });
      }}
      sx={{ flexWrap: 'wrap' }}
    >
      {DELIVERY_FILTERS.map((status) => (
        <ToggleButton key={status} value={status} sx={{ textTransform: 'none', px: 1.5 }}>
          {translate(`${NS}.filters.${status}`)}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

/** All events, or one event type (the test event among them). */
function EventFilter({ subscription }: { subscription: WebhookSubscription }) {
  const translate = useTranslate();
  const { choice, choose } = useDeliveryChoice(subscription);
  return (
    <TextField
      select
      size="small"
      label={translate(`${NS}.eventFilter`)}
      value={choice.eventType}
      onChange={(event) => choose({ eventType: event.target.value as DeliveryEventFilter })}
      sx={{ minWidth: 200, maxWidth: '100%' }}
    >
      {DELIVERY_EVENT_FILTERS.map((type) => (
        <MenuItem key={type} value={type}>
          {type === 'all' ? translate(`${NS}.allEvents`) : translate(`integrations.webhooks.events.${keyPart(type)}.label`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Refresh, send a test event, resend every failed delivery. */
function LogToolbar({ subscription }: { subscription: WebhookSubscription }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { refetch, isFetching } = useListContext<WebhookDelivery>();
  const { busy, run } = useLogAction();
  return (
    <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
      <StatusFilter subscription={subscription} />
      <EventFilter subscription={subscription} />
      <Box sx={{ flexGrow: 1 }} />
      <Button size="small" startIcon={<RefreshIcon />} disabled={isFetching} onClick={() => void refetch()}>
        {translate(`${NS}.refresh`)}
      </Button>
      <Button
        size="small"
        startIcon={<SendIcon />}
        disabled={busy}
        onClick={() =>
          void run(
            () => dataProvider.sendWebhookTest(subscription.id),
            () => ({ key: 'integrations.webhooks.test.sent' }),
            'integrations.webhooks.test.failed',
          )
        }
      >
        {translate('integrations.webhooks.actions.test')}
      </Button>
      <Button
        size="small"
        variant="outlined"
        startIcon={<ReplayIcon />}
        disabled={busy}
        onClick={() =>
          void run(
            () => dataProvider.resendFailedWebhooks(subscription.id),
            (answer) => ({ key: `${NS}.resentAll`, args: { smart_count: (answer as { count: number }).count } }),
            `${NS}.resendFailed`,
          )
        }
      >
        {translate(`${NS}.resendAll`)}
      </Button>
    </Stack>
  );
}

/** A subscription's deliveries, newest first, filtered by status and event type. */
function Deliveries({ subscription }: { subscription: WebhookSubscription }) {
  const translate = useTranslate();
  const queryOptions = useLoadErrorNotice(`${NS}.loadError`);
  const empty = (
    <EmptyState icon={<SendIcon />} title={translate(`${NS}.emptyTitle`)} text={translate(`${NS}.empty`)} testId="deliveries-empty" />
  );
  return (
    <ListBase<WebhookDelivery>
      resource="webhookDeliveries"
      filter={{ subscriptionId: subscription.id }}
      sort={{ field: 'id', order: 'DESC' }}
      perPage={25}
      disableSyncWithLocation
      storeKey={false}
      queryOptions={queryOptions}
    >
      <Typography color="text.secondary" variant="body2" sx={{ mb: 1.5 }}>
        {translate(`${NS}.intro`)}
      </Typography>
      <LogToolbar subscription={subscription} />
      <ListResults<WebhookDelivery>
        ns={NS}
        columns={columns}
        card={(delivery) => <DeliveryCard delivery={delivery} />}
        empty={empty}
        skeletonColumns={6}
        skeletonRows={4}
      />
      <Pagination rowsPerPageOptions={[]} />
    </ListBase>
  );
}

/** …/webhooks/:id: the subscription's delivery log in a drawer over the list. */
export function DeliveryLog() {
  const translate = useTranslate();
  return (
    <RecordDrawer<WebhookSubscription>
      resource="webhookSubscriptions"
      basePath={WEBHOOKS_PATH}
      width={1000}
      testId="delivery-log"
      title={(_id, subscription) => (
        <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
          {translate(`${NS}.title`, { url: subscription?.url ?? '' })}
        </Box>
      )}
      texts={{ close: translate(`${NS}.close`), loading: translate(`${NS}.loading`), loadError: translate(`${NS}.loadError`) }}
    >
      {(subscription) => <Deliveries subscription={subscription} />}
    </RecordDrawer>
  );
}
