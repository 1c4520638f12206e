import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useListContext, useTranslate } from 'react-admin';
import type { SiteMatch, SiteRecord } from '../../../schemas/sites.js';
import { Highlighted } from '../resources/Highlighted.js';
import { emptyMessage, hasFilters, type SiteFilterValues } from './siteRules.js';
import type { useSiteFavorite } from '../resources/favorites.js';

/** 'Matched phone: (312) 555-0142' with the matched part marked. */
export function MatchLine({ match }: { match: SiteMatch }) {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2" color="text.secondary" data-match-field={match.field} sx={{ display: 'block' }}>
      {translate('sites.match.label', { field: translate(`sites.match.fields.${match.field}`) })}
      {': '}
      <Highlighted value={match.value} start={match.start} end={match.end} />
    </Typography>
  );
}

/** The favourite star: a toggle button (aria-pressed) named for the account; disabled without a transmitter. */
export function FavoriteButton({ site, favorites }: { site: SiteRecord; favorites: ReturnType<typeof useSiteFavorite> }) {
  const translate = useTranslate();
  const name = site.siteName;
  const label = !site.transmitterCode
    ? translate('sites.favorite.unavailable', { name })
    : translate(site.isFavorite ? 'sites.favorite.remove' : 'sites.favorite.add', { name });
  const busy = favorites.isBusy(site.siteNum);
  return (
    <Tooltip title={label}>
      {/* A disabled button gives no events to the tooltip: the span does. */}
      <span>
        <IconButton
          size="small"
          aria-label={label}
          aria-pressed={site.isFavorite}
          aria-busy={busy || undefined}
          disabled={!site.transmitterCode || busy}
          onClick={(event) => {
            event.stopPropagation();
            void favorites.toggle(site);
          }}
        >
          {site.isFavorite ? <StarIcon fontSize="small" sx={{ color: 'warning.main' }} /> : <StarBorderIcon fontSize="small" />}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** Placeholder rows while the list loads. */
export function SiteSkeleton({ rows = 8, cards = false }: { rows?: number; cards?: boolean }) {
  const translate = useTranslate();
  return (
    <Box role="status" aria-label={translate('sites.loading')} data-testid="sites-skeleton" sx={{ p: cards ? 1 : 2 }}>
      {Array.from({ length: rows }, (_, i) =>
        cards ? (
          <Box key={i} sx={{ py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
            <Skeleton variant="text" width="60%" sx={{ fontSize: '1.1rem' }} />
            <Skeleton variant="text" width="40%" />
            <Skeleton variant="text" width="80%" />
          </Box>
        ) : (
          <Box key={i} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1, borderBottom: 1, borderColor: 'divider' }}>
            <Skeleton variant="text" sx={{ flex: 3 }} />
            <Skeleton variant="text" sx={{ flex: 1 }} />
            <Skeleton variant="text" sx={{ flex: 1 }} />
            <Skeleton variant="text" sx={{ flex: 4 }} />
            <Skeleton variant="rounded" width={80} height={24} />
            <Skeleton variant="circular" width={24} height={24} />
          </Box>
        ),
      )}
    </Box>
  );
}

/** The empty state: says what was asked and what to try, with a way to clear the filters. */
export function SiteEmpty() {
  const translate = useTranslate();
  const { filterValues, setFilters } = useListContext<SiteRecord>();
  const filter = (filterValues ?? {}) as SiteFilterValues;
  const message = emptyMessage(filter);
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2 }} data-testid="sites-empty">
      <SearchOffIcon sx={{ fontSize: 48, color: 'text.secondary' }} aria-hidden />
      <Typography role="status" sx={{ mt: 1, maxWidth: 560, mx: 'auto' }}>
        {translate(message.key, message.args)}
      </Typography>
      {hasFilters(filter) && (
        <Button sx={{ mt: 2 }} variant="outlined" onClick={() => setFilters({}, {}, false)}>
          {translate('sites.filters.clear')}
        </Button>
      )}
    </Box>
  );
}
