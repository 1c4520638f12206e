import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { Dashboard } from '../../../schemas/dashboard.js';
import { sitePath } from '../../common/siteMatch.js';
import { dayLabel, hasEvents, perDaySeries } from './dashboardRules.js';

/** Kind colours, distinct in light and dark; the legend and the tooltip name each kind (colour is never the only cue). */
const KIND_COLORS = ['#d32f2f', '#ed6c02', '#0288d1', '#7b1fa2', '#2e7d32', '#757575'];

function ChartCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="subtitle2" component="h2" color="text.secondary" gutterBottom>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

/** The 30-day chart stacked by kind and the top 10 accounts by alarms (each bar opens that account's alarm history). */
export function DashboardCharts({ data }: { data: Dashboard | undefined }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const perDayTitle = translate('dashboard.charts.perDay');
  const topTitle = translate('dashboard.charts.topSites');
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' } }}>
      <ChartCard title={perDayTitle}>
        {!data ? (
          <Skeleton variant="rounded" height={300} />
        ) : !hasEvents(data.alarmsPerDay) ? (
          <Typography color="text.secondary">{translate('dashboard.empty.events')}</Typography>
        ) : (
          <BarChart
            height={300}
            colors={KIND_COLORS}
            xAxis={[{ scaleType: 'band', data: data.alarmsPerDay.map((d) => dayLabel(d.day, locale)) }]}
            series={perDaySeries(data.alarmsPerDay).map((s) => ({
              data: s.data,
              stack: 'events',
              label: translate(`dashboard.kinds.${s.kind}`),
            }))}
            slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'top', horizontal: 'center' } } }}
          />
        )}
        {data && (
          <Typography variant="caption" color="text.secondary">
            {translate('dashboard.charts.utcNote')}
          </Typography>
        )}
      </ChartCard>
      <ChartCard title={topTitle}>
        {!data ? (
          <Skeleton variant="rounded" height={300} />
        ) : data.topSites.length === 0 ? (
          <Typography color="text.secondary">{translate('dashboard.empty.topSites')}</Typography>
        ) : (
          <BarChart
            height={Math.max(160, data.topSites.length * 32 + 40)}
            layout="horizontal"
            colors={[KIND_COLORS[0]!]}
            yAxis={[{ scaleType: 'band', data: data.topSites.map((s) => s.siteName), width: 140 }]}
            series={[{ data: data.topSites.map((s) => s.alarms), label: translate('dashboard.kinds.alarm') }]}
            hideLegend
            onItemClick={(_event, item) => {
              const site = data.topSites[item.dataIndex];
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
      </ChartCard>
    </Box>
  );
}
