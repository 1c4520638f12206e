import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useLocaleState, useTranslate } from 'react-admin';
import { invoiceColumns, type InvoiceStatus } from '../../../schemas/invoices.js';
import { formatDay, formatMoney } from '../../common/billing.js';
import { dueHint, STATUS_COLORS } from './billingRules.js';

/**
 * What the customer's billing (InvoiceList, BillingPage) and the dealer's (DealerInvoiceList,
 * DealerBillingPage) show alike: the status chip, the due day with its note, the amounts (table
 * cells, or a card's content), the skeleton, the empty state, the heading above the list and the
 * 'Show more' row under it. Each list passes its own locale keys (the dealer's have their own
 * labels and speak of the station), written out so billingLocales.test.ts finds them.
 */

/** What the parts show of an invoice: both lists' invoices have these. */
interface InvoiceAmounts {
  status: InvoiceStatus;
  dueOn: string;
  paidOn: string | null;
  totalCents: number;
  balanceCents: number;
  currency: string;
}

/** A list's locale keys for what the parts write: the column labels and the notes under the due day. */
export interface InvoiceTexts {
  dueOn: string;
  total: string;
  balance: string;
  status: string;
  actions: string;
  /** 'Paid %{date}'. */
  paidOn: string;
  /** Why a void invoice has nothing to pay. */
  voided: string;
}

/** An invoice's status as a chip (customers' and dealers' invoices). */
export function StatusChip({ invoice }: { invoice: { status: InvoiceStatus } }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`${invoiceColumns.fields.status.optionLabels}.${invoice.status}`)}
      color={STATUS_COLORS[invoice.status]}
      variant={invoice.status === 'void' ? 'outlined' : 'filled'}
      data-status={invoice.status}
    />
  );
}

/** Under the due day: days left or late, the day it was paid, or that it was cancelled. */
function DueNote({ invoice, today, texts }: { invoice: InvoiceAmounts; today: string; texts: InvoiceTexts }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const hint = dueHint(invoice, today);
  let text: string | undefined;
  if (hint) text = translate(hint.key, hint.args);
  else if (invoice.status === 'paid' && invoice.paidOn) text = translate(texts.paidOn, { date: formatDay(invoice.paidOn, locale) });
  else if (invoice.status === 'void') text = translate(texts.voided);
  if (!text) return null;
  const late = invoice.status === 'overdue';
  return (
    <Typography variant="caption" component="p" color={late ? 'error' : 'text.secondary'} sx={{ fontWeight: late ? 600 : undefined }}>
      {text}
    </Typography>
  );
}

const numeric = { textAlign: 'right', whiteSpace: 'nowrap' } as const;

/**
 * Desktop: the table around a list's rows. `head` is the list's own first columns; due day, total,
 * balance, status and actions follow (in each row InvoiceCells fills the first four, the list the
 * actions).
 */
export function InvoiceTableFrame({
  label,
  texts,
  head,
  sx,
  children,
}: {
  label: string;
  texts: InvoiceTexts;
  head: ReactNode;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label} sx={sx}>
        <TableHead>
          <TableRow>
            {head}
            <TableCell>{translate(texts.dueOn)}</TableCell>
            <TableCell sx={numeric}>{translate(texts.total)}</TableCell>
            <TableCell sx={numeric}>{translate(texts.balance)}</TableCell>
            <TableCell>{translate(texts.status)}</TableCell>
            <TableCell sx={{ textAlign: 'right' }}>{translate(texts.actions)}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>{children}</TableBody>
      </Table>
    </TableContainer>
  );
}

/** A row's due day (with its note), total, balance (strong while owed) and status; the row's actions follow. */
export function InvoiceCells({
  invoice,
  today,
  texts,
  strongTotal = false,
}: {
  invoice: InvoiceAmounts;
  today: string;
  texts: InvoiceTexts;
  strongTotal?: boolean;
}) {
  const [locale = 'en'] = useLocaleState();
  const money = (cents: number) => formatMoney(cents, invoice.currency, locale);
  return (
    <>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {formatDay(invoice.dueOn, locale)}
        <DueNote invoice={invoice} today={today} texts={texts} />
      </TableCell>
      <TableCell sx={{ ...numeric, fontWeight: strongTotal ? 500 : undefined }}>{money(invoice.totalCents)}</TableCell>
      <TableCell sx={{ ...numeric, fontWeight: invoice.balanceCents > 0 ? 600 : undefined }}>{money(invoice.balanceCents)}</TableCell>
      <TableCell>
        <StatusChip invoice={invoice} />
      </TableCell>
    </>
  );
}

/**
 * Phones: a card's content. `children` is the list's own heading (number or month, and a line
 * under it), with the status beside it; under them the due day with its note, and the balance
 * large (the total once nothing is owed).
 */
export function InvoiceCardContent({
  invoice,
  today,
  texts,
  children,
}: {
  invoice: InvoiceAmounts;
  today: string;
  texts: InvoiceTexts;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const owed = invoice.balanceCents > 0;
  return (
    <CardContent sx={{ pb: 1 }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>{children}</Box>
        <StatusChip invoice={invoice} />
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-end', mt: 1.5, gap: 1 }}>
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {translate(texts.dueOn)} · {formatDay(invoice.dueOn, locale)}
          </Typography>
          <DueNote invoice={invoice} today={today} texts={texts} />
        </Box>
        <Box sx={{ textAlign: 'right' }}>
          <Typography variant="caption" color="text.secondary" component="p">
            {translate(owed ? texts.balance : texts.total)}
          </Typography>
          <Typography variant="h6" component="p" sx={{ lineHeight: 1.2 }}>
            {formatMoney(owed ? invoice.balanceCents : invoice.totalCents, invoice.currency, locale)}
          </Typography>
        </Box>
      </Stack>
    </CardContent>
  );
}

/** While the first page loads: rows or cards of skeletons, as the list will be (each list its own heights). */
export function InvoiceListSkeleton({ phone, cardHeight, rowHeight }: { phone: boolean; cardHeight: number; rowHeight: number }) {
  const rows = [0, 1, 2, 3];
  if (phone)
    return (
      <Stack spacing={1.5} aria-busy="true">
        {rows.map((i) => (
          <Skeleton key={i} variant="rounded" height={cardHeight} />
        ))}
      </Stack>
    );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-busy="true">
      {rows.map((i) => (
        <Skeleton key={i} height={rowHeight} />
      ))}
    </Paper>
  );
}

/** No invoices: a title and a line under a receipt; `children`, when given, say something else instead (a filter matched none). */
export function NoInvoices({ testId, title, text, children }: { testId: string; title: string; text: string; children?: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} data-testid={testId}>
      <ReceiptLongIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      {children ?? (
        <>
          <Typography variant="h6" component="p">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {text}
          </Typography>
        </>
      )}
    </Paper>
  );
}

/** Above the list: its heading, and its tools beside it (under it on phones). */
export function ListHeading({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'center' }, mb: 1.5 }}
    >
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

/** Under the list: how many are shown of how many (announced), and 'Show more' while there are more; off while a page loads. */
export function ShowMore({
  shown,
  more,
  loading,
  moreLabel,
  onMore,
}: {
  shown: string;
  more: boolean;
  loading: boolean;
  moreLabel: string;
  onMore: () => void;
}) {
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', mt: 1.5 }}>
      <Typography variant="body2" color="text.secondary" aria-live="polite">
        {shown}
      </Typography>
      {more && (
        <Button onClick={onMore} disabled={loading}>
          {moreLabel}
        </Button>
      )}
    </Stack>
  );
}
