import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import type { SiteListItem } from '../../../schemas/dealer.js';
import { displayAccountName } from './menuRules.js';
import { pushNotice } from './notices.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { sitePath } from '../../common/siteMatch.js';

export const SITE_SIDEBAR_HIDDEN_KEY = 'site-sidebar-hidden';
export const SITES_QUERY = ['shell', 'sites'] as const;

function siteXmit(site: Pick<SiteListItem, 'xmit' | 'transmitterCode'>): string {
  return site.xmit ?? site.transmitterCode ?? '';
}

/** Favourite or unfavourite a site by transmitter ('Failed to add favorite.' / 'Failed to remove favorite.'). */
export function useFavoriteToggle() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  return async (xmit: string, favorite: boolean) => {
    try {
      const favorites = favorite ? await dataProvider.favoriteSite(xmit) : await dataProvider.unfavoriteSite(xmit);
      queryClient.setQueryData([...SITES_QUERY, 'favorites'], favorites);
      await queryClient.invalidateQueries({ queryKey: SITES_QUERY });
    } catch {
      pushNotice({
        type: 'danger',
        title: translate('shell.sidebar.favorites'),
        message: translate(favorite ? 'shell.sidebar.addFailed' : 'shell.sidebar.removeFailed'),
      });
    }
  };
}

function SiteList({
  title,
  sites,
  favorites,
  empty,
}: {
  title: string;
  sites: readonly SiteListItem[];
  favorites: ReadonlySet<number>;
  empty: string;
}) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const toggle = useFavoriteToggle();
  const id = `site-list-${title.replace(/\W/g, '')}`;
  return (
    <List
      dense
      aria-labelledby={id}
      subheader={
        <ListSubheader id={id} sx={{ bgcolor: 'inherit', fontWeight: 700 }}>
          {title}
        </ListSubheader>
      }
    >
      {sites.length === 0 && (
        <ListItem>
          <Typography variant="body2" color="text.secondary">
            {empty}
          </Typography>
        </ListItem>
      )}
      {sites.map((site) => {
        const isFavorite = favorites.has(site.siteNum);
        const label = translate(isFavorite ? 'shell.sidebar.unfavorite' : 'shell.sidebar.favorite', { name: site.siteName });
        return (
          <ListItem
            key={`${site.siteNum}-${site.devNum}`}
            disablePadding
            secondaryAction={
              <IconButton
                edge="end"
                size="small"
                aria-label={label}
                aria-pressed={isFavorite}
                onClick={() => void toggle(siteXmit(site), !isFavorite)}
              >
                {isFavorite ? <StarIcon fontSize="small" color="warning" /> : <StarBorderIcon fontSize="small" />}
              </IconButton>
            }
          >
            <ListItemButton onClick={() => void navigate(sitePath('info', site))}>
              <ListItemText primary={displayAccountName(site.siteName)} secondary={`${site.siteNum} · ${siteXmit(site)}`} />
            </ListItemButton>
          </ListItem>
        );
      })}
    </List>
  );
}

/** SPEC §2 'A site sidebar (Favorites and Recents), hidden for MSA'. */
export function SiteSidebar() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: favorites = [] } = useQuery({ queryKey: [...SITES_QUERY, 'favorites'], queryFn: () => dataProvider.favoriteSites() });
  const { data: recents = [] } = useQuery({ queryKey: [...SITES_QUERY, 'recents'], queryFn: () => dataProvider.recentSites() });
  const favoriteNums = new Set(favorites.map((f) => f.siteNum));
  return (
    <Box
      component="aside"
      aria-label={translate('shell.sidebar.label')}
      data-testid="site-sidebar"
      sx={{
        width: 280,
        flexShrink: 0,
        borderLeft: 1,
        borderColor: 'divider',
        bgcolor: 'background.paper',
        overflowY: 'auto',
        display: { xs: 'none', md: 'block' },
        position: 'sticky',
        top: 48,
        alignSelf: 'flex-start',
        height: 'calc(100vh - 48px)',
      }}
    >
      <SiteList
        title={translate('shell.sidebar.favorites')}
        sites={favorites}
        favorites={favoriteNums}
        empty={translate('shell.sidebar.noFavorites')}
      />
      <SiteList
        title={translate('shell.sidebar.recents')}
        sites={recents}
        favorites={favoriteNums}
        empty={translate('shell.sidebar.noRecents')}
      />
    </Box>
  );
}
