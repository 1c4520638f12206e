import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DealerInvoice } from '../../../schemas/dealerInvoices.js';
import { formatDay, formatMoney } from '../../common/billing.js';
import { dueHint } from './billingRules.js';
import { dealerBillingApi } from './dealerBillingApi.js';
import { monthTitle } from './dealerBillingRules.js';
import { StatusChip } from './InvoiceList.js';
import { useDownload } from './useDownload.js';

/** Under the due day: days left or late, the day it was paid, or that the station cancelled it. */
function DueNote({ invoice, today }: { invoice: DealerInvoice; today: string }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const hint = dueHint(invoice, today);
  let text: string | undefined;
  if (hint) text = translate(hint.key, hint.args);
  else if (invoice.status === 'paid' && invoice.paidOn)
    text = translate('billing.dealer.invoice.paidOn', { date: formatDay(invoice.paidOn, locale) });
  else if (invoice.status === 'void') text = translate('billing.dealer.invoice.voided');
  if (!text) return null;
  const late = invoice.status === 'overdue';
  return (
    <Typography variant="caption" component="p" color={late ? 'error' : 'text.secondary'} sx={{ fontWeight: late ? 600 : undefined }}>
      {text}
    </Typography>
  );
}

/** The invoice's PDF: an icon in the table, a button on a card. */
function PdfButton({ invoice, compact }: { invoice: DealerInvoice; compact: boolean }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const { busy, run } = useDownload();
  const label = translate('billing.dealer.download.named', { month: monthTitle(invoice.month, locale) });
  const download = () =>
    void run('pdf', () => dealerBillingApi.pdf(invoice), { message: 'billing.dealer.download.failed', args: { number: invoice.number } });
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
  const money = (invoice: DealerInvoice, cents: number) => formatMoney(cents, invoice.currency, locale);
  const numeric = { textAlign: 'right', whiteSpace: 'nowrap' } as const;
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small" aria-label={label} sx={{ '& td, & th': { px: 1.25 }, '& td:first-of-type, & th:first-of-type': { pl: 2 } }}>
        <TableHead>
          <TableRow>
            <TableCell>{translate('billing.dealer.columns.month')}</TableCell>
            <TableCell>{translate('billing.dealer.columns.dueOn')}</TableCell>
            <TableCell sx={numeric}>{translate('billing.dealer.columns.total')}</TableCell>
            <TableCell sx={numeric}>{translate('billing.dealer.columns.balance')}</TableCell>
            <TableCell>{translate('billing.dealer.columns.status')}</TableCell>
            <TableCell sx={{ textAlign: 'right' }}>{translate('billing.dealer.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
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
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {formatDay(invoice.dueOn, locale)}
                <DueNote invoice={invoice} today={today} />
              </TableCell>
              <TableCell sx={{ ...numeric, fontWeight: 500 }}>{money(invoice, invoice.totalCents)}</TableCell>
              <TableCell sx={{ ...numeric, fontWeight: invoice.balanceCents > 0 ? 600 : undefined }}>
                {money(invoice, invoice.balanceCents)}
              </TableCell>
              <TableCell>
                <StatusChip invoice={invoice} />
              </TableCell>
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
        </TableBody>
      </Table>
    </TableContainer>
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
              <CardContent sx={{ pb: 1 }}>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
                      {month}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {invoice.number} · {translate('billing.dealer.invoice.accounts', { smart_count: invoice.accountCount })}
                    </Typography>
                  </Box>
                  <StatusChip invoice={invoice} />
                </Stack>
                <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-end', mt: 1.5, gap: 1 }}>
                  <Box>
                    <Typography variant="caption" color="text.secondary" component="p">
                      {translate('billing.dealer.columns.dueOn')} · {formatDay(invoice.dueOn, locale)}
                    </Typography>
                    <DueNote invoice={invoice} today={today} />
                  </Box>
                  <Box sx={{ textAlign: 'right' }}>
                    <Typography variant="caption" color="text.secondary" component="p">
                      {translate(invoice.balanceCents > 0 ? 'billing.dealer.columns.balance' : 'billing.dealer.columns.total')}
                    </Typography>
                    <Typography variant="h6" component="p" sx={{ lineHeight: 1.2 }}>
                      {formatMoney(invoice.balanceCents > 0 ? invoice.balanceCents : invoice.totalCents, invoice.currency, locale)}
                    </Typography>
                  </Box>
                </Stack>
              </CardContent>
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
