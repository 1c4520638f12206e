import { useEffect } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { shellApi } from '../shell/shellApi.js';
import { SITES_QUERY, useFavoriteToggle } from '../shell/SiteSidebar.js';
import { PageTitle } from './PageTitle.js';

/** /site/info, /site/history, /site/alarm-history: the site (recorded among the recents) with its favourite toggle; the rest is later work. */
export function SitePage({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const sn = Number(params.get('sn')) || 0;
  const dn = Number(params.get('dn')) || undefined;
  const queryClient = useQueryClient();
  const toggle = useFavoriteToggle();
  const { data: site } = useQuery({ queryKey: ['shell', 'site', sn, dn], queryFn: () => shellApi.site(sn, dn), enabled: sn > 0 });
  useEffect(() => {
    if (site) void queryClient.invalidateQueries({ queryKey: [...SITES_QUERY, 'recents'] });
  }, [site, queryClient]);
  const device = site?.devices.find((d) => d.devNum === dn) ?? site?.devices[0];
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      {site && (
        <Stack spacing={1} alignItems="flex-start">
          <Typography variant="h6" component="h2">{`${site.siteName} (${site.siteNum})`}</Typography>
          <Typography color="text.secondary">{site.addressDisplay}</Typography>
          {device && (
            <Button
              variant="outlined"
              startIcon={site.isFavorite ? <StarIcon /> : <StarBorderIcon />}
              aria-pressed={site.isFavorite}
              onClick={async () => {
                await toggle(device.transmitterCode, !site.isFavorite);
                await queryClient.invalidateQueries({ queryKey: ['shell', 'site', sn] });
              }}
            >
              {translate(site.isFavorite ? 'shell.sidebar.unfavorite' : 'shell.sidebar.favorite', { name: site.siteName })}
            </Button>
          )}
          <Typography color="text.secondary">{translate('shell.pages.placeholder')}</Typography>
        </Stack>
      )}
    </>
  );
}
