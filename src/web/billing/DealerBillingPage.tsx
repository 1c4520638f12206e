import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { useSearchParams } from 'react-router-dom';
import { useLocaleState, useTranslate } from 'react-admin';
import type { DealerInvoice } from '../../../schemas/dealerInvoices.js';
import { formatMoney, utcDay } from '../../common/billing.js';
import { PHONE_MAX_WIDTH } from './billingRules.js';
import { useDealerInvoices } from './billingQueries.js';
import { DEALER_PAGE_SIZE, dealerSummary, monthTitle, openInvoiceOf } from './dealerBillingRules.js';
import { DealerExportButtons } from './DealerExportButtons.js';
import { DealerInvoiceDrawer } from './DealerInvoiceDrawer.js';
import { DealerInvoiceList } from './DealerInvoiceList.js';
import { InvoiceListSkeleton, ListHeading, NoInvoices, ShowMore } from './invoiceParts.js';
import { LoadFailed } from '../resources/LoadFailed.js';

/** Three across on desktop; on phones the balance across, the other two side by side. */
const cardSx = {
  flex: { xs: '1 1 140px', sm: '1 1 220px' },
  minWidth: 0,
  '&:first-of-type': { flexBasis: { xs: '100%', sm: '220px' } },
} as const;

/** One card of the summary: a caption, a large value, a line under it. */
function SummaryCard({ id, title, value, children }: { id: string; title: string; value: string; children: React.ReactNode }) {
  return (
    <Card component="section" aria-labelledby={id} variant="outlined" sx={cardSx}>
      <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 2 } } }}>
        <Typography id={id} variant="overline" color="text.secondary" component="h2">
          {title}
        </Typography>
        <Typography
          variant="h5"
          component="p"
          sx={{ fontWeight: 600, mb: 0.75, fontSize: { xs: '1.15rem', sm: '1.5rem' } }}
          data-testid={id}
        >
          {value}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** Balance due (and past due), the latest month, the average month: from the months loaded. */
function DealerSummaryCards({ invoices }: { invoices: DealerInvoice[] | undefined }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  if (!invoices)
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3 }} aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Card key={i} variant="outlined" sx={cardSx}>
            <CardContent>
              <Skeleton width="45%" />
              <Skeleton variant="text" sx={{ fontSize: '1.8rem' }} width="60%" />
              <Skeleton width="70%" />
            </CardContent>
          </Card>
        ))}
      </Box>
    );
  const summary = dealerSummary(invoices.slice(0, DEALER_PAGE_SIZE));
  const money = (cents: number) => formatMoney(cents, summary.currency, locale);
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 2 }, mb: 3 }}>
      <SummaryCard id="dealer-balance" title={translate('billing.dealer.summary.balance')} value={money(summary.balanceCents)}>
        {summary.overdueCents > 0 ? (
          <Chip color="error" size="small" label={translate('billing.dealer.summary.overdue', { amount: money(summary.overdueCents) })} />
        ) : summary.balanceCents === 0 ? (
          <Chip size="small" color="success" icon={<CheckCircleIcon />} label={translate('billing.dealer.summary.allPaid')} />
        ) : (
          <Chip size="small" variant="outlined" label={translate('billing.dealer.summary.noneOverdue')} />
        )}
      </SummaryCard>
      {summary.latest && (
        <SummaryCard id="dealer-latest" title={translate('billing.dealer.summary.latest')} value={money(summary.latest.totalCents)}>
          <Typography variant="body2" color="text.secondary">
            {`${monthTitle(summary.latest.month, locale)} · ${translate('billing.dealer.summary.latestText', { smart_count: summary.latest.accountCount })}`}
          </Typography>
        </SummaryCard>
      )}
      <SummaryCard
        id="dealer-average"
        title={translate('billing.dealer.summary.year', { smart_count: summary.months })}
        value={money(invoices.slice(0, DEALER_PAGE_SIZE).reduce((sum, i) => sum + (i.status === 'void' ? 0 : i.totalCents), 0))}
      >
        <Typography variant="body2" color="text.secondary">
          {translate('billing.dealer.summary.yearText', { amount: money(summary.averageCents) })}
        </Typography>
      </SummaryCard>
    </Box>
  );
}

/**
 * /billing for dealers (SPEC §2, §6 billingRead): what the monitoring station bills the
 * selected account group each month: a summary, the months (table on desktop, cards on phones)
 * with their totals, a drawer with what each account was billed for (`?invoice=`), the PDF of
 * each, and the lines as CSV or Excel.
 */
export function DealerBillingPage({ group }: { group: { siteGroupNum: number; siteGroupName: string } | null | undefined }) {
  const translate = useTranslate();
  const phone = useMediaQuery(`(max-width:${PHONE_MAX_WIDTH}px)`);
  const [params, setParams] = useSearchParams();
  const [limit, setLimit] = useState(DEALER_PAGE_SIZE);
  const invoices = useDealerInvoices(group?.siteGroupNum, limit);
  const openId = openInvoiceOf(params.get('invoice'));
  const today = utcDay(new Date());

  const setOpen = (id: number | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === undefined) next.delete('invoice');
        else next.set('invoice', String(id));
        return next;
      },
      { replace: id === undefined },
    );

  if (!group) return <Alert severity="info">{translate('billing.dealer.page.noGroup')}</Alert>;
  // The screen's own message, whatever the server answered.
  if (invoices.isError)
    return (
      <LoadFailed
        error={undefined}
        messageKey="billing.dealer.page.loadFailed"
        retryKey="billing.dealer.page.retry"
        onRetry={invoices.refetch}
      />
    );

  const rows = invoices.data;
  const total = invoices.total ?? 0;
  const listLabel = translate('billing.dealer.page.listLabel', { group: group.siteGroupName });
  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Typography variant="body1" color="text.secondary" sx={{ mb: 2 }}>
        {translate('billing.dealer.page.intro', { group: group.siteGroupName })}
      </Typography>
      <DealerSummaryCards invoices={rows} />
      <ListHeading title={translate('billing.dealer.page.months')}>
        {!!rows?.length && <DealerExportButtons label={translate('billing.dealer.page.exportAll')} fullWidth={phone} />}
      </ListHeading>
      {!rows ? (
        <InvoiceListSkeleton phone={phone} cardHeight={160} rowHeight={48} />
      ) : rows.length === 0 ? (
        <NoInvoices
          testId="dealer-billing-empty"
          title={translate('billing.dealer.empty.title')}
          text={translate('billing.dealer.empty.text', { group: group.siteGroupName })}
        />
      ) : (
        <>
          <DealerInvoiceList invoices={rows} today={today} phone={phone} label={listLabel} onOpen={(invoice) => setOpen(invoice.id)} />
          <ShowMore
            shown={translate('billing.dealer.page.shown', { shown: rows.length, total })}
            more={rows.length < total}
            loading={invoices.isFetching}
            moreLabel={translate('billing.dealer.page.showMore')}
            onMore={() => setLimit((n) => n + DEALER_PAGE_SIZE)}
          />
        </>
      )}
      <DealerInvoiceDrawer siteGroupNum={group.siteGroupNum} invoiceId={openId} phone={phone} onClose={() => setOpen(undefined)} />
    </Box>
  );
}
