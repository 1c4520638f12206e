import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import { Confirm, useDataProvider, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { SiteTest } from '../../../schemas/tests.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { clientMessage } from '../providers/errorMessages.js';
import { STATUS_COLORS } from '../resources/siteStatus.js';
import { ChangeTestDialog } from './ChangeTestDialog.js';
import { useSiteAudience } from '../resources/siteAudience.js';
import { useRefreshAfterTest } from './siteTestQueries.js';
import { formatInZone } from '../resources/zonedTime.js';

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** What a test covers, in words: 'Whole account', 'Device 1001, zones 1, 2', 'Alarm, Trouble on device 1001'. */
function scopeSummary(test: Pick<SiteTest, 'scope' | 'deviceNum' | 'zones' | 'kinds'>, translate: Translate): string {
  switch (test.scope) {
    case 'site':
      return translate('siteTests.summary.site');
    case 'device':
      return translate('siteTests.summary.device', { devNum: test.deviceNum });
    case 'zones':
      return translate('siteTests.summary.zones', { devNum: test.deviceNum, zones: test.zones.join(', ') });
    case 'kinds': {
      const kinds = test.kinds.map((k) => translate(`events.kinds.${k}`)).join(', ');
      return test.deviceNum === null
        ? translate('siteTests.summary.kinds', { kinds })
        : translate('siteTests.summary.kindsOnDevice', { kinds, devNum: test.deviceNum });
    }
  }
}

/**
 * The account's tests in force or scheduled (/site/info): what each covers, when it starts and
 * ends (the premises' time zone), who placed it and why; 'Change' (a later end, a new reason) and
 * 'End test now' behind a confirmation. `canEnd`: the user may change and end tests (dealers,
 * access.ts `tests` edit and delete). Changing or ending one refreshes the status tag and the dashboard.
 */
export function ActiveTestsPanel({ siteNum, timeZone, canEnd }: { siteNum: number; timeZone: string; canEnd: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const audience = useSiteAudience();
  const refresh = useRefreshAfterTest();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [language = 'en'] = useLocaleState();
  const [ending, setEnding] = useState<SiteTest | null>(null);
  const [changing, setChanging] = useState<SiteTest | null>(null);
  const { data, isPending, error } = useGetList<SiteTest>(audience.resource('tests'), {
    filter: { siteNum, active: true },
    sort: { field: 'endsAt', order: 'ASC' },
    pagination: { page: 1, perPage: 50 },
  });
  const titleId = `site-tests-${siteNum}-title`;

  async function endNow() {
    if (!ending) return;
    try {
      await dataProvider.endSiteTest(audience.resource('tests'), ending.id);
      notify('siteTests.panel.ended', { type: 'success' });
    } catch (e) {
      notify(translate(clientMessage(e, 'siteTests.errors.end').message), { type: 'error' });
    } finally {
      setEnding(null);
      await refresh();
    }
  }

  return (
    <Paper component="section" variant="outlined" aria-labelledby={titleId} sx={{ p: 2 }} data-testid="site-tests-panel">
      <Typography id={titleId} variant="h6" component="h3" sx={{ mb: 1 }}>
        {translate('siteTests.panel.title')}
      </Typography>
      {error ? (
        <Alert severity="error">{translate(clientMessage(error, 'siteTests.errors.load').message)}</Alert>
      ) : isPending ? (
        <Stack spacing={1} aria-busy="true" role="status" aria-label={translate('siteTests.panel.loading')}>
          <Skeleton variant="rounded" height={64} />
        </Stack>
      ) : !data?.length ? (
        <Typography variant="body2" color="text.secondary">
          {translate('siteTests.panel.empty')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {data.map((test) => {
            const scope = scopeSummary(test, translate);
            return (
              <Box
                component="li"
                key={test.id}
                sx={{
                  display: 'flex',
                  flexWrap: 'wrap',
                  gap: 1.5,
                  alignItems: 'center',
                  justifyContent: 'space-between',
                  borderTop: 1,
                  borderColor: 'divider',
                  pt: 1.5,
                  '&:first-of-type': { borderTop: 0, pt: 0 },
                }}
              >
                <Box sx={{ minWidth: 0, flex: '1 1 260px' }}>
                  <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
                    <Typography component="span" fontWeight={600}>
                      {scope}
                    </Typography>
                    <Chip
                      size="small"
                      variant={test.state === 'active' ? 'filled' : 'outlined'}
                      label={translate(`siteTests.panel.${test.state === 'active' ? 'active' : 'scheduled'}`)}
                      sx={test.state === 'active' ? { bgcolor: STATUS_COLORS.onTest, color: '#fff', fontWeight: 600 } : undefined}
                    />
                  </Stack>
                  <Typography variant="body2">
                    {test.state === 'scheduled' &&
                      `${translate('siteTests.panel.starts', { date: formatInZone(test.startsAt, timeZone, language), timeZone })} · `}
                    {translate('siteTests.panel.ends', { date: formatInZone(test.endsAt, timeZone, language), timeZone })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
                    {test.createdBy && `${translate('siteTests.panel.placedBy', { name: test.createdBy })} · `}
                    {translate('siteTests.panel.reason', { reason: test.reason })}
                  </Typography>
                </Box>
                {canEnd && (
                  <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
                    <Button
                      variant="outlined"
                      size="small"
                      startIcon={<EditCalendarOutlinedIcon />}
                      aria-label={translate('siteTests.change.actionOf', { scope })}
                      onClick={() => setChanging(test)}
                    >
                      {translate('siteTests.change.action')}
                    </Button>
                    <Button
                      variant="outlined"
                      size="small"
                      startIcon={<StopCircleOutlinedIcon />}
                      aria-label={translate('siteTests.panel.endNowOf', { scope })}
                      onClick={() => setEnding(test)}
                    >
                      {translate('siteTests.panel.endNow')}
                    </Button>
                  </Stack>
                )}
              </Box>
            );
          })}
        </Stack>
      )}
      {changing && (
        <ChangeTestDialog test={changing} scope={scopeSummary(changing, translate)} timeZone={timeZone} onClose={() => setChanging(null)} />
      )}
      <Confirm
        isOpen={ending !== null}
        title={translate('siteTests.panel.confirmTitle')}
        content={translate('siteTests.panel.confirmMessage', { scope: ending ? scopeSummary(ending, translate) : '' })}
        confirm="siteTests.panel.endNow"
        cancel="siteTests.dialog.cancel"
        onConfirm={() => void endNow()}
        onClose={() => setEnding(null)}
      />
    </Paper>
  );
}
