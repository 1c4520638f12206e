import { useEffect, useState } from 'react';
import type { AlertColor } from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import type { BannerImportance, StatusBanner as Banner } from '../../../schemas/statusBanner.js';
import { api, isApiError } from '../providers/http.js';
import './StatusBanner.css';

/** Fired on window after the banner was saved, so every <StatusBanner/> reloads it. */
export const BANNER_CHANGED_EVENT = 'status-banner-changed';

/**
 * The banner for the strip (SPEC §7 GET statusBanner); null when none has been set up. The strip
 * shows on the sign-in page too, outside react-admin, so it reads through the light transport
 * the login page's first load already carries, not the dataProvider. No message on a failure:
 * the strip stays away.
 */
async function fetchStatusBanner(): Promise<Banner | null> {
  try {
    return await api<Banner>('statusBanner', 'GET', undefined, { skipError: true });
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/** SPEC §3 importance to the strip's colour: High is an error, Warning a warning, Info information. */
const BANNER_SEVERITY: Record<BannerImportance, Extract<AlertColor, 'error' | 'warning' | 'info'>> = {
  High: 'error',
  Warning: 'warning',
  Info: 'info',
};

/** MUI Alert's outlined icons (Material icons) for each severity, as inline SVG paths. */
const SEVERITY_ICON: Record<(typeof BANNER_SEVERITY)[BannerImportance], string> = {
  info: 'M11,9H13V7H11M12,20C7.59,20 4,16.41 4,12C4,7.59 7.59,4 12,4C16.41,4 20,7.59 20,12C20,16.41 16.41,20 12,20M12,2A10,10 0 0,0 2,12A10,10 0 0,0 12,22A10,10 0 0,0 22,12A10,10 0 0,0 12,2M11,17H13V11H11V17Z',
  warning: 'M12 5.99L19.53 19H4.47L12 5.99M12 2L1 21h22L12 2zm1 14h-2v2h2v-2zm0-6h-2v4h2v-4z',
  error:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2zM12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8z',
};

/** The banner to show: null while loading, when inactive, unset or on error. */
function useStatusBanner(): Banner | null {
  const [banner, setBanner] = useState<Banner | null>(null);
  useEffect(() => {
    let current = true;
    const load = () =>
      void fetchStatusBanner().then(
        (b) => current && setBanner(b),
        () => current && setBanner(null),
      );
    load();
    window.addEventListener(BANNER_CHANGED_EVENT, load);
    return () => {
      current = false;
      window.removeEventListener(BANNER_CHANGED_EVENT, load);
    };
  }, []);
  return banner?.active ? banner : null;
}

/**
 * A banner as a strip: title, body and its importance (also for the editor's preview).
 * It looks like MUI's standard Alert but is plain markup (StatusBanner.css), so the login
 * page's first load carries no MUI; colours follow the page's light or dark scheme.
 */
export function StatusBannerStrip({ banner }: { banner: Pick<Banner, 'title' | 'body' | 'importance'> }) {
  const { t } = useTranslation();
  const severity = BANNER_SEVERITY[banner.importance];
  return (
    <div
      className={`status-banner status-banner--${severity}`}
      role="region"
      aria-label={t('banner.label')}
      data-testid="status-banner"
      data-importance={banner.importance}
    >
      <div className="status-banner__icon">
        <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={SEVERITY_ICON[severity]} />
        </svg>
      </div>
      <div className="status-banner__message">
        <div className="status-banner__title">
          <span className="status-banner__hidden">{`${t(`banner.importance.${banner.importance}`)}: `}</span>
          {banner.title}
        </div>
        {banner.body}
      </div>
    </div>
  );
}

/**
 * The status banner of the login page and the shell (SPEC §1, §2, §3): the
 * admin-edited message while it is active, nothing otherwise. Light: no
 * react-admin and no MUI, so the login bundle stays small. Texts are shown as text.
 */
export function StatusBanner() {
  const banner = useStatusBanner();
  return banner ? <StatusBannerStrip banner={banner} /> : null;
}
