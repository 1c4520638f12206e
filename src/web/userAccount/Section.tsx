import { useId, type ReactNode } from 'react';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** One card of the account page: a heading (h2) that names the region, an optional intro, the content, and its action below. */
export function Section({ title, intro, action, children }: { title: string; intro?: string; action?: ReactNode; children: ReactNode }) {
  const id = useId();
  return (
    <Card component="section" aria-labelledby={id} variant="outlined">
      <CardContent>
        <Typography id={id} variant="h6" component="h2" sx={{ mb: 1 }}>
          {title}
        </Typography>
        {intro && (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        )}
        {children}
        {action && (
          <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 2 }}>
            {action}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}
