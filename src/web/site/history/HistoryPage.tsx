import { useCallback, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { EventsPage } from '../../../../schemas/events.js';
import type { SiteSummary } from '../../../../schemas/shell.js';
import type { PortalDataProvider } from '../../providers/dataProvider.js';
import { EventList } from './EventList.js';
import { ExportCsvButton } from './ExportCsvButton.js';
import { HistoryFilters, type ZoneOption } from './HistoryFilters.js';
import {
  customRangeError,
  dateIn,
  emptyState,
  filterFromParams,
  filterToParams,
  toEventFilter,
  type HistoryFilterState,
} from './historyRules.js';

/** The browser's time zone: the list shows it and the export writes its dates in it. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

const noSubscription = () => () => undefined;

/** Today's date in `timeZone`, read again at each render (so the presets move on at midnight). */
function useToday(timeZone: string): string {
  return useSyncExternalStore(noSubscription, () => dateIn(Date.now(), timeZone));
}

/** Zones seen in the list so far (per site), for the zone filter's choices. */
function useZonesSeen(siteNum: number, pages: readonly EventsPage[] | undefined): ZoneOption[] {
  const [seen, setSeen] = useState<{ siteNum: number; zones: ReadonlyMap<number, string | null> }>({ siteNum, zones: new Map() });
  const stale = seen.siteNum !== siteNum;
  const fresh = (pages ?? []).flatMap((p) => p.rows).filter((r) => r.zoneNum !== null && (stale || !seen.zones.has(r.zoneNum)));
  if (stale || fresh.length) {
    // Kept from render to render (React's "storing information from previous renders").
    const zones = new Map(stale ? [] : seen.zones);
    for (const row of fresh) zones.set(row.zoneNum!, row.zoneDescription);
    setSeen({ siteNum, zones });
  }
  return useMemo(
    () => [...seen.zones.entries()].sort(([a], [b]) => a - b).map(([zone, description]) => ({ zone, description })),
    [seen.zones],
  );
}

export interface HistoryPageProps {
  /** The page's h1 (the app's PageTitle). */
  title: ReactNode;
  /** /site/alarm-history: the kind is fixed to alarm and its chips are hidden. */
  alarmOnly: boolean;
  siteNum: number;
  /** The site (name, number, devices) once loaded. */
  site?: SiteSummary;
}

/**
 * /site/history and /site/alarm-history (SPEC §2): the site's events newest first, with
 * a period, kinds, device, zone and search kept in the URL, more rows on scroll, and Export CSV.
 */
export function HistoryPage({ title, alarmOnly, siteNum, site }: HistoryPageProps) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const [params, setParams] = useSearchParams();
  const state = useMemo(() => filterFromParams(params), [params]);
  const timeZone = useMemo(() => browserTimeZone(), []);
  const today = useToday(timeZone);
  const rangeError = customRangeError(state);

  const filter = useMemo(
    // The presets need only today's date: the filter (and the query's key) stays the same all day.
    () => toEventFilter(state, { siteNum, alarmOnly, timeZone, today }),
    [state, siteNum, alarmOnly, timeZone, today],
  );

  // Each change starts from the address bar, not from the last render: two quick changes both stay.
  const update = useCallback(
    (next: (current: HistoryFilterState) => HistoryFilterState) =>
      setParams(
        () => {
          const current = new URLSearchParams(window.location.search);
          return filterToParams(next(filterFromParams(current)), current);
        },
        { replace: true },
      ),
    [setParams],
  );
  const setFilter = useCallback((patch: Partial<HistoryFilterState>) => update((current) => ({ ...current, ...patch })), [update]);
  const clearFilters = useCallback(
    () => update((current) => ({ ...current, kinds: [], zone: undefined, device: undefined, q: '' })),
    [update],
  );

  const dataProvider = useDataProvider<PortalDataProvider>();
  const query = useInfiniteQuery({
    queryKey: ['events', filter],
    queryFn: ({ pageParam }) => dataProvider.eventsPage(filter, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    enabled: siteNum > 0 && !rangeError,
  });
  const rows = useMemo(() => query.data?.pages.flatMap((p) => p.rows) ?? [], [query.data]);
  const zones = useZonesSeen(siteNum, query.data?.pages);

  const formatDay = useCallback(
    (date: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`)),
    [locale],
  );
  const empty = emptyState(state, alarmOnly, formatDay);
  const fallbackName = `${alarmOnly ? 'alarm-history' : 'history'}-${siteNum}-${today}.csv`;

  return (
    <>
      {title}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { xs: 'stretch', sm: 'flex-start' }, mb: 2 }}
      >
        <div>
          {site && (
            <Typography variant="h6" component="h2">
              {translate('events.site', { name: site.siteName, number: site.siteNum })}
            </Typography>
          )}
          {site?.addressDisplay && <Typography color="text.secondary">{site.addressDisplay}</Typography>}
        </div>
        {siteNum > 0 && (
          <ExportCsvButton filter={filter} timeZone={timeZone} fallbackName={fallbackName} disabled={!!rangeError || query.isPending} />
        )}
      </Stack>
      {siteNum > 0 ? (
        <Stack spacing={2}>
          <HistoryFilters
            state={state}
            onChange={setFilter}
            onClear={clearFilters}
            alarmOnly={alarmOnly}
            devices={site?.devices ?? []}
            zones={zones}
            compact={compact}
          />
          {rangeError ? (
            <Alert severity="warning">{translate(rangeError)}</Alert>
          ) : (
            <EventList
              rows={rows}
              isPending={query.isPending}
              error={query.error}
              hasNextPage={query.hasNextPage}
              isFetchingNextPage={query.isFetchingNextPage}
              fetchNextPage={query.fetchNextPage}
              retry={query.refetch}
              empty={empty}
              compact={compact}
              timeZone={timeZone}
            />
          )}
        </Stack>
      ) : (
        <Alert severity="info">{translate('events.errors.noSite')}</Alert>
      )}
    </>
  );
}
