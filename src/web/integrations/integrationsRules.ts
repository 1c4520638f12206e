import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT_TYPE,
  type WebhookDeliveryFilter,
  type WebhookSubscription,
  type WebhookSubscriptionInput,
} from '../../../schemas/integrations.js';
import { invalidAddressRanges } from '../../common/integrations/apiKeyRules.js';

/**
 * The Integrations page's rules that are not the server's: the expiry presets and the date input's
 * range, the allowed addresses typed one per line, and the locale keys of scopes and event types
 * (whose names hold a colon or a dot, which the catalogues read as nesting).
 */

/** The page, its API keys' tab; the webhooks' tab, whose `/:id` opens a subscription's delivery log. */
export const INTEGRATIONS_PATH = '/account-group/integrations';
export const WEBHOOKS_PATH = `${INTEGRATIONS_PATH}/webhooks`;

/** The expiry presets, in days; a key lives at most a year (the server's rule). */
export const EXPIRY_PRESET_DAYS = [30, 90, 365] as const;
const DAY_MS = 86_400_000;

/** 'YYYY-MM-DD' of a moment in the browser's time zone (a date input's value). */
export function localDate(moment: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`;
}

/** The expiry `days` from now, to the minute. */
export function expiryAfterDays(days: number, now: Date): string {
  return new Date(now.getTime() + days * DAY_MS).toISOString();
}

/**
 * The expiry of a chosen day: that day at the time it is now, so the last day a year away is still
 * within the year. Null for what is not a date.
 */
export function expiryOfDay(day: string, now: Date): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const moment = new Date(now);
  moment.setFullYear(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(moment.getTime()) ? null : moment.toISOString();
}

/** The date input's range: tomorrow to a year from today. */
export function expiryDayRange(now: Date): { min: string; max: string } {
  return { min: localDate(new Date(now.getTime() + DAY_MS)), max: localDate(new Date(now.getTime() + 365 * DAY_MS)) };
}

/** The allowed addresses typed one per line (or separated by commas): the entries, blanks left out. */
export function addressLines(text: string): string[] {
  return text
    .split(/[\n,]/)
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The message of an allowed-address list with an entry that is neither an address nor a range. */
export function addressesProblem(entries: unknown): string | undefined {
  return Array.isArray(entries) && invalidAddressRanges(entries.map(String)).length ? 'integrations.keys.badAddress' : undefined;
}

/** A name with a colon or dots as one locale key part ('sites:read' → 'sites_read', 'alarm.received' → 'alarm_received'). */
export function keyPart(name: string): string {
  return name.replace(/[:.]/g, '_');
}

/** Whether a row is drawn greyed: a key no longer usable, a subscription not delivering. */
export function isInactive(status: string): boolean {
  return status !== 'active';
}

/** The fields a subscription is saved with (PUT takes them all), from a subscription and what changes. */
export function subscriptionInput(
  subscription: Pick<WebhookSubscription, 'url' | 'description' | 'eventTypes' | 'siteNums' | 'status'>,
  change: Partial<WebhookSubscriptionInput> = {},
): WebhookSubscriptionInput {
  return {
    url: subscription.url,
    description: subscription.description ?? null,
    eventTypes: subscription.eventTypes,
    siteNums: subscription.siteNums,
    // A subscription the server disabled is sent again as paused, until someone resumes it.
    status: subscription.status === 'active' ? 'active' : 'paused',
    ...change,
  };
}

/** What the dialog sends from its form: the address and description trimmed, an empty description none. */
export function subscriptionFromForm(form: Record<string, unknown>): WebhookSubscriptionInput {
  const description = typeof form.description === 'string' ? form.description.trim() : '';
  return {
    url: String(form.url ?? '').trim(),
    description: description || null,
    eventTypes: (form.eventTypes ?? []) as WebhookSubscriptionInput['eventTypes'],
    siteNums: (form.siteNums ?? []) as number[],
    status: form.status === 'paused' ? 'paused' : 'active',
  };
}

/** The delivery log's status filter: all, or one status. */
export const DELIVERY_FILTERS = ['all', ...WEBHOOK_DELIVERY_STATUSES] as const;
export type DeliveryFilter = (typeof DELIVERY_FILTERS)[number];

/** The delivery log's event filter: all, or one event type (a test event among them). */
export const DELIVERY_EVENT_FILTERS = ['all', ...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT_TYPE] as const;
export type DeliveryEventFilter = (typeof DELIVERY_EVENT_FILTERS)[number];

/** What the log's two filters show. */
export interface DeliveryChoice {
  status: DeliveryFilter;
  eventType: DeliveryEventFilter;
}

/** The list filter of a subscription's deliveries for a choice: 'all' filters nothing. */
export function deliveriesFilter(subscriptionId: number, choice: DeliveryChoice): WebhookDeliveryFilter {
  return {
    subscriptionId,
    ...(choice.status !== 'all' && { status: choice.status }),
    ...(choice.eventType !== 'all' && { eventType: choice.eventType }),
  };
}

/** The choice a list's filter values stand for (anything unknown shows as all). */
export function deliveryChoice(values: Record<string, unknown> | undefined): DeliveryChoice {
  const pick = <T extends string>(options: readonly T[], value: unknown): T => (options.includes(value as T) ? (value as T) : options[0]!);
  return { status: pick(DELIVERY_FILTERS, values?.status), eventType: pick(DELIVERY_EVENT_FILTERS, values?.eventType) };
}
