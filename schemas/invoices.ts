import type { FromSchema } from 'json-schema-to-ts';
import { closedObject, closedSchema, INT4_MAX, int4IdsFilter, int4Range } from './shared.js';
import type { UiHints } from './uiHints.js';

/**
 * Billing for customers (SPEC §2 /billing, §6 billingRead): the invoices and statements
 * the dealer (the account's account group) issued for a linked account, read only. The customer's
 * resource is `/api/msa/invoices` in ra-data-simple-rest conventions (`filter={"siteNum":N,"status":…}`,
 * newest first), one invoice by id, its PDF, and `/api/msa/billing/summary` (balance, next due, whom
 * to pay). Payment is out of scope: the customer pays the dealer.
 */

/**
 * An invoice's status as shown: 'overdue' is an open invoice past its due date (computed when read,
 * never stored); 'void' was cancelled by the dealer and owes nothing.
 */
export const INVOICE_STATUSES = ['open', 'overdue', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];
/** Currencies of the demo markets (SITE_COUNTRIES: US, CA, MX). */
const INVOICE_CURRENCIES = ['USD', 'CAD', 'MXN'] as const;

const siteNum = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;
/** A calendar day, YYYY-MM-DD (no time zone: a due date is a day). */
const day = { type: 'string', format: 'date' } as const;
export const cents = { type: 'integer', ...int4Range } as const;

/** When an invoice was issued, falls due and what period it bills: the customer's and the dealer's alike. */
export const invoiceDates = {
  issuedOn: day,
  dueOn: day,
  /** The service period billed. */
  periodStart: day,
  periodEnd: day,
} as const;

/** What an invoice bills and what of it is paid, in which currency: the customer's and the dealer's alike. */
export const invoiceAmounts = {
  totalCents: cents,
  paidCents: cents,
  /** What is still owed: total less paid; 0 for a paid or void invoice. */
  balanceCents: cents,
  /** The day it was paid in full; null while it is not. */
  paidOn: { type: ['string', 'null'], format: 'date' },
  status: { type: 'string', enum: INVOICE_STATUSES },
  currency: { type: 'string', enum: INVOICE_CURRENCIES },
} as const;

/** One line of an invoice: what was billed, how many, at what unit price (amount = quantity × unit). */
const invoiceLineSchema = closedObject({
  description: { type: 'string' },
  quantity: { type: 'number', minimum: 0 },
  unitCents: cents,
  amountCents: cents,
});

/** An invoice (or monthly statement) as the API returns it. `id` is invoiceId. */
export const invoiceSchema = closedSchema('Invoice', {
  id: { type: 'integer', ...int4Range },
  invoiceId: { type: 'integer', ...int4Range },
  siteNum,
  /** The account's name, as the customer knows it. */
  siteName: { type: 'string' },
  /** The dealer (account group) that issued it. */
  siteGroupNum: { type: 'integer', ...int4Range },
  /** The dealer's invoice number, e.g. 'INV-2026-100011-07'. */
  number: { type: 'string' },
  ...invoiceDates,
  ...invoiceAmounts,
  lines: { type: 'array', items: invoiceLineSchema },
});
export type Invoice = FromSchema<typeof invoiceSchema>;

/** `filter` of GET /api/msa/invoices: one linked account (default: the customer's default account), one status. */
export const invoiceFilterSchema = closedSchema('InvoiceFilter', [], {
  siteNum,
  status: { type: 'string', enum: INVOICE_STATUSES },
  /** react-admin's getMany. */
  id: int4IdsFilter,
});
export type InvoiceFilter = FromSchema<typeof invoiceFilterSchema>;

/** Sort fields of the list (react-admin's `sort`); default issuedOn DESC. */
export const INVOICE_SORT_FIELDS = ['issuedOn', 'dueOn', 'number', 'totalCents', 'balanceCents', 'id'] as const;

/** GET /api/msa/billing/summary?siteNum=N (default: the customer's default account). */
export const billingSummaryQuerySchema = closedSchema('BillingSummaryQuery', [], { siteNum });
export type BillingSummaryQuery = FromSchema<typeof billingSummaryQuerySchema>;

/** Whom the customer pays: the dealer (account group) of the account, with the contact it gave for billing. */
export const billingPayeeSchema = closedObject({
  name: { type: 'string' },
  dealerNumber: { type: 'string' },
  /** E.164; null when the dealer gave none. */
  phone: { type: ['string', 'null'] },
  email: { type: ['string', 'null'] },
});
export type BillingPayee = FromSchema<typeof billingPayeeSchema>;

/** One account's billing at a glance: what is owed, what is late, what falls due next, whom to pay. */
export const billingSummarySchema = closedSchema('BillingSummary', {
  siteNum,
  siteName: { type: 'string' },
  currency: { type: 'string', enum: INVOICE_CURRENCIES },
  /** Owed on every open and overdue invoice. */
  balanceCents: cents,
  /** Of which past due. */
  overdueCents: cents,
  openCount: { type: 'integer', minimum: 0 },
  overdueCount: { type: 'integer', minimum: 0 },
  /** The open invoice due first (overdue ones come first); null when nothing is owed. */
  nextDue: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['invoiceId', 'number', 'dueOn', 'balanceCents', 'status'],
    properties: {
      invoiceId: { type: 'integer', ...int4Range },
      number: { type: 'string' },
      dueOn: day,
      balanceCents: cents,
      status: { type: 'string', enum: INVOICE_STATUSES },
    },
  },
  /** The latest payment the dealer recorded; null when none. */
  lastPayment: {
    type: ['object', 'null'],
    additionalProperties: false,
    required: ['paidOn', 'amountCents'],
    properties: { paidOn: day, amountCents: cents },
  },
  payee: billingPayeeSchema,
});
export type BillingSummary = FromSchema<typeof billingSummarySchema>;

/** The list's columns, in the order the screen shows them (read only: no form, so not named `…Ui` like a form's hints); the status labels' keys. */
export const invoiceColumns = {
  order: ['number', 'issuedOn', 'periodStart', 'dueOn', 'totalCents', 'balanceCents', 'status'],
  fields: {
    periodStart: { row: 'period' },
    status: { optionLabels: 'billing.statuses' },
  },
} as const satisfies UiHints<keyof typeof invoiceSchema.properties>;
