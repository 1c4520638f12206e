import { SiteRowMenu } from '../siteTests/PlaceOnTestButton.js';
import { SiteList } from '../sites/SiteList.js';

/** /sites: the accounts list (src/web/sites) with its row menu from place on test (src/web/siteTests). */
export function SiteListRoute() {
  return <SiteList rowActions={(site) => <SiteRowMenu siteNum={site.siteNum} siteName={site.siteName} />} />;
}
