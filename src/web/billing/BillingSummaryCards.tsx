import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import EmailIcon from '@mui/icons-material/Email';
import PhoneIcon from '@mui/icons-material/Phone';
import StorefrontIcon from '@mui/icons-material/Storefront';
import { useLocaleState, useTranslate } from 'react-admin';
import type { BillingSummary } from '../../../schemas/invoices.js';
import { formatDay, formatMoney } from '../../common/billing.js';
import { formatPhone } from '../../common/phoneFormat.js';

const cardSx = { flex: '1 1 300px', minWidth: 0 } as const;

/** A label and its value, one fact of the balance card. */
function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="p">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: 500 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** The balance: what is owed, what is past due, what falls due next, the last payment. */
function BalanceCard({ summary }: { summary: BillingSummary }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const money = (cents: number) => formatMoney(cents, summary.currency, locale);
  const owes = summary.balanceCents > 0;
  return (
    <Card component="section" aria-labelledby="billing-balance" variant="outlined" sx={cardSx}>
      <CardContent>
        <Typography id="billing-balance" variant="overline" color="text.secondary" component="h2">
          {translate('billing.summary.balance')}
        </Typography>
        <Typography variant="h4" component="p" sx={{ fontWeight: 600, mb: 1 }} data-testid="billing-balance">
          {money(summary.balanceCents)}
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
          {summary.overdueCents > 0 && (
            <Chip color="error" size="small" label={translate('billing.summary.overdue', { amount: money(summary.overdueCents) })} />
          )}
          {owes ? (
            <Chip
              size="small"
              variant="outlined"
              label={translate('billing.summary.openCount', { smart_count: summary.openCount + summary.overdueCount })}
            />
          ) : (
            <Chip size="small" color="success" icon={<CheckCircleIcon />} label={translate('billing.summary.allPaid')} />
          )}
        </Stack>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 2 }}>
          {summary.nextDue && (
            <Fact
              label={translate('billing.summary.nextDue')}
              value={translate('billing.summary.nextDueText', {
                amount: money(summary.nextDue.balanceCents),
                date: formatDay(summary.nextDue.dueOn, locale),
              })}
            />
          )}
          <Fact
            label={translate('billing.summary.lastPayment')}
            value={
              summary.lastPayment
                ? translate('billing.summary.lastPaymentText', {
                    amount: money(summary.lastPayment.amountCents),
                    date: formatDay(summary.lastPayment.paidOn, locale),
                  })
                : translate('billing.summary.noPayment')
            }
          />
        </Box>
      </CardContent>
    </Card>
  );
}

/** Whom to pay: the dealer (payment is out of the portal's scope), and how to reach them. */
function PayeeCard({ summary }: { summary: BillingSummary }) {
  const translate = useTranslate();
  const { payee } = summary;
  return (
    <Card component="section" aria-labelledby="billing-payee" variant="outlined" sx={cardSx} data-testid="billing-payee">
      <CardContent>
        <Typography id="billing-payee" variant="overline" color="text.secondary" component="h2">
          {translate('billing.payee.title')}
        </Typography>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <StorefrontIcon color="primary" aria-hidden />
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="p" sx={{ lineHeight: 1.3 }}>
              {payee.name}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {translate('billing.payee.dealerNumber', { number: payee.dealerNumber })}
            </Typography>
          </Box>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {translate('billing.payee.text', { dealer: payee.name })}
        </Typography>
        <Stack spacing={0.75}>
          {payee.phone && (
            <Link href={`tel:${payee.phone.split(';')[0]}`} underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
              <PhoneIcon fontSize="small" aria-hidden />
              {translate('billing.payee.phone', { dealer: payee.name, phone: formatPhone(payee.phone) })}
            </Link>
          )}
          {payee.email && (
            <Link
              href={`mailto:${payee.email}`}
              underline="hover"
              sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, overflowWrap: 'anywhere' }}
            >
              <EmailIcon fontSize="small" aria-hidden />
              {translate('billing.payee.email', { dealer: payee.name, email: payee.email })}
            </Link>
          )}
          {!payee.phone && !payee.email && (
            <Typography variant="body2" color="text.secondary">
              {translate('billing.payee.noContact')}
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/** The balance and whom to pay, side by side on wide screens, stacked on phones. */
export function BillingSummaryCards({ summary }: { summary: BillingSummary | undefined }) {
  if (!summary) {
    return (
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3 }} aria-busy="true">
        {[0, 1].map((i) => (
          <Card key={i} variant="outlined" sx={cardSx}>
            <CardContent>
              <Skeleton width="40%" />
              <Skeleton variant="text" sx={{ fontSize: '2.2rem' }} width="55%" />
              <Skeleton width="80%" />
              <Skeleton width="70%" />
            </CardContent>
          </Card>
        ))}
      </Box>
    );
  }
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 3 }}>
      <BalanceCard summary={summary} />
      <PayeeCard summary={summary} />
    </Box>
  );
}
