import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useSearchParams } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import { utcDay } from '../../common/billing.js';
import { useBillingAccounts, useBillingSummary, useInvoices } from './billingQueries.js';
import { BillingSummaryCards } from './BillingSummaryCards.js';
import { InvoiceList, InvoicesEmpty } from './InvoiceList.js';
import { InvoiceListSkeleton, ListHeading, ShowMore } from './invoiceParts.js';
import { chosenAccount, INVOICE_PAGE_SIZE, PHONE_MAX_WIDTH, STATUS_CHOICES, statusChoiceOf } from './billingRules.js';
import { LoadFailed } from '../resources/LoadFailed.js';

/**
 * /billing for customers (SPEC §2, §6 billingRead): a linked account's balance, whom to
 * pay (the dealer: the portal takes no payments), and its invoices with their status and PDF. The
 * account (`?sn=`, default: the default link) and the status filter (`?status=`) live in the URL.
 */
export function BillingPage() {
  const translate = useTranslate();
  const phone = useMediaQuery(`(max-width:${PHONE_MAX_WIDTH}px)`);
  const [params, setParams] = useSearchParams();
  const [limit, setLimit] = useState(INVOICE_PAGE_SIZE);
  const accounts = useBillingAccounts();
  const links = accounts.data ?? [];
  const siteNum = chosenAccount(links, params.get('sn'));
  const status = statusChoiceOf(params.get('status'));
  const summary = useBillingSummary(siteNum);
  const invoices = useInvoices(siteNum, status === 'all' ? undefined : status, limit);
  const today = utcDay(new Date());
  const site = links.find((l) => l.siteNum === siteNum);

  const setParam = (name: string, value: string | undefined) => {
    setLimit(INVOICE_PAGE_SIZE);
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === undefined) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );
  };

  const failed = accounts.isError || summary.isError || invoices.isError;
  if (failed) {
    // The screen's own message, whatever the server answered.
    return (
      <LoadFailed
        error={undefined}
        messageKey="billing.page.loadFailed"
        retryKey="billing.page.retry"
        onRetry={() => Promise.all([accounts.refetch(), summary.refetch(), invoices.refetch()])}
      />
    );
  }
  if (accounts.isSuccess && links.length === 0) {
    return <Alert severity="info">{translate('billing.page.noAccounts')}</Alert>;
  }

  const rows = invoices.data;
  const total = invoices.total ?? 0;
  const listLabel = translate('billing.page.invoicesOf', { site: site?.siteName ?? '' });
  return (
    <Box sx={{ maxWidth: 1200 }}>
      {links.length > 1 && (
        <TextField
          select
          size="small"
          label={translate('billing.page.account')}
          value={siteNum ?? ''}
          onChange={(e) => setParam('sn', e.target.value)}
          sx={{ mb: 2, minWidth: { xs: '100%', sm: 320 } }}
        >
          {links.map((l) => (
            <MenuItem key={l.siteNum} value={l.siteNum}>
              {`${l.siteName} · ${l.siteNum}`}
            </MenuItem>
          ))}
        </TextField>
      )}
      <BillingSummaryCards summary={summary.data} />
      <ListHeading title={translate('billing.page.invoices')}>
        <Stack role="group" aria-label={translate('billing.page.status')} direction="row" useFlexGap spacing={1} sx={{ flexWrap: 'wrap' }}>
          {STATUS_CHOICES.map((choice) => {
            const selected = choice === status;
            return (
              <Chip
                key={choice}
                label={translate(choice === 'all' ? 'billing.page.allStatuses' : `billing.statuses.${choice}`)}
                color={selected ? 'primary' : 'default'}
                variant={selected ? 'filled' : 'outlined'}
                aria-pressed={selected}
                onClick={() => setParam('status', choice === 'all' ? undefined : choice)}
              />
            );
          })}
        </Stack>
      </ListHeading>
      {!rows ? (
        <InvoiceListSkeleton phone={phone} cardHeight={150} rowHeight={44} />
      ) : rows.length === 0 ? (
        <InvoicesEmpty
          dealer={summary.data?.payee.name ?? ''}
          status={status === 'all' ? undefined : translate(`billing.statuses.${status}`)}
          onShowAll={() => setParam('status', undefined)}
        />
      ) : (
        <>
          <InvoiceList invoices={rows} today={today} phone={phone} label={listLabel} />
          <ShowMore
            shown={translate('billing.page.shown', { shown: rows.length, total })}
            more={rows.length < total}
            loading={invoices.isFetching}
            moreLabel={translate('billing.page.showMore')}
            onMore={() => setLimit((n) => n + INVOICE_PAGE_SIZE)}
          />
        </>
      )}
    </Box>
  );
}
