import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { HistoryPage } from '../site/history/HistoryPage.js';
import { shellApi } from '../shell/shellApi.js';
import { SITES_QUERY } from '../shell/SiteSidebar.js';
import { PageTitle } from './PageTitle.js';

/** /site/history and /site/alarm-history: the site (recorded among the recents, as SitePage does) and its history page. */
export function SiteHistoryRoute({ titleKey, alarmOnly }: { titleKey: string; alarmOnly: boolean }) {
  const translate = useTranslate();
  const [params] = useSearchParams();
  const sn = Number(params.get('sn')) || 0;
  const dn = Number(params.get('dn')) || undefined;
  const queryClient = useQueryClient();
  const { data: site } = useQuery({ queryKey: ['shell', 'site', sn, dn], queryFn: () => shellApi.site(sn, dn), enabled: sn > 0 });
  useEffect(() => {
    if (site) void queryClient.invalidateQueries({ queryKey: [...SITES_QUERY, 'recents'] });
  }, [site, queryClient]);
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
