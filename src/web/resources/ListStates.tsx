import type { ReactNode } from 'react';
import DownloadIcon from '@mui/icons-material/Download';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useCanAccess, useListContext, useTranslate } from 'react-admin';

/**
 * A list's designed empty state, its loading skeleton and its export button (the audit log, support's
 * contact requests, the dealer's change requests, the report inbox and the answering service share them).
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

/** Where a list's empty-state texts sit under its namespace (the clear button's is `<ns>.clearFilters` in both). */
const EMPTY_KEYS = {
  /** `<ns>.emptyTitle`, `<ns>.empty`, `<ns>.emptyFilteredTitle`, `<ns>.emptyFiltered` */
  flat: { title: 'emptyTitle', text: 'empty', filteredTitle: 'emptyFilteredTitle', filteredText: 'emptyFiltered' },
  /** `<ns>.empty.title`, `<ns>.empty.text`, `<ns>.empty.filteredTitle`, `<ns>.empty.filtered` */
  nested: { title: 'empty.title', text: 'empty.text', filteredTitle: 'empty.filteredTitle', filteredText: 'empty.filtered' },
};

/**
 * A list's empty state inside its ListContext. With no filter it explains the list (and may offer a
 * way to fill it); with filters on it says nothing matched and offers to clear them. Its texts are
 * under `ns`, laid out as `keys` says.
 */
export function ListEmpty({
  ns,
  keys = 'flat',
  icon,
  action,
  testId,
}: {
  ns: string;
  keys?: keyof typeof EMPTY_KEYS;
  icon: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext();
  const filtered = Object.keys(filterValues ?? {}).length > 0;
  const key = EMPTY_KEYS[keys];
  return (
    <EmptyState
      testId={testId}
      icon={filtered ? <SearchOffIcon /> : icon}
      title={translate(`${ns}.${filtered ? key.filteredTitle : key.title}`)}
      text={translate(`${ns}.${filtered ? key.filteredText : key.text}`)}
      action={
        filtered ? (
          <Button variant="outlined" onClick={() => setFilters({}, {}, false)}>
            {translate(`${ns}.clearFilters`)}
          </Button>
        ) : (
          action
        )
      }
    />
  );
}

/**
 * The export of what the list's filters keep, for those the access table lets export the resource
 * (the session cookie carries the download); disabled while the list is empty.
 */
export function ListExportButton({
  resource,
  href,
  label,
}: {
  resource: string;
  href: (filter: Record<string, unknown>) => string;
  label: string;
}) {
  const { filterValues, total } = useListContext();
  const { canAccess } = useCanAccess({ resource, action: 'export' });
  if (!canAccess) return null;
  return (
    <Button size="small" variant="outlined" startIcon={<DownloadIcon />} href={href(filterValues ?? {})} download disabled={!total}>
      {label}
    </Button>
  );
}
