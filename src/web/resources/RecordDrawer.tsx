import { useId, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import { useLocation, useNavigate } from 'react-router-dom';
import { useGetOne, type RaRecord } from 'react-admin';
import { slideOverTarget } from './slideOverRoute.js';

/** One fact of a record as a term and its description, inside a `FactList`. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <Box component="dt" sx={{ color: 'text.secondary', typography: 'body2', pt: 0.25 }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, typography: 'body2', minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </>
  );
}

/** Facts as a description list: the terms in a column as wide as the longest, the values beside them. */
export function FactList({ children, rowGap = 1 }: { children: ReactNode; rowGap?: number }) {
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'minmax(96px, max-content) 1fr', columnGap: 2, rowGap, m: 0 }}>
      {children}
    </Box>
  );
}

/**
 * A read-only record the address names (`basePath/:id`, numeric ids), in a drawer on the right that
 * is full width on phones: a header with the title and Close, the body below it scrolling on its
 * own, a spinner while it loads and an alert when it cannot. Closing goes back to the list with its
 * filters. The audit log's entries and support's contact requests use it.
 */
export function RecordDrawer<T extends RaRecord>({
  resource,
  basePath,
  width,
  testId,
  title,
  headerExtra,
  texts,
  children,
}: {
  resource: string;
  basePath: string;
  width: number;
  testId: string;
  /** The title of a record, or of the one being read (`record` undefined). */
  title: (id: number | undefined, record?: T) => ReactNode;
  headerExtra?: (record: T) => ReactNode;
  texts: { close: string; loading: string; loadError: string };
  children: (record: T) => ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const titleId = useId();
  const target = slideOverTarget(location.pathname, basePath);
  const id = target?.mode === 'edit' && /^\d+$/.test(target.id) ? Number(target.id) : undefined;
  const { data, isPending, error } = useGetOne<T>(resource, { id: id ?? 0 }, { enabled: id !== undefined });
  const close = () => void navigate(`${basePath}${location.search}`);
  const record = id !== undefined ? data : undefined;
  return (
    <Drawer
      anchor="right"
      open={id !== undefined}
      onClose={close}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: width }, maxWidth: '100%', display: 'flex', flexDirection: 'column', backgroundImage: 'none' },
          role: 'dialog',
          'aria-labelledby': titleId,
        } as object,
      }}
    >
      <Box data-testid={testId} sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {title(id, record)}
          </Typography>
          {record && headerExtra?.(record)}
          <IconButton onClick={close} aria-label={texts.close} edge="end">
            <CloseIcon />
          </IconButton>
        </Box>
        {record ? (
          // Focusable: a keyboard scrolls a record longer than the screen (a privacy policy version), WCAG 2.1.1.
          <Box tabIndex={0} sx={{ px: 3, py: 2, overflowY: 'auto', flexGrow: 1 }}>
            {children(record)}
          </Box>
        ) : error ? (
          <Alert severity="error" sx={{ m: 3 }}>
            {texts.loadError}
          </Alert>
        ) : (
          isPending && (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
              <CircularProgress aria-label={texts.loading} />
            </Box>
          )
        )}
      </Box>
    </Drawer>
  );
}
