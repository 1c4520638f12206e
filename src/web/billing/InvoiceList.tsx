import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Invoice } from '../../../schemas/invoices.js';
import { formatDay, formatDayRange } from '../../common/billing.js';
import { useBillingFiles } from './billingQueries.js';
import { InvoiceCardContent, InvoiceCells, InvoiceTableFrame, NoInvoices, type InvoiceTexts } from './invoiceParts.js';
import { useDownload } from './useDownload.js';

/** The shared parts' locale keys on the customer's invoices (billing.columns.*, billing.invoice.*). */
const TEXTS: InvoiceTexts = {
  dueOn: 'billing.columns.dueOn',
  total: 'billing.columns.total',
  balance: 'billing.columns.balance',
  status: 'billing.columns.status',
  actions: 'billing.columns.actions',
  paidOn: 'billing.invoice.paidOn',
  voided: 'billing.invoice.voided',
};

/** 'Download PDF': fetched through the transport with the session and saved; busy while it comes. */
function DownloadPdfButton({ invoice, compact = false }: { invoice: Invoice; compact?: boolean }) {
  const translate = useTranslate();
  const { busy, run } = useDownload();
  const files = useBillingFiles();
  const download = () =>
    void run('pdf', () => files.invoicePdf(invoice), { message: 'billing.download.failed', args: { number: invoice.number } });
  return (
    <Button
      variant={compact ? 'text' : 'outlined'}
      size={compact ? 'small' : 'medium'}
      fullWidth={!compact}
      startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
      onClick={download}
      disabled={!!busy}
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
  const head = (
    <>
      <TableCell>{translate('billing.columns.number')}</TableCell>
      <TableCell>{translate('billing.columns.period')}</TableCell>
    </>
  );
  return (
    <InvoiceTableFrame label={label} texts={TEXTS} head={head}>
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
          <InvoiceCells invoice={invoice} today={today} texts={TEXTS} />
          <TableCell sx={{ textAlign: 'right' }}>
            <DownloadPdfButton invoice={invoice} compact />
          </TableCell>
        </TableRow>
      ))}
    </InvoiceTableFrame>
  );
}

/** Phones: a card per invoice, its balance large, 'Download PDF' across the card. */
function InvoiceCards({ invoices, today, label }: { invoices: Invoice[]; today: string; label: string }) {
  const period = usePeriod();
  return (
    <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {invoices.map((invoice) => (
        <Card component="li" key={invoice.id} variant="outlined" data-testid="invoice-card" aria-label={invoice.number}>
          <InvoiceCardContent invoice={invoice} today={today} texts={TEXTS}>
            <Typography variant="subtitle2" component="h3">
              {invoice.number}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {period(invoice)}
            </Typography>
          </InvoiceCardContent>
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

/** No invoices: none issued yet for the account, or none with the chosen status (then a way back to all). */
export function InvoicesEmpty({ dealer, status, onShowAll }: { dealer: string; status?: string; onShowAll: () => void }) {
  const translate = useTranslate();
  return (
    <NoInvoices testId="billing-empty" title={translate('billing.empty.title')} text={translate('billing.empty.text', { dealer })}>
      {status ? (
        <>
          <Typography variant="body1" sx={{ mb: 2 }}>
            {translate('billing.empty.filtered', { status })}
          </Typography>
          <Button variant="outlined" onClick={onShowAll}>
            {translate('billing.empty.showAll')}
          </Button>
        </>
      ) : undefined}
    </NoInvoices>
  );
}
