import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RouterIcon from '@mui/icons-material/Router';
import { useLocaleState, useTranslate } from 'react-admin';
import type { SiteDetail } from '../../../schemas/sites.js';
import { STATUS_COLORS } from '../resources/siteStatus.js';
import { formatInZone } from '../resources/zonedTime.js';
import { onTestNow, pickDevice, signalAge } from './msaRules.js';
import { useNow } from './useNow.js';

/**
 * /msa/panel-info (SPEC §2 with sn and dn): the account's panel and transmitters, one
 * card per device (the URL's first), with its zones, last signal and last test.
 */
export function MsaPanelInfoPage({ site, dn }: { site: SiteDetail; dn?: number }) {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  const t = (key: string, args?: Record<string, unknown>) => translate(`msa.panel.${key}`, args);
  const now = useNow();
  const first = pickDevice(site.devices, dn);
  const devices = first ? [first, ...site.devices.filter((d) => d !== first)] : [];
  const age = (at: string | null | undefined) => {
    const a = signalAge(at ?? null, now);
    return a.unit === 'never' ? t('never') : t(`ago.${a.unit}`, { smart_count: a.count });
  };
  if (devices.length === 0) return <Typography color="text.secondary">{t('noDevices')}</Typography>;
  return (
    <Stack spacing={2}>
      {devices.map((device) => {
        const zones = site.zones.filter((z) => z.devNum === device.devNum);
        const rows: [string, string][] = [
          [t('panel'), device.panelType ?? t('unknown')],
          [t('transmitter'), device.transmitterCode],
          [t('zones'), String(zones.length)],
          [
            t('lastSignal'),
            device.lastSignalAt
              ? `${age(device.lastSignalAt)} (${formatInZone(device.lastSignalAt, site.timeZone, language)})`
              : t('never'),
          ],
          [
            t('lastTest'),
            device.lastTestAt ? `${age(device.lastTestAt)} (${formatInZone(device.lastTestAt, site.timeZone, language)})` : t('never'),
          ],
        ];
        return (
          <Card key={device.devNum} variant="outlined">
            <CardContent>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
                <RouterIcon color="action" aria-hidden="true" />
                <Typography component="h2" variant="h6">
                  {device.description ?? t('device', { devNum: device.devNum })}
                </Typography>
                {onTestNow(device, now) && (
                  <Chip
                    size="small"
                    sx={{ bgcolor: STATUS_COLORS.onTest, color: '#fff', fontWeight: 600 }}
                    label={t('onTestUntil', { time: formatInZone(device.onTestUntil, site.timeZone, language) })}
                  />
                )}
              </Stack>
              <Stack component="dl" spacing={1} sx={{ mt: 1.5, mb: 0 }}>
                {rows.map(([label, value]) => (
                  <Stack key={label} direction={{ xs: 'column', sm: 'row' }} sx={{ gap: { sm: 2 } }}>
                    <Typography component="dt" variant="body2" color="text.secondary" sx={{ minWidth: 160 }}>
                      {label}
                    </Typography>
                    <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                      {value}
                    </Typography>
                  </Stack>
                ))}
              </Stack>
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
}
