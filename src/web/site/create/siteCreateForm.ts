import type { ValidateFunction } from 'ajv';
import type { SiteCountry, SiteCreate, SiteCreateStep } from '../../../../schemas/siteCreate.js';
import {
  newSiteAccountSchema,
  newSiteAddressSchema,
  newSiteContactSchema,
  newSiteDeviceSchema,
  newSitePasscodeSchema,
  newSiteZoneSchema,
  SITE_COUNTRIES,
  SITE_CREATE_STEPS,
} from '../../../../schemas/siteCreate.js';
import { SITE_TYPES, type SiteWarning } from '../../../../schemas/sites.js';
import {
  accountProblems,
  addressStepProblems,
  contactProblems,
  deviceProblems,
  passcodeProblems,
  phoneProblem,
  zoneProblems,
} from '../../../common/siteCreateRules.js';
import { siteWarnings } from '../../../common/siteWarnings.js';
import { toFieldErrors, type ValidationMessage } from '../../../common/fieldErrors.js';
import { precompiledValidator } from '../../forms/schemaValidator.js';

/**
 * The create-account stepper's values and per-step rules, pure: the
 * form holds what is typed (numbers as text), a draft stores it as it is, and
 * the payload of POST /api/sites is made from it at the end.
 */
export interface NewSiteValues {
  account: { siteName: string; siteType: string; timeZone: string };
  address: { country: string; line1: string; line2: string; city: string; state: string; postalCode: string; phoneNumber: string };
  devices: { transmitterCode: string; panelType: string; description: string }[];
  contacts: { name: string; relation: string; phoneNumber: string; email: string; verifies: boolean; hasKey: boolean }[];
  zones: { device: string; zoneNum: string; description: string; eventType: string }[];
  passcodes: { name: string; passcode: string; isDuress: boolean }[];
}

export const STEPS = SITE_CREATE_STEPS;

export const emptyDevice = (): NewSiteValues['devices'][number] => ({ transmitterCode: '', panelType: '', description: '' });
export const emptyContact = (): NewSiteValues['contacts'][number] => ({
  name: '',
  relation: '',
  phoneNumber: '',
  email: '',
  verifies: true,
  hasKey: false,
});
export const emptyPasscode = (): NewSiteValues['passcodes'][number] => ({ name: '', passcode: '', isDuress: false });

/** The next free zone number of a device among the rows typed. */
export function emptyZone(values: Pick<NewSiteValues, 'zones'>, device = '0'): NewSiteValues['zones'][number] {
  const used = values.zones.filter((z) => z.device === device).map((z) => Number(z.zoneNum) || 0);
  return { device, zoneNum: String(Math.max(0, ...used) + 1), description: '', eventType: 'Burglary' };
}

export function emptyValues(): NewSiteValues {
  return {
    account: { siteName: '', siteType: 'residential', timeZone: 'America/Chicago' },
    address: { country: 'US', line1: '', line2: '', city: '', state: '', postalCode: '', phoneNumber: '' },
    devices: [emptyDevice()],
    contacts: [],
    zones: [],
    passcodes: [],
  };
}

const str = (value: unknown, fallback = '') => (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : fallback);
const rows = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null).slice(0, 200) : [];

/** A draft's stored values as form values: whatever it holds, every field there with its type (older or partial drafts too). */
export function valuesFromDraft(data: unknown): NewSiteValues {
  const empty = emptyValues();
  const d = (typeof data === 'object' && data !== null ? data : {}) as Record<string, unknown>;
  const account = (d.account ?? {}) as Record<string, unknown>;
  const address = (d.address ?? {}) as Record<string, unknown>;
  const devices = rows(d.devices).map((r) => ({
    transmitterCode: str(r.transmitterCode),
    panelType: str(r.panelType),
    description: str(r.description),
  }));
  return {
    account: {
      siteName: str(account.siteName),
      siteType: str(account.siteType, empty.account.siteType),
      timeZone: str(account.timeZone, empty.account.timeZone),
    },
    address: {
      country: str(address.country, 'US'),
      line1: str(address.line1),
      line2: str(address.line2),
      city: str(address.city),
      state: str(address.state),
      postalCode: str(address.postalCode),
      phoneNumber: str(address.phoneNumber),
    },
    devices: devices.length ? devices : empty.devices,
    contacts: rows(d.contacts).map((r) => ({
      name: str(r.name),
      relation: str(r.relation),
      phoneNumber: str(r.phoneNumber),
      email: str(r.email),
      verifies: r.verifies !== false,
      hasKey: r.hasKey === true,
    })),
    zones: rows(d.zones).map((r) => ({
      device: str(r.device, '0'),
      zoneNum: str(r.zoneNum),
      description: str(r.description),
      eventType: str(r.eventType, 'Burglary'),
    })),
    passcodes: rows(d.passcodes).map((r) => ({ name: str(r.name), passcode: str(r.passcode), isDuress: r.isDuress === true })),
  };
}

const toInt = (text: string) => (/^\s*\d+\s*$/.test(text) ? Number(text) : Number.NaN);

/** The body of POST /api/sites. */
export function toPayload(values: NewSiteValues, draftId?: number): SiteCreate {
  return {
    account: {
      siteName: values.account.siteName,
      siteType: values.account.siteType as SiteCreate['account']['siteType'],
      timeZone: values.account.timeZone,
    },
    address: { ...values.address, country: values.address.country as SiteCountry },
    devices: values.devices,
    contacts: values.contacts,
    zones: values.zones.map((z) => ({
      device: toInt(z.device),
      zoneNum: toInt(z.zoneNum),
      description: z.description,
      eventType: z.eventType as SiteCreate['zones'][number]['eventType'],
    })),
    passcodes: values.passcodes,
    ...(draftId ? { draftId } : {}),
  };
}

// Each step's validator, loaded with the first check (the build writes them: src/web/app/validatedSchemas.ts).
let loaded: Promise<Record<'account' | 'address' | 'device' | 'contact' | 'zone' | 'passcode', ValidateFunction>> | undefined;
const loadValidators = () =>
  (loaded ??= (async () => {
    const [account, address, device, contact, zone, passcode] = await Promise.all(
      [newSiteAccountSchema, newSiteAddressSchema, newSiteDeviceSchema, newSiteContactSchema, newSiteZoneSchema, newSitePasscodeSchema].map(
        precompiledValidator,
      ),
    );
    return { account, address, device, contact, zone, passcode };
  })());

type Validate = ValidateFunction;
type Problems = Record<string, ValidationMessage>;

function check(validate: Validate, value: unknown, prefix: string, into: Problems) {
  if (validate(value)) return;
  for (const [field, message] of Object.entries(toFieldErrors(validate.errors))) {
    const path = field === 'root' ? prefix : `${prefix}.${field}`;
    // A number typed as something else: one message, the schema's type words are not for users.
    if (!(path in into)) into[path] = message.message === 'validation.type' ? { message: 'validation.invalid' } : message;
  }
}

function addRules(rules: Record<string, string>, into: Problems) {
  for (const [path, key] of Object.entries(rules)) if (!(path in into)) into[path] = { message: key };
}

/**
 * What is wrong with the fields of one step, by field path (react-hook-form's
 * 'devices.0.transmitterCode'), as locale keys with their arguments: the
 * schema's messages first (the same as the server's), then the account rules
 * of src/common/siteCreateRules.ts. The review step checks every step.
 */
export async function stepProblems(step: SiteCreateStep, values: NewSiteValues): Promise<Problems> {
  const validators = await loadValidators();
  const payload = toPayload(values);
  const problems: Problems = {};
  const country = values.address.country;
  if (step === 'account' || step === 'review') {
    check(validators.account, payload.account, 'account', problems);
    if (step === 'review') addRules(accountProblems(payload.account, country), problems);
  }
  if (step === 'address' || step === 'review') {
    const { phoneNumber, ...address } = payload.address;
    check(validators.address, { ...address, ...(phoneNumber ? { phoneNumber } : {}) }, 'address', problems);
    addRules(addressStepProblems(payload.address), problems);
    addRules(accountProblems(payload.account, country), problems);
  }
  if (step === 'devices' || step === 'review') {
    payload.devices.forEach((device, i) => check(validators.device, device, `devices.${i}`, problems));
    addRules(deviceProblems(payload.devices), problems);
  }
  if (step === 'contacts' || step === 'review') {
    payload.contacts.forEach((contact, i) => {
      check(validators.contact, contact, `contacts.${i}`, problems);
      const phone = phoneProblem(contact.phoneNumber, country, true);
      if (phone && !problems[`contacts.${i}.phoneNumber`]) problems[`contacts.${i}.phoneNumber`] = { message: phone };
    });
    addRules(contactProblems(payload.contacts, country), problems);
  }
  if (step === 'zones' || step === 'review') {
    payload.zones.forEach((zone, i) => check(validators.zone, zone, `zones.${i}`, problems));
    addRules(zoneProblems(payload.zones, payload.devices.length), problems);
  }
  if (step === 'passcodes' || step === 'review') {
    payload.passcodes.forEach((passcode, i) => check(validators.passcode, passcode, `passcodes.${i}`, problems));
    addRules(passcodeProblems(payload.passcodes), problems);
  }
  return problems;
}

/** The step a field path belongs to ('devices.1.transmitterCode' → 'devices'); the time zone is the account's. */
export function stepOfField(path: string): SiteCreateStep {
  const head = path.split('.')[0];
  return (STEPS as readonly string[]).includes(head) ? (head as SiteCreateStep) : 'review';
}

/** The first step (in order) among the paths with a problem. */
export function firstStepOf(paths: readonly string[]): SiteCreateStep | undefined {
  const steps = new Set(paths.map(stepOfField));
  return STEPS.find((step) => steps.has(step));
}

/** The completeness warnings the account will show once created (src/common/siteWarnings.ts; agencies are added later). */
export function expectedWarnings(values: NewSiteValues): SiteWarning[] {
  const phone = values.address.phoneNumber.trim();
  return siteWarnings(
    {
      passcodes: values.passcodes,
      contacts: values.contacts.map((c) => ({ verifies: c.verifies, phoneNumber: c.phoneNumber || null })),
      agencies: [],
      premisePhones: phone ? [phone] : [],
    },
    '1970-01-01',
  );
}

export const SITE_TYPE_OPTIONS = SITE_TYPES;
export const COUNTRY_OPTIONS = SITE_COUNTRIES;
