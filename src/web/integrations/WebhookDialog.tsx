import { useState } from 'react';
import { BooleanInput, useDataProvider, useRefresh } from 'react-admin';
import {
  WEBHOOK_EVENT_TYPES,
  webhookSubscriptionInputSchema,
  webhookSubscriptionInputUi,
  type WebhookSubscription,
} from '../../../schemas/integrations.js';
import type { SchemaFormSlot } from '../forms/SchemaForm.js';
import { SitesInput } from '../forms/widgets/SitesInput.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { SubmitDialog } from '../resources/ResourceDialog.js';
import { subscriptionFromForm, subscriptionInput } from './integrationsRules.js';
import { DescribedChecks } from './IntegrationParts.js';

const NS = 'integrations.webhooks';

/** Each event type a checkbox with a sentence saying when it is sent. */
function EventTypeChecks() {
  return (
    <DescribedChecks
      source="eventTypes"
      names={WEBHOOK_EVENT_TYPES}
      texts={`${NS}.events`}
      label={`${NS}.fields.eventTypes`}
      helperText={`${NS}.fields.eventTypesHint`}
    />
  );
}

/** Active or paused as one switch; the form keeps the status the server reads. */
function ActiveSwitch() {
  return (
    <BooleanInput
      source="status"
      label={`${NS}.fields.active`}
      helperText={`${NS}.fields.activeHint`}
      format={(status: unknown) => status !== 'paused'}
      parse={(on: boolean) => (on ? 'active' : 'paused')}
    />
  );
}

const SLOTS: Record<string, SchemaFormSlot> = {
  eventTypes: () => <EventTypeChecks />,
  sites: (field) => <SitesInput field={field} />,
  activeSwitch: () => <ActiveSwitch />,
};

const NEW_SUBSCRIPTION = { url: 'https://', description: '', eventTypes: [], siteNums: [], status: 'active' };

/**
 * A webhook subscription's create or edit dialog: the https address, a description, the event
 * types, optionally some sites, active or paused. A create's answer holds the signing secret,
 * which the page shows once (`onCreated`).
 */
export function WebhookDialog({
  subscription,
  onCreated,
  onClose,
}: {
  subscription?: WebhookSubscription;
  onCreated: (created: WebhookSubscription) => void;
  onClose: () => void;
}) {
  const dataProvider = useDataProvider<PortalDataProvider>();
  const refresh = useRefresh();
  const [values] = useState(() =>
    subscription ? { ...subscriptionInput(subscription), description: subscription.description ?? '' } : NEW_SUBSCRIPTION,
  );
  const mode = subscription ? 'edit' : 'create';
  return (
    <SubmitDialog<WebhookSubscription>
      schema={webhookSubscriptionInputSchema}
      ui={webhookSubscriptionInputUi}
      slots={SLOTS}
      values={values}
      texts={{
        title: `${NS}.${mode}.title`,
        explanation: `${NS}.${mode}.intro`,
        submit: `${NS}.${mode}.submit`,
        saved: `${NS}.${mode}.saved`,
        saveError: `${NS}.${mode}.failed`,
      }}
      submit={(form) =>
        subscription
          ? dataProvider.updateWebhookSubscription(subscription.id, subscriptionFromForm(form))
          : dataProvider.createWebhookSubscription(subscriptionFromForm(form))
      }
      onSaved={(saved) => {
        refresh();
        if (!subscription) onCreated(saved);
      }}
      onClose={onClose}
    />
  );
}
