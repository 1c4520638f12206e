import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { HistoryPage } from '../site/history/HistoryPage.js';
import { SiteInfoPage } from '../site/info/SiteInfoPage.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { ActiveTestsPanel } from '../siteTests/ActiveTestsPanel.js';
import { PlaceOnTestButton, useCanPlaceTests } from '../siteTests/PlaceOnTestButton.js';
import { SITES_QUERY, useFavoriteToggle } from '../shell/SiteSidebar.js';
import { PageTitle } from '../resources/PageTitle.js';

/**
 * The site in the URL (sn, dn) opened through the shell: the shell's GET /site/{siteNum} records
 * it among the Recents, whose list is then refreshed.
 */
function useOpenedSite() {
  const [params] = useSearchParams();
  const sn = Number(params.get('sn')) || 0;
  const dn = Number(params.get('dn')) || undefined;
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data: site } = useQuery({
    queryKey: ['shell', 'site', sn, dn],
    queryFn: () => dataProvider.siteSummary(sn, dn),
    enabled: sn > 0,
    retry: false,
  });
  useEffect(() => {
    if (site) void queryClient.invalidateQueries({ queryKey: [...SITES_QUERY, 'recents'] });
  }, [site, queryClient]);
  return { sn, dn, site };
}

/** /site/info?sn=&dn=: the account page (src/web/site/info); its star is the shell's favourite toggle. */
export function SiteInfoRoute({ titleKey }: { titleKey: string }) {
  const translate = useTranslate();
  const { sn, dn } = useOpenedSite();
  const queryClient = useQueryClient();
  const toggle = useFavoriteToggle();
  const canPlaceTests = useCanPlaceTests();
  return (
    <>
      <PageTitle title={translate(titleKey)} />
      <SiteInfoPage
        siteNum={sn}
        devNum={dn}
        slots={{
          headerActions: (site, devNum) => <PlaceOnTestButton siteNum={site.siteNum} devNum={devNum} />,
          panels: (site) => <ActiveTestsPanel siteNum={site.siteNum} timeZone={site.timeZone} canEnd={canPlaceTests} />,
        }}
        toggleFavorite={async (xmit, favorite) => {
          await toggle(xmit, favorite);
          await queryClient.invalidateQueries({ queryKey: ['shell', 'site', sn] });
        }}
      />
    </>
  );
}

/** /site/history and /site/alarm-history: the site's event history (src/web/site/history). */
export function SiteHistoryRoute({ titleKey, alarmOnly }: { titleKey: string; alarmOnly: boolean }) {
  const translate = useTranslate();
  const { sn, site } = useOpenedSite();
  const title = translate(titleKey);
  return (
    <HistoryPage
      title={<PageTitle title={title} documentTitle={site ? `${title} – ${site.siteName}` : title} />}
      alarmOnly={alarmOnly}
      siteNum={sn}
      site={site}
    />
  );
}
