import type { FromSchema } from 'json-schema-to-ts';
import { cents, INVOICE_STATUSES, invoiceAmounts, invoiceDates } from './invoices.js';
import { closedObject, closedObjectArray, closedSchema, INT4_MAX, int4IdsFilter, int4Range } from './shared.js';

/**
 * Billing for dealers (SPEC §2 /billing, §6 billingRead): what the monitoring station
 * bills the dealer (the selected account group) each month for all its accounts, read only. Not
 * the customers' invoices (schemas/invoices.ts: what the dealer bills its customers). The resource
 * is `/api/invoices` in ra-data-simple-rest conventions (newest month first), one invoice by id
 * with what each account was billed for, its PDF, and an export of the lines (CSV or Excel).
 */

/** What an account (or the group) is billed for; labels: billing.dealer.services.*. */
export const DEALER_INVOICE_SERVICES = [
  'monitoringResidential',
  'monitoringCommercial',
  'monitoringFire',
  'cellular',
  'interactive',
  'video',
  'dispatch',
  'answeringService',
] as const;
export type DealerInvoiceService = (typeof DEALER_INVOICE_SERVICES)[number];

const id = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;
const service = { type: 'string', enum: DEALER_INVOICE_SERVICES } as const;

/** One service of one account: how many (months, dispatches), at what unit price; amount = quantity × unit. */
const dealerInvoiceLineSchema = closedObject({ service, quantity: { type: 'integer', minimum: 0 }, unitCents: cents, amountCents: cents });

const invoiceProperties = {
  id,
  invoiceId: id,
  siteGroupNum: { type: 'integer', ...int4Range },
  /** The station's invoice number, e.g. 'ST-9993-202611'. */
  number: { type: 'string' },
  /** The month billed, YYYY-MM. */
  month: { type: 'string', pattern: '^\\d{4}-\\d{2}$' },
  ...invoiceDates,
  /** Accounts billed that month. */
  accountCount: { type: 'integer', minimum: 0 },
  ...invoiceAmounts,
  /** The month's total per service, in DEALER_INVOICE_SERVICES order (services billed only). */
  services: closedObjectArray({ service, amountCents: cents }),
} as const;

/** A month's invoice as the list returns it. `id` is invoiceId. */
export const dealerInvoiceSchema = {
  $id: 'DealerInvoice',
  ...closedObject(invoiceProperties),
} as const;
export type DealerInvoice = FromSchema<typeof dealerInvoiceSchema>;

/** One account on an invoice (siteNum null: the group's own lines, such as the answering service). */
const dealerInvoiceAccountSchema = closedObject({
  siteNum: { type: ['integer', 'null'], minimum: 1, maximum: INT4_MAX },
  /** The account's name as billed; null for the group's own lines. */
  siteName: { type: ['string', 'null'] },
  totalCents: cents,
  lines: { type: 'array', items: dealerInvoiceLineSchema },
});
export type DealerInvoiceAccount = FromSchema<typeof dealerInvoiceAccountSchema>;

/** Who issued the invoice (the monitoring station) and whom it bills (the dealer). */
const partySchema = closedObject({
  name: { type: 'string' },
  address: { type: 'array', items: { type: 'string' } },
  phone: { type: ['string', 'null'] },
  email: { type: ['string', 'null'] },
});

/** One invoice with what each account was billed for (GET /api/invoices/{id}). */
export const dealerInvoiceDetailSchema = closedSchema('DealerInvoiceDetail', {
  ...invoiceProperties,
  issuer: partySchema,
  dealerName: { type: 'string' },
  dealerNumber: { type: 'string' },
  /** By account number; the group's own lines last. */
  accounts: { type: 'array', items: dealerInvoiceAccountSchema },
});
export type DealerInvoiceDetail = FromSchema<typeof dealerInvoiceDetailSchema>;

/** `filter` of GET /api/invoices: a status, a year, or ids (react-admin's getMany). */
export const dealerInvoiceFilterSchema = closedSchema('DealerInvoiceFilter', [], {
  status: { type: 'string', enum: INVOICE_STATUSES },
  year: { type: 'integer', minimum: 2000, maximum: 2100 },
  id: int4IdsFilter,
});
export type DealerInvoiceFilter = FromSchema<typeof dealerInvoiceFilterSchema>;

/** Sort fields of the list; default month DESC. */
export const DEALER_INVOICE_SORT_FIELDS = ['month', 'dueOn', 'totalCents', 'balanceCents', 'id'] as const;

/** GET /api/invoices/export?format=csv|xlsx[&id=N]: every line of the group's invoices, or of one. */
export const dealerInvoiceExportQuerySchema = closedSchema('DealerInvoiceExportQuery', ['format'], {
  format: { type: 'string', enum: ['csv', 'xlsx'] },
  id,
});
export type DealerInvoiceExportQuery = FromSchema<typeof dealerInvoiceExportQuerySchema>;
