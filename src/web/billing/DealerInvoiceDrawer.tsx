import { useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ClearIcon from '@mui/icons-material/Clear';
import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import SearchIcon from '@mui/icons-material/Search';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DealerInvoiceAccount, DealerInvoiceDetail } from '../../../schemas/dealerInvoices.js';
import { formatDay, formatMoney } from '../../common/billing.js';
import { matchAccounts } from '../../common/dealerBilling.js';
import { useBillingFiles, useDealerInvoice } from './billingQueries.js';
import { monthTitle } from './dealerBillingRules.js';
import { DealerExportButtons } from './DealerExportButtons.js';
import { StatusChip } from './invoiceParts.js';
import { useDownload } from './useDownload.js';
import { LoadFailed } from '../resources/LoadFailed.js';

/** Accounts among the blocks (the group's own lines are not an account). */
const accountsIn = (accounts: readonly DealerInvoiceAccount[]) => accounts.filter((a) => a.siteNum !== null).length;

/** A label over a value (the invoice's facts). */
function Fact({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant={strong ? 'subtitle1' : 'body2'} sx={{ fontWeight: strong ? 700 : 500 }}>
        {value}
      </Typography>
    </Box>
  );
}

/** One account: its number and name with its total, then each service (quantity × unit, amount). */
function AccountBlock({ account, money }: { account: DealerInvoiceAccount; money: (cents: number) => string }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const name = account.siteNum === null ? translate('billing.dealer.groupLines') : account.siteName;
  return (
    <Box component="li" sx={{ py: 1.25, px: 2, borderBottom: 1, borderColor: 'divider' }} data-testid="dealer-account">
      <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 1, alignItems: 'baseline' }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="body2" component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {account.siteNum !== null && (
              <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500, mr: 1, fontVariantNumeric: 'tabular-nums' }}>
                {account.siteNum}
              </Box>
            )}
            {name}
          </Typography>
        </Box>
        <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
          {money(account.totalCents)}
        </Typography>
      </Stack>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}>
        {account.lines.map((line) => (
          <Stack component="li" key={line.service} direction="row" sx={{ justifyContent: 'space-between', gap: 1 }}>
            <Typography variant="caption" color="text.secondary" sx={{ minWidth: 0 }}>
              {translate(`billing.dealer.services.${line.service}`)}
              {line.quantity !== 1 &&
                ` · ${translate('billing.dealer.drawer.lineText', {
                  quantity: new Intl.NumberFormat(locale).format(line.quantity),
                  unit: money(line.unitCents),
                })}`}
            </Typography>
            <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
              {money(line.amountCents)}
            </Typography>
          </Stack>
        ))}
      </Box>
    </Box>
  );
}

/** The invoice's content once loaded: facts, actions, the month by service, the accounts (searchable). */
function InvoiceDetail({ invoice }: { invoice: DealerInvoiceDetail }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const { busy, run } = useDownload();
  const files = useBillingFiles();
  const money = (cents: number) => formatMoney(cents, invoice.currency, locale);
  const serviceLabel = (service: string) => translate(`billing.dealer.services.${service}`);
  const shown = matchAccounts(invoice.accounts, deferred, serviceLabel, translate('billing.dealer.groupLines'));
  const month = monthTitle(invoice.month, locale);
  return (
    <>
      <Box sx={{ px: 2, pb: 2 }}>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, auto)' }, gap: 1.5, mb: 2 }}>
          <Fact label={translate('billing.dealer.columns.total')} value={money(invoice.totalCents)} strong />
          <Fact label={translate('billing.dealer.columns.balance')} value={money(invoice.balanceCents)} strong />
          <Fact label={translate('billing.dealer.columns.dueOn')} value={formatDay(invoice.dueOn, locale)} />
          <Fact label={translate('billing.dealer.columns.accounts')} value={new Intl.NumberFormat(locale).format(invoice.accountCount)} />
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate('billing.dealer.drawer.from', { station: invoice.issuer.name })}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button
            variant="contained"
            disableElevation
            size="small"
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <DownloadIcon />}
            disabled={!!busy}
            onClick={() =>
              void run('pdf', () => files.dealerInvoicePdf(invoice), {
                message: 'billing.dealer.download.failed',
                args: { number: invoice.number },
              })
            }
            aria-label={translate('billing.dealer.download.named', { month })}
          >
            {translate('billing.dealer.download.label')}
          </Button>
          <DealerExportButtons invoiceId={invoice.id} label={translate('billing.dealer.drawer.exportThis')} />
        </Stack>
      </Box>
      <Divider />
      <Box component="section" aria-labelledby="dealer-by-service" sx={{ px: 2, py: 2 }}>
        <Typography id="dealer-by-service" variant="overline" color="text.secondary" component="h3">
          {translate('billing.dealer.drawer.byService')}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {invoice.services.map((s) => (
            <Stack component="li" key={s.service} direction="row" sx={{ justifyContent: 'space-between', py: 0.25, gap: 1 }}>
              <Typography variant="body2">{serviceLabel(s.service)}</Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'nowrap', fontWeight: 500 }}>
                {money(s.amountCents)}
              </Typography>
            </Stack>
          ))}
        </Box>
      </Box>
      <Divider />
      <Box component="section" aria-labelledby="dealer-by-account" sx={{ pt: 2 }}>
        <Box sx={{ px: 2 }}>
          <Typography id="dealer-by-account" variant="overline" color="text.secondary" component="h3">
            {translate('billing.dealer.drawer.byAccount')}
          </Typography>
          <TextField
            size="small"
            fullWidth
            label={translate('billing.dealer.drawer.search')}
            placeholder={translate('billing.dealer.drawer.searchHint')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: search ? (
                  <InputAdornment position="end">
                    <IconButton size="small" aria-label={translate('billing.dealer.drawer.clearSearch')} onClick={() => setSearch('')}>
                      <ClearIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ) : undefined,
              },
            }}
            sx={{ mt: 0.5 }}
          />
          <Typography variant="caption" color="text.secondary" component="p" aria-live="polite" sx={{ mt: 0.75, mb: 0.5 }}>
            {translate('billing.dealer.drawer.matches', { shown: accountsIn(shown), total: accountsIn(invoice.accounts) })}
          </Typography>
        </Box>
        {shown.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
            {translate('billing.dealer.drawer.noMatch', { search: deferred.trim() })}
          </Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-labelledby="dealer-by-account">
            {shown.map((account) => (
              <AccountBlock key={account.siteNum ?? 'group'} account={account} money={money} />
            ))}
          </Box>
        )}
      </Box>
    </>
  );
}

/**
 * One month's invoice in a drawer (right on desktop, full width on phones): its facts, PDF and
 * export of this month, the month by service, and what each account was billed for, searchable by
 * name, number or service.
 */
export function DealerInvoiceDrawer({
  siteGroupNum,
  invoiceId,
  phone,
  onClose,
}: {
  siteGroupNum: number | undefined;
  invoiceId: number | undefined;
  phone: boolean;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const detail = useDealerInvoice(siteGroupNum, invoiceId);
  const invoice = detail.data;
  return (
    <Drawer
      anchor="right"
      open={invoiceId !== undefined}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: phone ? '100%' : 520, maxWidth: '100%' }, 'aria-labelledby': 'dealer-invoice-title' } }}
    >
      <Paper
        square
        elevation={0}
        sx={{ position: 'sticky', top: 0, zIndex: 1, px: 2, pt: 2, pb: 1.5, borderBottom: 0, bgcolor: 'background.paper' }}
      >
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography id="dealer-invoice-title" variant="h6" component="h2">
              {invoice ? monthTitle(invoice.month, locale) : <Skeleton width={180} />}
            </Typography>
            {invoice && (
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 0.5 }}>
                <Typography variant="body2" color="text.secondary">
                  {invoice.number}
                </Typography>
                <StatusChip invoice={invoice} />
              </Stack>
            )}
          </Box>
          <IconButton onClick={onClose} aria-label={translate('billing.dealer.drawer.close')} edge="end">
            <CloseIcon />
          </IconButton>
        </Stack>
      </Paper>
      {detail.isError ? (
        // The drawer's own message, whatever the server answered.
        <LoadFailed
          error={undefined}
          messageKey="billing.dealer.drawer.loadFailed"
          retryKey="billing.dealer.page.retry"
          onRetry={detail.refetch}
          sx={{ m: 2 }}
        />
      ) : invoice ? (
        <InvoiceDetail key={invoice.id} invoice={invoice} />
      ) : (
        <Box sx={{ px: 2 }} aria-busy="true">
          <Skeleton height={56} />
          <Skeleton height={32} width="60%" />
          {[0, 1, 2, 3, 4, 5].map((i) => (
            <Skeleton key={i} height={44} />
          ))}
        </Box>
      )}
    </Drawer>
  );
}
