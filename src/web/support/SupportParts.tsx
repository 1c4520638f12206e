import type { ReactNode } from 'react';
import { useId } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { SupportUserStatus } from '../../../schemas/support.js';
import { STATUS_FILL } from './supportRules.js';

export function StatusChip({ status }: { status: SupportUserStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      sx={{ bgcolor: STATUS_FILL[status], color: '#fff', fontWeight: 600 }}
      label={translate(`support.status.${status}`)}
    />
  );
}

/** 'Dealer', 'Customer' or 'Support staff'. */
export function ApplicationName({ applicationNum }: { applicationNum: number }) {
  const translate = useTranslate();
  return <>{translate(`support.application.${applicationNum}`)}</>;
}

/** A dealer as 'Northwind Security · 9993', or nothing. */
export function dealerLine(user: { dealerName: string | null; dealerNumber: string | null }): string {
  return [user.dealerName, user.dealerNumber].filter(Boolean).join(' · ');
}

/** One card of the user page: a heading (h2) that names the region, then its content. */
export function Section({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {children}
        {action}
      </CardContent>
    </Card>
  );
}

/** A muted line for an empty section. */
export function Empty({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body2" color="text.secondary">
      {children}
    </Typography>
  );
}
