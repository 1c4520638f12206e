import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DealerInvoice } from '../../../schemas/dealerInvoices.js';
import { useBillingFiles } from './billingQueries.js';
import { monthTitle } from './dealerBillingRules.js';
import { InvoiceCardContent, InvoiceCells, InvoiceTableFrame, type InvoiceTexts } from './invoiceParts.js';
import { useDownload } from './useDownload.js';

/** The shared parts' locale keys on the station's invoices (billing.dealer.*: its own columns; the station cancels, not the dealer). */
const TEXTS: InvoiceTexts = {
  dueOn: 'billing.dealer.columns.dueOn',
  total: 'billing.dealer.columns.total',
  balance: 'billing.dealer.columns.balance',
  status: 'billing.dealer.columns.status',
  actions: 'billing.dealer.columns.actions',
  paidOn: 'billing.dealer.invoice.paidOn',
  voided: 'billing.dealer.invoice.voided',
};

/** The invoice's PDF: an icon in the table, a button on a card. */
function PdfButton({ invoice, compact }: { invoice: DealerInvoice; compact: boolean }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const { busy, run } = useDownload();
  const files = useBillingFiles();
  const label = translate('billing.dealer.download.named', { month: monthTitle(invoice.month, locale) });
  const download = () =>
    void run('pdf', () => files.dealerInvoicePdf(invoice), { message: 'billing.dealer.download.failed', args: { number: invoice.number } });
  const icon = busy ? <CircularProgress size={18} color="inherit" /> : <DownloadIcon />;
  if (compact)
    return (
      <Tooltip title={label}>
        <span>
          <IconButton aria-label={label} onClick={download} disabled={!!busy} data-testid="dealer-invoice-pdf">
            {icon}
          </IconButton>
        </span>
      </Tooltip>
    );
  return (
    <Button variant="outlined" startIcon={icon} onClick={download} disabled={!!busy} aria-label={label} sx={{ flex: 1 }}>
      {translate('billing.dealer.download.label')}
    </Button>
  );
}

interface ListProps {
  invoices: DealerInvoice[];
  today: string;
  label: string;
  onOpen: (invoice: DealerInvoice) => void;
}

/** Desktop: a table, one row per month; the row (or 'Details') opens the month's accounts. */
function InvoiceTable({ invoices, today, label, onOpen }: ListProps) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  return (
    <InvoiceTableFrame
      label={label}
      texts={TEXTS}
      head={<TableCell>{translate('billing.dealer.columns.month')}</TableCell>}
      sx={{ '& td, & th': { px: 1.25 }, '& td:first-of-type, & th:first-of-type': { pl: 2 } }}
    >
      {invoices.map((invoice) => (
        <TableRow key={invoice.id} hover data-testid="dealer-invoice-row" onClick={() => onOpen(invoice)} sx={{ cursor: 'pointer' }}>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {monthTitle(invoice.month, locale)}
            </Typography>
            <Typography variant="caption" component="p" color="text.secondary">
              {invoice.number} · {translate('billing.dealer.invoice.accounts', { smart_count: invoice.accountCount })}
            </Typography>
          </TableCell>
          <InvoiceCells invoice={invoice} today={today} texts={TEXTS} strongTotal />
          <TableCell sx={{ textAlign: 'right', whiteSpace: 'nowrap', py: 0, px: 1 }} onClick={(e) => e.stopPropagation()}>
            <Tooltip title={translate('billing.dealer.invoice.detailsOf', { month: monthTitle(invoice.month, locale) })}>
              <IconButton
                onClick={() => onOpen(invoice)}
                aria-label={translate('billing.dealer.invoice.detailsOf', { month: monthTitle(invoice.month, locale) })}
              >
                <ListAltIcon />
              </IconButton>
            </Tooltip>
            <PdfButton invoice={invoice} compact />
          </TableCell>
        </TableRow>
      ))}
    </InvoiceTableFrame>
  );
}

/** Phones: a card per month (tap it for the accounts), its total large, 'PDF' across the card. */
function InvoiceCards({ invoices, today, label, onOpen }: ListProps) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  return (
    <Stack component="ul" aria-label={label} spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {invoices.map((invoice) => {
        const month = monthTitle(invoice.month, locale);
        return (
          <Card component="li" key={invoice.id} variant="outlined" data-testid="dealer-invoice-card">
            <CardActionArea onClick={() => onOpen(invoice)} aria-label={translate('billing.dealer.invoice.detailsOf', { month })}>
              <InvoiceCardContent invoice={invoice} today={today} texts={TEXTS}>
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                  {month}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {invoice.number} · {translate('billing.dealer.invoice.accounts', { smart_count: invoice.accountCount })}
                </Typography>
              </InvoiceCardContent>
            </CardActionArea>
            <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1 }}>
              <Button variant="contained" disableElevation startIcon={<ListAltIcon />} onClick={() => onOpen(invoice)} sx={{ flex: 1 }}>
                {translate('billing.dealer.invoice.details')}
              </Button>
              <PdfButton invoice={invoice} compact={false} />
            </CardActions>
          </Card>
        );
      })}
    </Stack>
  );
}

/** The months as a table (desktop) or cards (phones). */
export function DealerInvoiceList(props: ListProps & { phone: boolean }) {
  return props.phone ? <InvoiceCards {...props} /> : <InvoiceTable {...props} />;
}
