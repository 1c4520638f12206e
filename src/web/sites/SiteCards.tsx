import Box from '@mui/material/Box';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router-dom';
import { useListContext, useTranslate } from 'react-admin';
import type { SiteRecord } from '../../../schemas/sites.js';
import { sitePath } from '../../common/siteMatch.js';
import { SiteStatusTag } from '../resources/siteStatus.js';
import { FavoriteButton, MatchLine, SiteEmpty, SiteSkeleton } from './SiteParts.js';
import { useSiteFavorite } from '../resources/favorites.js';

/** The accounts list on a phone: one card per account (name, number and transmitter, address, status, star). */
export function SiteCards({ rowActions }: { rowActions?: (site: SiteRecord) => React.ReactNode } = {}) {
  const translate = useTranslate();
  const favorites = useSiteFavorite();
  const { data, isPending } = useListContext<SiteRecord>();
  if (isPending) return <SiteSkeleton cards />;
  if (!data?.length) return <SiteEmpty />;
  return (
    <List aria-label={translate('sites.title')} disablePadding>
      {data.map((site) => (
        <ListItem
          key={site.id}
          disablePadding
          divider
          secondaryAction={
            <Box sx={{ display: 'flex' }}>
              {rowActions?.(site)}
              <FavoriteButton site={site} favorites={favorites} />
            </Box>
          }
          sx={{ alignItems: 'flex-start' }}
        >
          <ListItemButton component={RouterLink} to={sitePath('info', site)} sx={{ display: 'block', pr: rowActions ? 13 : 7 }}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
              <Typography component="span" sx={{ fontWeight: 600 }}>
                {site.siteName}
              </Typography>
              <SiteStatusTag status={site.status} />
            </Box>
            <Typography component="span" variant="body2" sx={{ display: 'block' }}>
              {[site.siteNum, site.transmitterCode].filter((v) => v !== null && v !== '').join(' · ')}
            </Typography>
            <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
              {site.addressDisplay}
            </Typography>
            {site.match && <MatchLine match={site.match} />}
          </ListItemButton>
        </ListItem>
      ))}
    </List>
  );
}
