import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { SvgIconComponent } from '@mui/icons-material';
import ContactPhoneIcon from '@mui/icons-material/ContactPhone';
import FactCheckIcon from '@mui/icons-material/FactCheck';
import LeaderboardIcon from '@mui/icons-material/Leaderboard';
import LockClockIcon from '@mui/icons-material/LockClock';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import ScienceIcon from '@mui/icons-material/Science';
import SensorsIcon from '@mui/icons-material/Sensors';
import { useSearchParams } from 'react-router-dom';
import { useCanAccess, useTranslate } from 'react-admin';
import type { ReportDefinition, ReportId } from '../../../schemas/reports.js';
import { LoadFailed } from '../resources/LoadFailed.js';
import { RunReportDrawer } from './RunReportDrawer.js';
import { reportNameKey } from './reportRules.js';
import { useReportCatalogue } from './reportCatalogue.js';

const ICONS: Record<ReportId, SvgIconComponent> = {
  alarmActivity: NotificationsActiveIcon,
  accountsOnTest: ScienceIcon,
  openCloseExceptions: LockClockIcon,
  dataCompleteness: FactCheckIcon,
  callList: ContactPhoneIcon,
  zoneList: SensorsIcon,
  topAlarmAccounts: LeaderboardIcon,
};

const GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(300px, 1fr))' } } as const;

function ReportCard({ report, canRun, onRun }: { report: ReportDefinition; canRun: boolean; onRun: () => void }) {
  const translate = useTranslate();
  const Icon = ICONS[report.id];
  const name = translate(reportNameKey(report.id));
  const headingId = `report-${report.id}-name`;
  return (
    <Card component="article" aria-labelledby={headingId} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
          <Box
            aria-hidden
            sx={{
              width: 40,
              height: 40,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              bgcolor: 'action.selected',
              color: 'primary.main',
            }}
          >
            <Icon />
          </Box>
          <Typography id={headingId} variant="h6" component="h2" sx={{ lineHeight: 1.3 }}>
            {name}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translate(`reports.catalogue.${report.id}.description`)}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, pt: 0, gap: 1, flexWrap: 'wrap' }}>
        <Box
          component="ul"
          aria-label={translate('reportScreens.catalogue.formats')}
          sx={{ display: 'flex', gap: 0.5, listStyle: 'none', p: 0, m: 0, mr: 'auto' }}
        >
          {report.formats.map((format) => (
            <li key={format}>
              <Chip size="small" variant="outlined" label={translate(`reports.formats.${format}`)} />
            </li>
          ))}
        </Box>
        {canRun && (
          <Button
            variant="contained"
            size="small"
            startIcon={<PlayArrowIcon />}
            onClick={onRun}
            aria-label={translate('reportScreens.catalogue.runNamed', { name })}
          >
            {translate('reportScreens.catalogue.run')}
          </Button>
        )}
      </CardActions>
    </Card>
  );
}

function CatalogueSkeleton() {
  const translate = useTranslate();
  return (
    <Box role="status" aria-label={translate('reportScreens.catalogue.loading')} sx={GRID}>
      {Array.from({ length: 6 }, (_, i) => (
        <Card key={i} variant="outlined" sx={{ p: 2 }}>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mb: 1 }}>
            <Skeleton variant="rounded" width={40} height={40} />
            <Skeleton variant="text" width="50%" sx={{ fontSize: '1.25rem' }} />
          </Box>
          <Skeleton variant="text" />
          <Skeleton variant="text" width="80%" />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', mt: 2 }}>
            <Skeleton variant="rounded" width={120} height={24} />
            <Skeleton variant="rounded" width={72} height={30} />
          </Box>
        </Card>
      ))}
    </Box>
  );
}

/**
 * /reports: the catalogue as cards, each with its name, description and formats and
 * a Run button that opens the run form in the slide-over (?run=<report>, so reload and Back work).
 */
export function ReportCatalogue() {
  const translate = useTranslate();
  const { data: reports, isPending, error, refetch } = useReportCatalogue();
  const { canAccess: canRun } = useCanAccess({ resource: 'reportRuns', action: 'create' });
  const [params, setParams] = useSearchParams();
  const open = reports?.find((r) => r.id === params.get('run'));
  const setRun = (id: string | undefined) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('run', id);
        else next.delete('run');
        return next;
      },
      { replace: !id },
    );

  return (
    <Box component="section" aria-label={translate('reportScreens.catalogue.heading')}>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 720 }}>
        {translate('reportScreens.catalogue.intro')}
      </Typography>
      {isPending && <CatalogueSkeleton />}
      {error && (
        <LoadFailed error={error} messageKey="reportScreens.catalogue.loadError" retryKey="reportScreens.retry" onRetry={refetch} />
      )}
      {reports && (
        <Box sx={GRID}>
          {reports.map((report) => (
            <ReportCard key={report.id} report={report} canRun={!!canRun} onRun={() => setRun(report.id)} />
          ))}
        </Box>
      )}
      <RunReportDrawer report={canRun ? open : undefined} onClose={() => setRun(undefined)} />
    </Box>
  );
}
