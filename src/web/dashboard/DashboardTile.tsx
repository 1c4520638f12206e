import type { ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/** A titled card of the dashboard (a figure or a chart); a skeleton while its figures load. */
export function DashboardTile({ title, children, loading = false }: { title: string; children: ReactNode; loading?: boolean }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="subtitle2" component="h2" color="text.secondary" gutterBottom>
          {title}
        </Typography>
        {loading ? <Skeleton variant="rounded" height={96} /> : children}
      </CardContent>
    </Card>
  );
}
