import { useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import HistoryIcon from '@mui/icons-material/History';
import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { AnchorLink } from './SiteInfoParts.js';
import { sitePath } from '../../../common/siteMatch.js';
import { SiteStatusTag } from '../../resources/siteStatus.js';
import { SITE_INFO_SECTIONS, WARNING_ANCHORS } from './siteInfoRules.js';

/** Name and number, status tag, site type, the favourite star and the links to the account's histories. */
export function SiteInfoHeader({
  site,
  devNum,
  onToggleFavorite,
  actions,
}: {
  site: SiteDetail;
  /** More actions on the account beside the history links (place on test: the app passes it). */
  actions?: ReactNode;
  /** The device the page was opened for (the history links keep it). */
  devNum: number | undefined;
  /** Marks or unmarks the account as a favourite, showing its own failures; absent: no star. */
  onToggleFavorite?: (favorite: boolean) => Promise<void>;
}) {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const toggleFavorite = async (favorite: boolean) => {
    setBusy(true);
    try {
      await onToggleFavorite?.(favorite);
    } finally {
      setBusy(false);
    }
  };
  const device = { siteNum: site.siteNum, devNum };
  const favoriteLabel = translate(site.isFavorite ? 'siteInfo.unfavorite' : 'siteInfo.favorite', { name: site.siteName });
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Typography variant="h5" component="h2" sx={{ wordBreak: 'break-word' }}>{`${site.siteName} (${site.siteNum})`}</Typography>
        {onToggleFavorite && (
          <Tooltip title={favoriteLabel}>
            <IconButton
              aria-label={favoriteLabel}
              aria-pressed={site.isFavorite}
              disabled={busy}
              onClick={() => void toggleFavorite(!site.isFavorite)}
            >
              {site.isFavorite ? <StarIcon color="warning" /> : <StarBorderIcon />}
            </IconButton>
          </Tooltip>
        )}
      </Stack>
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1 }}>
          <Typography component="span" variant="body2" color="text.secondary">
            {translate('siteInfo.status.label')}
          </Typography>
          <SiteStatusTag status={site.status} />
        </Box>
        <Typography component="span" variant="body2" color="text.secondary">
          {translate('siteInfo.siteType.value', { type: translate(`siteInfo.siteType.${site.siteType}`) })}
        </Typography>
        <Typography component="span" variant="body2" color="text.secondary">
          {site.addressDisplay}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
        <Button component={RouterLink} to={sitePath('history', device)} variant="outlined" size="small" startIcon={<HistoryIcon />}>
          {translate('siteInfo.history')}
        </Button>
        <Button
          component={RouterLink}
          to={sitePath('alarm-history', device)}
          variant="outlined"
          size="small"
          startIcon={<NotificationsActiveIcon />}
        >
          {translate('siteInfo.alarmHistory')}
        </Button>
        {actions}
      </Stack>
    </Stack>
  );
}

/** The completeness warnings, each a link to the section that shows what is missing. */
export function SiteWarnings({ warnings }: { warnings: SiteDetail['warnings'] }) {
  const translate = useTranslate();
  if (warnings.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      <AlertTitle>{translate('siteInfo.warnings.title')}</AlertTitle>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {warnings.map((warning) => (
          <li key={warning}>
            <AnchorLink anchor={WARNING_ANCHORS[warning]} color="inherit">
              {translate(`siteInfo.warnings.${warning}`)}
            </AnchorLink>
          </li>
        ))}
      </Box>
    </Alert>
  );
}

/** The in-page navigation: every section one tap away on a phone as on a desktop. */
export function SectionNav() {
  const translate = useTranslate();
  return (
    <Box component="nav" aria-label={translate('siteInfo.sections.nav')} sx={{ mb: 2 }}>
      <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, rowGap: 1, listStyle: 'none', m: 0, p: 0 }}>
        {SITE_INFO_SECTIONS.map((section) => (
          <li key={section}>
            <AnchorLink anchor={section}>{translate(`siteInfo.sections.${section}`)}</AnchorLink>
          </li>
        ))}
      </Box>
    </Box>
  );
}
