import { useEffect, useMemo, useRef } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Tooltip from '@mui/material/Tooltip';
import CircleIcon from '@mui/icons-material/Circle';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { useLocaleState, useTranslate } from 'react-admin';
import type { EventKind, EventRecord } from '../../../../schemas/events.js';
import { failureMessage } from '../../providers/errorMessages.js';
import { KIND_COLORS } from '../../resources/eventKind.js';
import type { EmptyState } from './historyRules.js';
import { LoadFailed } from '../../resources/LoadFailed.js';

const SKELETON_ROWS = 8;

/** An event that arrived while a test covered it (place on test): recorded, not handled as an alarm. */
function OnTestTag() {
  const translate = useTranslate();
  return (
    <Tooltip title={translate('siteTests.eventMarkerHelp')}>
      <Chip
        size="small"
        variant="outlined"
        icon={<ScienceOutlinedIcon fontSize="small" aria-hidden />}
        label={translate('siteTests.eventMarker')}
        data-on-test="true"
        tabIndex={0}
      />
    </Tooltip>
  );
}

function KindTag({ kind }: { kind: EventKind }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<CircleIcon sx={{ '&&': { color: KIND_COLORS[kind] }, fontSize: 12 }} aria-hidden />}
      label={translate(`events.kinds.${kind}`)}
      data-kind={kind}
    />
  );
}

function zoneText(event: EventRecord): string {
  if (event.zoneNum === null) return '—';
  return event.zoneDescription ? `${event.zoneNum} – ${event.zoneDescription}` : String(event.zoneNum);
}

export interface EventListProps {
  rows: EventRecord[];
  isPending: boolean;
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  retry: () => unknown;
  empty: EmptyState & { args?: Record<string, string> };
  /** Cards instead of a table (phones). */
  compact: boolean;
  timeZone: string;
}

/** The events, newest first: a table (cards on a phone), skeletons while loading, the empty state, and more rows on scroll or on Load more. */
export function EventList(props: EventListProps) {
  const { rows, isPending, error, hasNextPage, isFetchingNextPage, fetchNextPage, retry, empty, compact, timeZone } = props;
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dateTime = useMemo(
    () =>
      new Intl.DateTimeFormat(locale, {
        year: 'numeric',
        month: 'short',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
        second: '2-digit',
        timeZone,
        timeZoneName: 'short',
      }),
    [locale, timeZone],
  );
  const sentinel = useRef<HTMLDivElement>(null);

  // Infinite scroll: the next page is asked for when the end of the list comes near.
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || isFetchingNextPage || typeof IntersectionObserver === 'undefined') return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void fetchNextPage();
      },
      { rootMargin: '200px' },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (error && !rows.length) {
    return <LoadFailed error={error} messageKey="events.errors.load" retryKey="events.errors.retry" onRetry={retry} />;
  }

  if (!isPending && !rows.length) {
    return (
      <Box sx={{ py: 4, textAlign: 'center' }} data-testid="events-empty">
        <Typography variant="h6" component="p">
          {translate(empty.key, empty.args)}
        </Typography>
        <Typography color="text.secondary">{translate(empty.hintKey)}</Typography>
      </Box>
    );
  }

  const when = (event: EventRecord) => <time dateTime={event.alarmDate}>{dateTime.format(new Date(event.alarmDate))}</time>;
  const footer = (
    <Stack spacing={1} sx={{ alignItems: 'center', py: 2 }}>
      <Typography variant="body2" color="text.secondary" role="status" data-testid="events-count">
        {translate('events.list.shown', { smart_count: rows.length })}
      </Typography>
      {!!error && rows.length > 0 && <Alert severity="error">{translate(failureMessage(error, 'events.errors.load'))}</Alert>}
      {hasNextPage ? (
        <Button
          variant="outlined"
          onClick={() => void fetchNextPage()}
          disabled={isFetchingNextPage}
          startIcon={isFetchingNextPage ? <CircularProgress size={16} /> : undefined}
        >
          {translate(isFetchingNextPage ? 'events.list.loadingMore' : 'events.list.loadMore')}
        </Button>
      ) : (
        !isPending && (
          <Typography variant="body2" color="text.secondary">
            {translate('events.list.end')}
          </Typography>
        )
      )}
      <div ref={sentinel} aria-hidden />
    </Stack>
  );

  if (compact) {
    return (
      <Box>
        <Stack
          component="ul"
          spacing={1}
          sx={{ listStyle: 'none', p: 0, m: 0 }}
          aria-label={translate('events.list.label')}
          aria-busy={isPending}
        >
          {isPending
            ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                <Card key={i} component="li" variant="outlined" data-testid="event-skeleton">
                  <CardContent>
                    <Skeleton width="50%" />
                    <Skeleton />
                    <Skeleton width="70%" />
                  </CardContent>
                </Card>
              ))
            : rows.map((event) => (
                <Card key={event.id} component="li" variant="outlined" data-testid="event-row">
                  <CardContent sx={{ '&:last-child': { pb: 2 } }}>
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                      <Typography variant="body2" color="text.secondary">
                        {when(event)}
                      </Typography>
                      <KindTag kind={event.kind} />
                      {event.onTest && <OnTestTag />}
                    </Stack>
                    <Typography sx={{ mt: 0.5 }}>
                      <strong>{event.eventCode}</strong> {event.eventCodeDescription}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {`${translate('events.list.zone')}: ${zoneText(event)} · ${translate('events.list.transmitter')}: ${event.transmitterCode}`}
                    </Typography>
                  </CardContent>
                </Card>
              ))}
        </Stack>
        {!isPending && footer}
      </Box>
    );
  }

  return (
    <Box>
      <TableContainer>
        <Table size="small" aria-label={translate('events.list.label')} aria-busy={isPending}>
          <caption>{translate('events.list.timesIn', { zone: timeZone })}</caption>
          <TableHead>
            <TableRow>
              <TableCell>{translate('events.list.date')}</TableCell>
              <TableCell>{translate('events.list.code')}</TableCell>
              <TableCell>{translate('events.list.description')}</TableCell>
              <TableCell>{translate('events.list.zone')}</TableCell>
              <TableCell>{translate('events.list.kind')}</TableCell>
              <TableCell>{translate('events.list.transmitter')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isPending
              ? Array.from({ length: SKELETON_ROWS }, (_, i) => (
                  <TableRow key={i} data-testid="event-skeleton">
                    {Array.from({ length: 6 }, (__, j) => (
                      <TableCell key={j}>
                        <Skeleton />
                      </TableCell>
                    ))}
                  </TableRow>
                ))
              : rows.map((event) => (
                  <TableRow key={event.id} hover data-testid="event-row">
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(event)}</TableCell>
                    <TableCell>{event.eventCode}</TableCell>
                    <TableCell>{event.eventCodeDescription}</TableCell>
                    <TableCell>{zoneText(event)}</TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5} flexWrap="wrap" useFlexGap>
                        <KindTag kind={event.kind} />
                        {event.onTest && <OnTestTag />}
                      </Stack>
                    </TableCell>
                    <TableCell>{event.transmitterCode}</TableCell>
                  </TableRow>
                ))}
          </TableBody>
        </Table>
      </TableContainer>
      {!isPending && footer}
    </Box>
  );
}
