import type { InvoiceStatus } from '../../../schemas/invoices.js';
import { daysUntil } from '../../common/billing.js';

/** The billing screen's rules: pure, so they are tested one by one. */

/** Below this width invoices are cards, from it a table (the brief's phone breakpoint). */
export const PHONE_MAX_WIDTH = 639.95;
/** Invoices per page; 'Show more' adds as many. */
export const INVOICE_PAGE_SIZE = 12;

/** The chip colour of each status (MUI palette names). */
export const STATUS_COLORS: Record<InvoiceStatus, 'primary' | 'error' | 'success' | 'default'> = {
  open: 'primary',
  overdue: 'error',
  paid: 'success',
  void: 'default',
};

/** The status filter's choices: every status, or none ('all'). */
export const STATUS_CHOICES = ['all', 'open', 'overdue', 'paid', 'void'] as const;
export type StatusChoice = (typeof STATUS_CHOICES)[number];

/** A status filter read from the URL: a known one, else all. */
export function statusChoiceOf(value: string | null): StatusChoice {
  return (STATUS_CHOICES as readonly string[]).includes(value ?? '') ? (value as StatusChoice) : 'all';
}

/** The account to show: the one in the URL when linked, else the active one, the default, the first; undefined without links. */
export function chosenAccount(
  links: readonly { siteNum: number; isFavorite: boolean; isActive?: boolean }[],
  fromUrl: string | null,
): number | undefined {
  const wanted = Number(fromUrl);
  if (fromUrl && links.some((l) => l.siteNum === wanted)) return wanted;
  // The active account (the header's switcher), else the default, else the first.
  return (links.find((l) => l.isActive) ?? links.find((l) => l.isFavorite) ?? links[0])?.siteNum;
}

/** The total of a simple-rest answer from its Content-Range ('invoices 0-11/24'); `fallback` when absent. */
export function totalOf(contentRange: string | null, fallback: number): number {
  const total = /\/(\d+)\s*$/.exec(contentRange ?? '')?.[1];
  return total === undefined ? fallback : Number(total);
}

/** The file name of a download from its Content-Disposition; `fallback` when it names none. */
export function fileNameOf(disposition: string | null, fallback: string): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(disposition ?? '')?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      // fall through to the plain name
    }
  }
  return /filename="?([^";]+)"?/i.exec(disposition ?? '')?.[1] ?? fallback;
}

/** What to say under an invoice's due day: a locale key and its arguments (none for a paid or void one). */
export function dueHint(
  invoice: { status: InvoiceStatus; dueOn: string; paidOn: string | null },
  today: string,
): { key: string; args?: Record<string, number> } | undefined {
  if (invoice.status === 'overdue') return { key: 'billing.invoice.late', args: { smart_count: -daysUntil(invoice.dueOn, today) } };
  if (invoice.status !== 'open') return undefined;
  const days = daysUntil(invoice.dueOn, today);
  return days === 0 ? { key: 'billing.invoice.dueToday' } : { key: 'billing.invoice.dueIn', args: { smart_count: days } };
}
