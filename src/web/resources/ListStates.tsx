import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

/**
 * A list's designed empty state and its loading skeleton (the audit log, support's contact
 * requests and the dealer's change requests share them).
 */
export function EmptyState({
  icon,
  title,
  text,
  action,
  testId,
}: {
  icon: ReactNode;
  title: string;
  text: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }} data-testid={testId}>
      <Box sx={{ '& svg': { fontSize: 56, color: 'text.secondary' } }} aria-hidden>
        {icon}
      </Box>
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {title}
      </Typography>
      <Typography role="status" color="text.secondary" sx={{ mt: 0.5, mb: 2, maxWidth: 520, mx: 'auto' }}>
        {text}
      </Typography>
      {action}
    </Box>
  );
}

/** Rows of grey bars while a list loads; announced with its label. */
export function ListSkeleton({ label, columns = 4, rows = 6 }: { label: string; columns?: number; rows?: number }) {
  return (
    <Box role="status" aria-label={label} data-testid="list-skeleton" sx={{ p: 2 }}>
      {Array.from({ length: rows }, (_, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
          {Array.from({ length: columns }, (_, j) => (
            <Skeleton key={j} variant="text" sx={{ flex: j === 1 ? 3 : 1 }} />
          ))}
        </Box>
      ))}
    </Box>
  );
}
