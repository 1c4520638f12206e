import { Suspense, lazy, useEffect, useSyncExternalStore } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { Dashboard } from '../../../schemas/dashboard.js';
import type { SiteListItem } from '../../../schemas/dealer.js';
import { SITE_STATUSES, SITE_WARNINGS, type SiteStatus } from '../../../schemas/sites.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { getSession, subscribe } from '../providers/session.js';
import { useRecentAlarms } from '../realtime/alarmFeed.js';
import { sitePath } from '../../common/siteMatch.js';
import { SiteStatusDot } from '../resources/siteStatus.js';
import { DashboardTile } from './DashboardTile.js';
import { statusListUrl, totalProblems } from './dashboardRules.js';

// The charts come with the dashboard only, after the tiles.
const DashboardCharts = lazy(() => import('./DashboardCharts.js').then((m) => ({ default: m.DashboardCharts })));

/** The shell's favourites query (the same cache entry the sidebar reads and the star toggles), handed in by the app. */
export interface FavoritesQuery {
  queryKey: QueryKey;
  queryFn: () => Promise<SiteListItem[]>;
}

const grid = {
  display: 'grid',
  gap: 2,
  // One column on a phone, as many 16rem columns as fit beyond.
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 16rem), 1fr))',
  alignItems: 'start',
} as const;

function useSiteGroupNum(): number | null {
  return useSyncExternalStore(subscribe, () => getSession().siteGroupNum);
}

/** A status: a coloured dot beside its name in the body text colour (readable in both themes; colour is never the only cue). */
function StatusChip({ status }: { status: SiteStatus }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant="outlined"
      icon={<SiteStatusDot status={status} />}
      label={translate(`sites.status.${status}`)}
      sx={{ color: 'text.primary', maxWidth: 'none', '& .MuiChip-label': { overflow: 'visible' } }}
    />
  );
}

function StatusTile({ data }: { data: Dashboard }) {
  const translate = useTranslate();
  return (
    <>
      <List dense disablePadding>
        {SITE_STATUSES.map((status) => (
          <ListItem key={status} disablePadding>
            <ListItemButton component={RouterLink} to={statusListUrl(status)} sx={{ px: 1 }}>
              <ListItemText primary={<StatusChip status={status} />} />
              <Typography component="span" fontWeight={600}>
                {data.statusCounts[status].toLocaleString()}
              </Typography>
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      <Typography variant="body2" color="text.secondary" sx={{ px: 1, pt: 0.5 }}>
        {translate('dashboard.tiles.totalAccounts', { count: data.totalSites })}
      </Typography>
    </>
  );
}

function AlarmTile({ data }: { data: Dashboard }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 3 }}>
      {(['last24h', 'last7d'] as const).map((window) => (
        <Box key={window}>
          <Typography variant="h4" component="p">
            {data.alarms[window].toLocaleString()}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(`dashboard.tiles.${window}`)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function OnTestTile({ data }: { data: Dashboard }) {
  const translate = useTranslate();
  if (data.onTest.total === 0) return <Typography color="text.secondary">{translate('dashboard.empty.onTest')}</Typography>;
  return (
    <>
      <Typography variant="h4" component="p">
        {data.onTest.total.toLocaleString()}
      </Typography>
      <List dense disablePadding>
        {data.onTest.sites.map((site) => (
          <ListItem key={site.siteNum} disablePadding>
            <ListItemButton component={RouterLink} to={sitePath('info', site)} sx={{ px: 1 }}>
              <ListItemText
                primary={site.siteName}
                slotProps={{ secondary: { noWrap: true } }}
                secondary={translate('dashboard.tiles.testEnds', {
                  time: new Date(site.until).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' }),
                })}
              />
            </ListItemButton>
          </ListItem>
        ))}
      </List>
      {data.onTest.total > data.onTest.sites.length && (
        <Link component={RouterLink} to={statusListUrl('onTest')} variant="body2">
          {translate('dashboard.tiles.allOnTest', { count: data.onTest.total.toLocaleString() })}
        </Link>
      )}
    </>
  );
}

function CompletenessTile({ data }: { data: Dashboard }) {
  const translate = useTranslate();
  if (totalProblems(data.warningCounts) === 0)
    return <Typography color="text.secondary">{translate('dashboard.empty.problems')}</Typography>;
  return (
    <List dense disablePadding>
      {SITE_WARNINGS.map((warning) => (
        <ListItem key={warning} sx={{ px: 1, gap: 1 }}>
          <ListItemText primary={translate(`dashboard.warnings.${warning}`)} />
          <Typography component="span" fontWeight={600}>
            {data.warningCounts[warning].toLocaleString()}
          </Typography>
        </ListItem>
      ))}
    </List>
  );
}

function FavoritesPanel({ query, data }: { query: FavoritesQuery; data: Dashboard | undefined }) {
  const translate = useTranslate();
  const { data: favorites, isPending } = useQuery({ queryKey: query.queryKey, queryFn: query.queryFn });
  const statusOf = new Map(data?.favorites.map((f) => [f.siteNum, f.status]));
  return (
    <DashboardTile title={translate('dashboard.panels.favorites')} loading={isPending}>
      {favorites && favorites.length === 0 ? (
        <Typography color="text.secondary">{translate('dashboard.empty.favorites')}</Typography>
      ) : (
        <List dense disablePadding>
          {favorites?.map((site) => {
            const status = statusOf.get(site.siteNum);
            return (
              <ListItem key={site.siteNum} disablePadding>
                <ListItemButton component={RouterLink} to={sitePath('info', site)} sx={{ px: 1, gap: 1 }}>
                  <ListItemText primary={site.siteName} secondary={site.addressDisplay} />
                  {status && <StatusChip status={status} />}
                </ListItemButton>
              </ListItem>
            );
          })}
        </List>
      )}
    </DashboardTile>
  );
}

function RecentAlarmsPanel() {
  const translate = useTranslate();
  const alarms = useRecentAlarms();
  return (
    <DashboardTile title={translate('dashboard.panels.recentAlarms')} loading={false}>
      <Box aria-live="polite">
        {alarms.length === 0 ? (
          <Typography color="text.secondary">{translate('dashboard.empty.recentAlarms')}</Typography>
        ) : (
          <List dense disablePadding>
            {alarms.map((alarm) => (
              <ListItem key={alarm.alarmNum} disablePadding>
                <ListItemButton component={RouterLink} to={sitePath('alarm-history', alarm)} sx={{ px: 1 }}>
                  <ListItemText
                    primary={`${alarm.siteName} · ${alarm.eventCodeDescription}`}
                    secondary={`${new Date(alarm.alarmDate).toLocaleTimeString()} · ${alarm.transmitterCode}`}
                  />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </DashboardTile>
  );
}

/** /home and /home/dashboard (SPEC §2): the selected account group at a glance. */
export function DashboardPage({ favorites }: { favorites: FavoritesQuery }) {
  const translate = useTranslate();
  const siteGroupNum = useSiteGroupNum();
  const title = translate('dashboard.title');
  useEffect(() => {
    document.title = title;
  }, [title]);
  // The key carries the group: a switch (Switchers.tsx, which also invalidates every query) loads the new group's figures.
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data, isPending, isError } = useQuery({ queryKey: ['dashboard', siteGroupNum], queryFn: () => dataProvider.dashboard() });
  const loading = isPending;
  const noGroup = data?.siteGroupNum === null;
  const empty = data !== undefined && data.totalSites === 0;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {title}
      </Typography>
      {isError && <Alert severity="error">{translate('dashboard.loadFailed')}</Alert>}
      {noGroup && <Alert severity="info">{translate('dashboard.empty.noGroup')}</Alert>}
      {!noGroup && empty && <Alert severity="info">{translate('dashboard.empty.noAccounts')}</Alert>}
      <Box sx={grid}>
        <DashboardTile title={translate('dashboard.tiles.accounts')} loading={loading}>
          {data && <StatusTile data={data} />}
        </DashboardTile>
        <DashboardTile title={translate('dashboard.tiles.alarms')} loading={loading}>
          {data && <AlarmTile data={data} />}
        </DashboardTile>
        <DashboardTile title={translate('dashboard.tiles.onTest')} loading={loading}>
          {data && <OnTestTile data={data} />}
        </DashboardTile>
        <DashboardTile title={translate('dashboard.tiles.problems')} loading={loading}>
          {data && <CompletenessTile data={data} />}
        </DashboardTile>
      </Box>
      <Suspense fallback={<Skeleton variant="rounded" height={320} />}>
        <DashboardCharts data={data} />
      </Suspense>
      <Box sx={{ ...grid, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }}>
        <RecentAlarmsPanel />
        <FavoritesPanel query={favorites} data={data} />
      </Box>
    </Box>
  );
}
