import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useGetOne, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { PasscodesSection } from './PasscodesSection.js';
import { SectionNav, SiteInfoHeader, SiteWarnings } from './SiteInfoHeader.js';
import { PageSkeleton } from './SiteInfoParts.js';

import { AgenciesSection, ContactsSection, DevicesSection, OverviewSection, SchedulesSection, ZonesSection } from './SiteSections.js';
import { currentDevice, dateLocale } from './siteInfoRules.js';
import { LoadFailed } from '../../resources/LoadFailed.js';

/** Where the not-found message sends the user back to: the accounts list. */
const SITES_LIST_PATH = '/sites';

export interface SiteInfoPageProps {
  /** The account (sn of the URL); 0 or less: none. */
  siteNum: number;
  /** The device the page was opened for (dn of the URL). */
  devNum?: number;
  /** Marks or unmarks the account as a favourite by the device's transmitter (the shell's favourites). */
  toggleFavorite?: (transmitterCode: string, favorite: boolean) => Promise<void>;
  /** Other features' parts of the page, given by the app: header actions and panels above the sections (place on test). */
  slots?: {
    headerActions?: (site: SiteDetail, devNum: number | undefined) => ReactNode;
    panels?: (site: SiteDetail) => ReactNode;
  };
}

function status(error: unknown): number | undefined {
  const value = (error as { status?: unknown } | null)?.status;
  return typeof value === 'number' ? value : undefined;
}

function LoadingSkeleton() {
  const translate = useTranslate();
  return (
    <PageSkeleton label={translate('siteInfo.loading')}>
      <Skeleton variant="text" width="45%" height={40} />
      <Skeleton variant="text" width="30%" />
      <Skeleton variant="rounded" height={48} />
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} variant="rounded" height={160} />
      ))}
    </PageSkeleton>
  );
}

function NotFound({ siteNum }: { siteNum: number }) {
  const translate = useTranslate();
  return (
    <Alert
      severity="warning"
      action={
        <Button component={RouterLink} to={SITES_LIST_PATH} color="inherit" size="small">
          {translate('siteInfo.errors.backToList')}
        </Button>
      }
    >
      <AlertTitle>{translate('siteInfo.errors.notFound')}</AlertTitle>
      {translate('siteInfo.errors.notFoundText', { siteNum: siteNum > 0 ? siteNum : '—' })}
    </Alert>
  );
}

/**
 * /site/info (SPEC §2 /site/*, §3 site/account): the whole account from
 * GET /api/sites/{siteNum} on one scrolling page with an in-page navigation, so every section
 * is reachable on a phone: overview and premise phones, devices, zones, the call list, the
 * passcodes (masked; reveal per row when allowed), schedules, agencies and permits, and the
 * completeness warnings linking to their section.
 */
export function SiteInfoPage({ siteNum, devNum, toggleFavorite, slots }: SiteInfoPageProps) {
  const [language = 'en'] = useLocaleState();
  const locale = dateLocale(language);
  const valid = Number.isInteger(siteNum) && siteNum > 0;
  const { data, error, isPending, refetch } = useGetOne<SiteDetail>('sites', { id: siteNum }, { enabled: valid, retry: false });

  if (!valid || status(error) === 404) return <NotFound siteNum={siteNum} />;
  if (error) {
    return <LoadFailed error={error} messageKey="siteInfo.errors.load" retryKey="siteInfo.errors.retry" onRetry={refetch} />;
  }
  if (isPending || !data) return <LoadingSkeleton />;

  const device = currentDevice(data.devices, devNum);
  const sectionProps = { site: data, locale, language };
  return (
    <Box>
      <SiteInfoHeader
        site={data}
        devNum={device?.devNum}
        actions={slots?.headerActions?.(data, device?.devNum)}
        onToggleFavorite={
          toggleFavorite && device
            ? async (favorite) => {
                await toggleFavorite(device.transmitterCode, favorite);
                await refetch();
              }
            : undefined
        }
      />
      <SiteWarnings warnings={data.warnings} />
      <SectionNav />
      <Stack spacing={2}>
        {slots?.panels?.(data)}
        <OverviewSection {...sectionProps} />
        <DevicesSection {...sectionProps} />
        <ZonesSection {...sectionProps} />
        <ContactsSection {...sectionProps} />
        <PasscodesSection site={data} />
        <SchedulesSection {...sectionProps} />
        <AgenciesSection {...sectionProps} />
      </Stack>
    </Box>
  );
}
