import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Dashboard } from '../../../schemas/dashboard.js';
import { sitePath } from '../../common/siteMatch.js';
import { KIND_COLORS } from '../resources/eventKind.js';
import { DashboardTile } from './DashboardTile.js';
import { SvgBarChart } from './SvgBarChart.js';
import { dayLabel, hasEvents, perDaySeries } from './dashboardRules.js';

/** The 30-day chart stacked by kind and the top 10 accounts by alarms (each bar opens that account's alarm history). */
export function DashboardCharts({ data }: { data: Dashboard | undefined }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const perDayTitle = translate('dashboard.charts.perDay');
  const topTitle = translate('dashboard.charts.topSites');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
      <DashboardTile title={perDayTitle}>
        {!data ? (
          <Skeleton variant="rounded" height={300} />
        ) : !hasEvents(data.alarmsPerDay) ? (
          <Typography color="text.secondary">{translate('dashboard.empty.events')}</Typography>
        ) : (
          <SvgBarChart
            label={perDayTitle}
            height={300}
            locale={locale}
            categories={data.alarmsPerDay.map((d) => dayLabel(d.day, locale))}
            series={perDaySeries(data.alarmsPerDay).map((s) => ({
              data: s.data,
              color: KIND_COLORS[s.kind],
              label: translate(`events.kinds.${s.kind}`),
            }))}
          />
        )}
        {data && (
          <Typography variant="caption" color="text.secondary">
            {translate('dashboard.charts.utcNote')}
          </Typography>
        )}
      </DashboardTile>
      <DashboardTile title={topTitle}>
        {!data ? (
          <Skeleton variant="rounded" height={300} />
        ) : data.topSites.length === 0 ? (
          <Typography color="text.secondary">{translate('dashboard.empty.topSites')}</Typography>
        ) : (
          <SvgBarChart
            label={topTitle}
            height={Math.max(160, data.topSites.length * 32 + 40)}
            horizontal
            locale={locale}
            categories={data.topSites.map((s) => s.siteName)}
            series={[{ data: data.topSites.map((s) => s.alarms), color: KIND_COLORS.alarm, label: translate('events.kinds.alarm') }]}
            hideLegend
            onItemClick={(index) => {
              const site = data.topSites[index];
              if (site) navigate(sitePath('alarm-history', site));
            }}
          />
        )}
        {data && data.topSites.length > 0 && (
          // The same accounts as links, for keyboards and screen readers.
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {data.topSites.map((site) => (
              <li key={site.siteNum}>
                <Typography
                  variant="body2"
                  component="a"
                  href={sitePath('alarm-history', site)}
                  onClick={(e: React.MouseEvent) => {
                    e.preventDefault();
                    navigate(sitePath('alarm-history', site));
                  }}
                  sx={{ color: 'primary.main' }}
                >
                  {translate('dashboard.charts.topSite', { name: site.siteName, count: site.alarms })}
                </Typography>
              </li>
            ))}
          </Box>
        )}
      </DashboardTile>
    </Box>
  );
}
