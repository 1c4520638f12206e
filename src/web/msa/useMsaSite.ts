import { useGetOne } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { SiteDetail } from '../../../schemas/sites.js';
import { useAccountLinks } from './accountLinks.js';
import { pickSiteNum } from './msaRules.js';

/**
 * The account a customer screen shows: the URL's sn when linked, else the active
 * linked account; then the account itself from /api/msa/sites/{siteNum} (the sections of the
 * customer's roles). `dn` is the URL's device.
 */
export function useMsaSite() {
  const [params] = useSearchParams();
  const sn = Number(params.get('sn')) || 0;
  const dn = Number(params.get('dn')) || undefined;
  const links = useAccountLinks();
  const siteNum = links.data ? pickSiteNum(links.data, sn) : undefined;
  const site = useGetOne<SiteDetail>('msa/sites', { id: siteNum ?? 0 }, { enabled: siteNum !== undefined, retry: false });
  return {
    siteNum,
    dn,
    links: links.data,
    site: site.data,
    isPending: links.isPending || (siteNum !== undefined && site.isPending),
    error: links.error ?? site.error,
    refetch: () => Promise.all([links.refetch(), site.refetch()]),
  };
}
