import { useState } from 'react';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import WebhookIcon from '@mui/icons-material/Webhook';
import { useNavigate } from 'react-router-dom';
import { useGetMany, useTranslate } from 'react-admin';
import type { WebhookSubscription } from '../../../schemas/integrations.js';
import type { SiteRecord } from '../../../schemas/sites.js';
import type { Column } from '../resources/ResourceList.js';
import { DeliveryLog } from './DeliveryLog.js';
import { CreatableList, NameChips, SecretOnceDialog, StatusChip, When } from './IntegrationParts.js';
import { isInactive, keyPart, WEBHOOKS_PATH } from './integrationsRules.js';
import { WebhookActions, type WebhookRowHandlers } from './WebhookActions.js';
import { WebhookDialog } from './WebhookDialog.js';

const NS = 'integrations.webhooks';

function Target({ subscription }: { subscription: WebhookSubscription }) {
  return (
    <Box sx={{ minWidth: 0, maxWidth: 360 }}>
      <Box component="code" sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', fontWeight: 600 }}>
        {subscription.url}
      </Box>
      {subscription.description && (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {subscription.description}
        </Typography>
      )}
    </Box>
  );
}

function Events({ subscription }: { subscription: WebhookSubscription }) {
  const translate = useTranslate();
  return <NameChips names={subscription.eventTypes} label={(type) => translate(`${NS}.events.${keyPart(type)}.label`)} none="" />;
}

/** The accounts a subscription is limited to, by number and name (the bare number until the names load, or for an account gone). */
function Sites({ subscription }: { subscription: WebhookSubscription }) {
  const translate = useTranslate();
  const sites = subscription.siteNums;
  const { data } = useGetMany<SiteRecord & { id: number }>('sites', { ids: sites }, { enabled: sites.length > 0 });
  if (!sites.length) return <>{translate(`${NS}.allSites`)}</>;
  const names = new Map((data ?? []).map((site) => [String(site.siteNum), site.siteName]));
  const label = (site: string) => {
    const name = names.get(site);
    return name ? translate(`${NS}.siteNamed`, { site, name }) : translate(`${NS}.site`, { site });
  };
  return <NameChips names={sites.map(String)} label={label} none="" />;
}

/** The last delivery's time and outcome, and since when deliveries fail. */
function Health({ subscription }: { subscription: WebhookSubscription }) {
  const translate = useTranslate();
  return (
    <>
      <When iso={subscription.lastDeliveryAt} none={translate(`${NS}.noDelivery`)} />
      {subscription.lastStatus && (
        <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
          {translate(`${NS}.lastStatus.${subscription.lastStatus}`)}
        </Typography>
      )}
      {subscription.failingSince && (
        <Typography variant="caption" color="error" sx={{ display: 'block', fontWeight: 600 }}>
          {translate(`${NS}.columns.failingSince`)}: <When iso={subscription.failingSince} none="" />
        </Typography>
      )}
    </>
  );
}

function columns(handlers: WebhookRowHandlers): Column<WebhookSubscription>[] {
  return [
    { name: 'url', source: 'url', render: (s) => <Target subscription={s} /> },
    { name: 'events', render: (s) => <Events subscription={s} /> },
    { name: 'sites', render: (s) => <Sites subscription={s} /> },
    { name: 'status', source: 'status', render: (s) => <StatusChip status={s.status} ns={`${NS}.status`} /> },
    { name: 'lastDelivery', source: 'lastDeliveryAt', render: (s) => <Health subscription={s} /> },
    { name: 'actions', render: (s) => <WebhookActions subscription={s} {...handlers} /> },
  ];
}

/** A subscription on a phone. */
function SubscriptionCard({ subscription, handlers }: { subscription: WebhookSubscription; handlers: WebhookRowHandlers }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
        <Target subscription={subscription} />
        <StatusChip status={subscription.status} ns={`${NS}.status`} />
      </Stack>
      <Events subscription={subscription} />
      <Typography variant="body2" color="text.secondary">
        {translate(`${NS}.columns.sites`)}: <Sites subscription={subscription} />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate(`${NS}.columns.lastDelivery`)}: <Health subscription={subscription} />
      </Typography>
      <WebhookActions subscription={subscription} {...handlers} />
    </Stack>
  );
}

const inactiveSx = (subscription: WebhookSubscription) => (isInactive(subscription.status) ? { bgcolor: 'action.hover' } : {});

/**
 * The account group's webhook subscriptions: where events are sent, which, for which sites, and
 * how the deliveries fare; a row's log opens in a drawer (…/webhooks/:id). A new or
 * rotated signing secret is shown once.
 */
export function WebhooksSection() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<WebhookSubscription | 'new'>();
  const [secret, setSecret] = useState<{ value: string; rotated: boolean }>();
  const handlers: WebhookRowHandlers = {
    onEdit: setEditing,
    onLog: (subscription) => void navigate(`${WEBHOOKS_PATH}/${subscription.id}`),
    onRotated: (subscription) => subscription.secret && setSecret({ value: subscription.secret, rotated: true }),
  };
  const open = () => setEditing('new');
  return (
    <CreatableList<WebhookSubscription>
      ns={NS}
      icon={<WebhookIcon />}
      emptyTestId="webhooks-empty"
      onCreate={open}
      resource="webhookSubscriptions"
      header={
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1, maxWidth: 820 }}>
          {translate(`${NS}.signing`)}
        </Typography>
      }
      columns={columns(handlers)}
      rowSx={inactiveSx}
      card={(subscription) => <SubscriptionCard subscription={subscription} handlers={handlers} />}
      cardSx={inactiveSx}
      skeletonColumns={6}
      skeletonRows={3}
    >
      {editing && (
        <WebhookDialog
          key={editing === 'new' ? 'new' : editing.id}
          subscription={editing === 'new' ? undefined : editing}
          onCreated={(created) => created.secret && setSecret({ value: created.secret, rotated: false })}
          onClose={() => setEditing(undefined)}
        />
      )}
      {secret && (
        <SecretOnceDialog
          title={secret.rotated ? `${NS}.once.rotatedTitle` : `${NS}.once.title`}
          warning={`${NS}.once.warning`}
          note={secret.rotated ? `${NS}.once.rotatedNote` : undefined}
          secret={secret.value}
          onClose={() => setSecret(undefined)}
        />
      )}
      <DeliveryLog />
    </CreatableList>
  );
}
