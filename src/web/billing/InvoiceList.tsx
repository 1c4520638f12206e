import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
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
import DownloadIcon from '@mui/icons-material/Download';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { invoicesUi, type Invoice } from '../../../schemas/invoices.js';
import { formatDay, formatDayRange, formatMoney } from '../../common/billing.js';
import { billingApi } from './billingApi.js';
import { dueHint, STATUS_COLORS } from './billingRules.js';

/** An invoice's status as a chip (customers' and dealers' invoices). */
export function StatusChip({ invoice }: { invoice: Pick<Invoice, 'status'> }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      label={translate(`${invoicesUi.fields.status.optionLabels}.${invoice.status}`)}
      color={STATUS_COLORS[invoice.status]}
      variant={invoice.status === 'void' ? 'outlined' : 'filled'}
      data-status={invoice.status}
    />
  );
}

/** Under the due day: days left or late, the day it was paid, or that it was cancelled. */
function DueNote({ invoice, today }: { invoice: Invoice; today: string }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const hint = dueHint(invoice, today);
  let text: string | undefined;
  if (hint) text = translate(hint.key, hint.args);
  else if (invoice.status === 'paid' && invoice.paidOn)
    text = translate('billing.invoice.paidOn', { date: formatDay(invoice.paidOn, locale) });
  else if (invoice.status === 'void') text = translate('billing.invoice.voided');
  if (!text) return null;
  return (
    <Typography
      variant="caption"
      component="p"
      color={invoice.status === 'overdue' ? 'error' : 'text.secondary'}
      sx={{ fontWeight: invoice.status === 'overdue' ? 600 : undefined }}
    >
      {text}
    </Typography>
  );
}

/** 'Download PDF': fetched through the transport with the session and saved; busy while it comes. */
function DownloadPdfButton({ invoice, compact = false }: { invoice: Invoice; compact?: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  const download = async () => {
    setBusy(true);
    try {
      await billingApi.downloadPdf(invoice);
    } catch {
      notify('billing.download.failed', { type: 'error', messageArgs: { number: invoice.number } });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant={compact ? 'text' : 'outlined'}
      size={compact ? 'small' : 'medium'}
      fullWidth={!compact}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
      onClick={() => void download()}
      disabled={busy}
      aria-label={translate(busy ? 'billing.download.busy' : 'billing.download.named', { number: invoice.number })}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {translate('billing.download.label')}
    </Button>
  );
}

function usePeriod() {
  const [locale = 'en'] = useLocaleState();
  return (invoice: Invoice) => formatDayRange(invoice.periodStart, invoice.periodEnd, locale);
}

/** Desktop: a table, one row per invoice. */
function InvoiceTable({ invoices, today, label }: { invoices: Invoice[]; today: string; label: string }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const period = usePeriod();
  const money = (invoice: Invoice, cents: number) => formatMoney(cents, invoice.currency, locale);
  const numeric = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('billing.columns.number')}</TableCell>
            <TableCell>{translate('billing.columns.period')}</TableCell>
            <TableCell>{translate('billing.columns.dueOn')}</TableCell>
            <TableCell sx={numeric}>{translate('billing.columns.total')}</TableCell>
            <TableCell sx={numeric}>{translate('billing.columns.balance')}</TableCell>
            <TableCell>{translate('billing.columns.status')}</TableCell>
            <TableCell sx={{ textAlign: 'right' }}>{translate('billing.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {invoices.map((invoice) => (
            <TableRow key={invoice.id} hover data-testid="invoice-row">
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid="invoice-number">
                  {invoice.number}
                </Typography>
                <Typography variant="caption" component="p" color="text.secondary">
                  {translate('billing.invoice.issuedOn', { date: formatDay(invoice.issuedOn, locale) })}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {period(invoice)}
                <Typography variant="caption" component="p" color="text.secondary">
                  {translate('billing.invoice.lines', { smart_count: invoice.lines.length })}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDay(invoice.dueOn, locale)}
                <DueNote invoice={invoice} today={today} />
              </TableCell>
              <TableCell sx={numeric}>{money(invoice, invoice.totalCents)}</TableCell>
              <TableCell sx={{ ...numeric, fontWeight: invoice.balanceCents > 0 ? 600 : undefined }}>
                {money(invoice, invoice.balanceCents)}
              </TableCell>
              <TableCell>
                <StatusChip invoice={invoice} />
              </TableCell>
              <TableCell sx={{ textAlign: 'right' }}>
                <DownloadPdfButton invoice={invoice} compact />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: a card per invoice, its balance large, 'Download PDF' across the card. */
function InvoiceCards({ invoices, today, label }: { invoices: Invoice[]; today: string; label: string }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const period = usePeriod();
  return (
    <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {invoices.map((invoice) => (
        <Card component="li" key={invoice.id} variant="outlined" data-testid="invoice-card" aria-label={invoice.number}>
          <CardContent sx={{ pb: 1 }}>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="subtitle2" component="h3">
                  {invoice.number}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {period(invoice)}
                </Typography>
              </Box>
              <StatusChip invoice={invoice} />
            </Stack>
            <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-end', mt: 1.5, gap: 1 }}>
              <Box>
                <Typography variant="caption" color="text.secondary" component="p">
                  {translate('billing.columns.dueOn')} · {formatDay(invoice.dueOn, locale)}
                </Typography>
                <DueNote invoice={invoice} today={today} />
              </Box>
              <Box sx={{ textAlign: 'right' }}>
                <Typography variant="caption" color="text.secondary" component="p">
                  {translate(invoice.balanceCents > 0 ? 'billing.columns.balance' : 'billing.columns.total')}
                </Typography>
                <Typography variant="h6" component="p" sx={{ lineHeight: 1.2 }}>
                  {formatMoney(invoice.balanceCents > 0 ? invoice.balanceCents : invoice.totalCents, invoice.currency, locale)}
                </Typography>
              </Box>
            </Stack>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
            <DownloadPdfButton invoice={invoice} />
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}

/** The invoices as a table (desktop) or cards (phones). */
export function InvoiceList({ invoices, today, phone, label }: { invoices: Invoice[]; today: string; phone: boolean; label: string }) {
  return phone ? (
    <InvoiceCards invoices={invoices} today={today} label={label} />
  ) : (
    <InvoiceTable invoices={invoices} today={today} label={label} />
  );
}

/** While the first page loads: rows or cards of skeletons, as the list will be. */
export function InvoiceListSkeleton({ phone }: { phone: boolean }) {
  const rows = [0, 1, 2, 3];
  if (phone)
    return (
      <Stack spacing={1.5} aria-busy="true">
        {rows.map((i) => (
          <Skeleton key={i} variant="rounded" height={150} />
        ))}
      </Stack>
    );
  return (
    <Paper variant="outlined" sx={{ p: 2 }} aria-busy="true">
      {rows.map((i) => (
        <Skeleton key={i} height={44} />
      ))}
    </Paper>
  );
}

/** No invoices: none issued yet for the account, or none with the chosen status (then a way back to all). */
export function InvoicesEmpty({ dealer, status, onShowAll }: { dealer: string; status?: string; onShowAll: () => void }) {
  const translate = useTranslate();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }} data-testid="billing-empty">
      <ReceiptLongIcon color="disabled" sx={{ fontSize: 48, mb: 1 }} aria-hidden />
      {status ? (
        <>
          <Typography variant="body1" sx={{ mb: 2 }}>
            {translate('billing.empty.filtered', { status })}
          </Typography>
          <Button variant="outlined" onClick={onShowAll}>
            {translate('billing.empty.showAll')}
          </Button>
        </>
      ) : (
        <>
          <Typography variant="h6" component="p">
            {translate('billing.empty.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('billing.empty.text', { dealer })}
          </Typography>
        </>
      )}
    </Paper>
  );
}
