import type { EventRecord } from '../../../schemas/events.js';
import type { ChangeRequestInput } from '../../../schemas/msa.js';
import type { SiteDetail } from '../../../schemas/sites.js';
import type { AccountLink, AccountLinkCreate } from '../../../schemas/user.js';

/**
 * My Security Account: the rules of the customer's screens, pure and tested.
 */

/**
 * The account a screen shows: the URL's `sn` when it is one of the customer's links, else the
 * active one (the server's: last switched to, else the default, else the first); undefined
 * without links.
 */
export function pickSiteNum(links: readonly Pick<AccountLink, 'siteNum' | 'isFavorite' | 'isActive'>[], sn: number): number | undefined {
  if (sn > 0 && links.some((l) => l.siteNum === sn)) return sn;
  return (links.find((l) => l.isActive) ?? links.find((l) => l.isFavorite) ?? links[0])?.siteNum;
}

export type ArmedState = 'armed' | 'disarmed' | 'unknown';

/**
 * The armed state when known: the newest opening or closing of the events (newest first). In
 * Contact ID a 4xx event (E, new) is an opening, so disarmed; its restore (R) a closing, armed.
 */
export function armedState(events: readonly Pick<EventRecord, 'kind' | 'eventCode'>[]): ArmedState {
  const last = events.find((e) => e.kind === 'openClose');
  if (!last) return 'unknown';
  if (/^[Rr]/.test(last.eventCode)) return 'armed';
  if (/^[EePp]?4/.test(last.eventCode)) return 'disarmed';
  return 'unknown';
}

/** A completeness prompt: its locale key (msa.summary.prompts.*) and the screen that fixes it. */
export interface Prompt {
  key: 'secondContact' | 'firstContact' | 'contactPhone' | 'passcode' | 'verifier';
  to: string;
}

/**
 * What the account lacks that a customer can add themselves, most important first: only on the
 * screens the access table opens to them (`may`, its msaContacts and msaPasscodes answers).
 */
export function completenessPrompts(
  site: Pick<SiteDetail, 'contacts' | 'passcodes'>,
  may: { contacts: boolean; passcodes: boolean },
): Prompt[] {
  const prompts: Prompt[] = [];
  if (may.contacts) {
    if (site.contacts.length === 0) prompts.push({ key: 'firstContact', to: '/msa/contacts' });
    else if (site.contacts.length === 1) prompts.push({ key: 'secondContact', to: '/msa/contacts' });
    if (site.contacts.some((c) => !c.phoneNumber)) prompts.push({ key: 'contactPhone', to: '/msa/contacts' });
    if (site.contacts.length > 0 && !site.contacts.some((c) => c.verifies)) prompts.push({ key: 'verifier', to: '/msa/contacts' });
  }
  if (may.passcodes && site.passcodes.length === 0) prompts.push({ key: 'passcode', to: '/msa/passcodes' });
  return prompts;
}

/** The device shown first: the `dn` of the URL when it is the account's, else the first. */
export function pickDevice<D extends { devNum: number }>(devices: readonly D[], dn: number | undefined): D | undefined {
  return devices.find((d) => d.devNum === dn) ?? devices[0];
}

/** Whether a device is on test now. */
export function onTestNow(device: { onTestUntil: string | null }, now: number): boolean {
  return device.onTestUntil !== null && Date.parse(device.onTestUntil) > now;
}

/** How long ago a signal came, for the panel screen: 'never', or hours/days since. */
export function signalAge(at: string | null, now: number): { unit: 'never' } | { unit: 'minutes' | 'hours' | 'days'; count: number } {
  if (!at) return { unit: 'never' };
  const minutes = Math.max(0, Math.floor((now - Date.parse(at)) / 60_000));
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  if (minutes < 48 * 60) return { unit: 'hours', count: Math.floor(minutes / 60) };
  return { unit: 'days', count: Math.floor(minutes / (24 * 60)) };
}

/** A change request as sent: the texts trimmed, an empty note as none. */
export function changeRequestInput(values: Record<string, unknown>): ChangeRequestInput {
  const note = String(values.note ?? '').trim();
  return {
    siteNum: values.siteNum as number,
    field: values.field as ChangeRequestInput['field'],
    requestedValue: String(values.requestedValue ?? '').trim(),
    note: note || null,
  };
}

/** A new link as sent: the account number trimmed, the passcode as typed. */
export function accountLinkInput(values: Record<string, unknown>): AccountLinkCreate {
  return { accountNumber: String(values.accountNumber ?? '').trim(), accountPasscode: String(values.accountPasscode ?? '') };
}
