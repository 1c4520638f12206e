import { useEffect, useState } from 'react';
import Alert, { type AlertColor } from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import type { BannerImportance, StatusBanner as Banner } from '../../../schemas/statusBanner.js';
import { BANNER_CHANGED_EVENT, fetchStatusBanner } from './bannerApi.js';

/** SPEC §3 importance to the strip's colour: High is an error, Warning a warning, Info information. */
export const BANNER_SEVERITY: Record<BannerImportance, AlertColor> = { High: 'error', Warning: 'warning', Info: 'info' };

/** Read by screen readers only (the colour and icon say it to sighted users). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

/** The banner to show: null while loading, when inactive, unset or on error. */
export function useStatusBanner(): Banner | null {
  const [banner, setBanner] = useState<Banner | null>(null);
  useEffect(() => {
    let current = true;
    const load = () =>
      fetchStatusBanner().then(
        (b) => current && setBanner(b),
        () => current && setBanner(null),
      );
    void load();
    window.addEventListener(BANNER_CHANGED_EVENT, load);
    return () => {
      current = false;
      window.removeEventListener(BANNER_CHANGED_EVENT, load);
    };
  }, []);
  return banner?.active ? banner : null;
}

/** A banner as a strip: title, body and its importance (also for the editor's preview). */
export function StatusBannerStrip({ banner }: { banner: Pick<Banner, 'title' | 'body' | 'importance'> }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity={BANNER_SEVERITY[banner.importance]}
      role="region"
      aria-label={t('banner.label')}
      data-testid="status-banner"
      data-importance={banner.importance}
      sx={{ borderRadius: 0, whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}
    >
      <AlertTitle>
        <Box component="span" sx={visuallyHidden}>
          {`${t(`banner.importance.${banner.importance}`)}: `}
        </Box>
        {banner.title}
      </AlertTitle>
      {banner.body}
    </Alert>
  );
}

/**
 * The status banner of the login page and the shell (SPEC §1, §2, §3): the
 * admin-edited message while it is active, nothing otherwise. Light: no
 * react-admin, so the login bundle stays small. Texts are shown as text.
 */
export function StatusBanner() {
  const banner = useStatusBanner();
  return banner ? <StatusBannerStrip banner={banner} /> : null;
}
