import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { SiteInfoPage } from '../site/info/SiteInfoPage.js';
import { shellApi } from '../shell/shellApi.js';
import { SITES_QUERY, useFavoriteToggle } from '../shell/SiteSidebar.js';
import { PageTitle } from './PageTitle.js';

/**
 * /site/info?sn=&dn=: the account page (src/web/site/info), met here with the shell's pieces:
 * opening it records the site among the Recents (the shell's GET /site/{siteNum}, as SitePage
 * does) and its star is the shell's favourite toggle.
 */
export function SiteInfoRoute({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const sn = Number(params.get('sn')) || 0;
  const dn = Number(params.get('dn')) || undefined;
  const queryClient = useQueryClient();
  const toggle = useFavoriteToggle();
  const { data: visited } = useQuery({
    queryKey: ['shell', 'site', sn, dn],
    queryFn: () => shellApi.site(sn, dn),
    enabled: sn > 0,
    retry: false,
  });
  useEffect(() => {
    if (visited) void queryClient.invalidateQueries({ queryKey: [...SITES_QUERY, 'recents'] });
  }, [visited, queryClient]);
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      <SiteInfoPage
        siteNum={sn}
        devNum={dn}
        toggleFavorite={async (xmit, favorite) => {
          await toggle(xmit, favorite);
          await queryClient.invalidateQueries({ queryKey: ['shell', 'site', sn] });
        }}
      />
    </>
  );
}
