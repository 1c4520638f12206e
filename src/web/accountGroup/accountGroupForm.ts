import type { AccountGroupSettings, AccountGroupSettingsInput, GroupAddress } from '../../../schemas/accountGroup.js';
import { formatPhone } from '../../common/phoneFormat.js';
import { phoneRegionOf, timeZonesFor } from '../../common/postalAddress.js';

/**
 * The Account Group Settings form: the group's answer as text fields, and the
 * fields back as the PUT body. An address whose every field is blank is none (null); the
 * mailing address is none while 'same as the office' is ticked.
 */
export interface AddressForm {
  country: GroupAddress['country'];
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
}

export interface GroupForm {
  timeZone: string;
  contactPhone: string;
  contactEmail: string;
  billingPhone: string;
  billingEmail: string;
  office: AddressForm;
  mailingSameAsOffice: boolean;
  mailing: AddressForm;
}

const emptyAddress = (country: GroupAddress['country'] = 'US'): AddressForm => ({
  country,
  line1: '',
  line2: '',
  city: '',
  state: '',
  postalCode: '',
});

const addressForm = (address: GroupAddress | null, country?: GroupAddress['country']): AddressForm =>
  address ? { ...emptyAddress(address.country), ...address, line2: address.line2 ?? '' } : emptyAddress(country);

export function toForm(group: AccountGroupSettings): GroupForm {
  const region = phoneRegionOf(group.officeAddress?.country ?? 'US');
  const phone = (value: string | null) => (value ? formatPhone(value, region) : '');
  return {
    timeZone: group.timeZone,
    contactPhone: phone(group.contactPhone),
    contactEmail: group.contactEmail ?? '',
    billingPhone: phone(group.billingPhone),
    billingEmail: group.billingEmail ?? '',
    office: addressForm(group.officeAddress),
    mailingSameAsOffice: group.mailingAddress === null,
    mailing: addressForm(group.mailingAddress, group.officeAddress?.country),
  };
}

const TEXT_PARTS = ['line1', 'line2', 'city', 'state', 'postalCode'] as const;

function toAddress(form: AddressForm): GroupAddress | null {
  if (TEXT_PARTS.every((part) => !form[part].trim())) return null;
  const line2 = form.line2.trim();
  return {
    country: form.country,
    line1: form.line1.trim(),
    ...(line2 ? { line2 } : {}),
    city: form.city.trim(),
    state: form.state.trim(),
    postalCode: form.postalCode.trim(),
  };
}

const orNull = (value: string) => value.trim() || null;

export function toInput(form: GroupForm): AccountGroupSettingsInput {
  return {
    timeZone: form.timeZone,
    contactPhone: orNull(form.contactPhone),
    contactEmail: orNull(form.contactEmail),
    billingPhone: orNull(form.billingPhone),
    billingEmail: orNull(form.billingEmail),
    officeAddress: toAddress(form.office),
    mailingAddress: form.mailingSameAsOffice ? null : toAddress(form.mailing),
  };
}

/** The zones offered: those of the office's country, the current one first when it is elsewhere. */
export function timeZoneChoices(country: string, current: string): string[] {
  const zones = timeZonesFor(country);
  return zones.includes(current) ? zones : [current, ...zones];
}
