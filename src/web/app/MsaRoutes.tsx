import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCanAccess, useLocaleState, useTranslate } from 'react-admin';
import { ChangeRequests } from '../msa/ChangeRequests.js';
import { LinkedAccounts } from '../msa/LinkedAccounts.js';
import { MsaFrame } from '../msa/MsaFrame.js';
import { MsaPanelInfoPage } from '../msa/MsaPanelInfoPage.js';
import { MsaSummaryPage } from '../msa/MsaSummaryPage.js';
import { MsaAudience } from '../resources/siteAudience.js';
import { HistoryPage } from '../site/history/HistoryPage.js';
import { PasscodesSection } from '../site/info/PasscodesSection.js';
import { PageTitleContext } from '../site/info/SiteInfoParts.js';
import { AgenciesSection, ContactsSection, OverviewSection, SchedulesSection, ZonesSection } from '../site/info/SiteSections.js';
import { dateLocale } from '../site/info/siteInfoRules.js';
import { ActiveTestsPanel } from '../siteTests/ActiveTestsPanel.js';
import { PlaceOnTestButton } from '../siteTests/PlaceOnTestButton.js';
import { PageTitle } from '../resources/PageTitle.js';

export type MsaPage =
  | 'msaSummary'
  | 'msaAccountInfo'
  | 'msaPanelInfo'
  | 'msaNoAction'
  | 'msaContacts'
  | 'msaZones'
  | 'msaPasscodes'
  | 'msaSchedules'
  | 'msaHistory';

/**
 * My Security Account (SPEC §2 /msa/*): the customer's screens. Each shows the active
 * linked account (or the URL's sn) and is the dealer's account components again, inside
 * MsaAudience, so they read and write /api/msa with the customer's roles (§6); the server
 * holds the same rules for both sides.
 */
export function MsaRoute({ titleKey, page }: { titleKey: string; page: MsaPage }) {
  const translate = useTranslate();
  const [language = 'en'] = useLocaleState();
  const locale = dateLocale(language);
  const { canAccess: canEndTests = false } = useCanAccess({ resource: 'msaTests', action: 'delete' });
  const title = translate(titleKey);
  return (
    <MsaAudience>
      <PageTitleContext.Provider value={title}>
        <MsaFrame title={<PageTitle title={title} />}>
          {({ site, links, dn }) => {
            const sections = { site, locale, language };
            switch (page) {
              case 'msaSummary':
                return <MsaSummaryPage site={site} />;
              case 'msaAccountInfo':
                return (
                  <Stack spacing={2}>
                    <OverviewSection {...sections} />
                    <AgenciesSection {...sections} />
                    <ChangeRequests site={site} />
                    <LinkedAccounts links={links} />
                  </Stack>
                );
              case 'msaPanelInfo':
                return <MsaPanelInfoPage site={site} dn={dn} />;
              case 'msaNoAction':
                return (
                  <Stack spacing={2}>
                    <Typography>{translate('msa.noAction.intro')}</Typography>
                    <div>
                      <PlaceOnTestButton siteNum={site.siteNum} devNum={dn} />
                    </div>
                    <ActiveTestsPanel siteNum={site.siteNum} timeZone={site.timeZone} canEnd={canEndTests} />
                  </Stack>
                );
              case 'msaContacts':
                return <ContactsSection {...sections} />;
              case 'msaZones':
                return <ZonesSection {...sections} />;
              case 'msaPasscodes':
                return <PasscodesSection site={site} />;
              case 'msaSchedules':
                return <SchedulesSection {...sections} />;
              case 'msaHistory':
                return (
                  <HistoryPage
                    title={null}
                    alarmOnly={false}
                    siteNum={site.siteNum}
                    site={{
                      siteNum: site.siteNum,
                      siteName: site.siteName,
                      siteGroupNum: site.siteGroupNum,
                      addressDisplay: site.addressDisplay,
                      isFavorite: false,
                      devices: site.devices.map((d) => ({
                        devNum: d.devNum,
                        transmitterCode: d.transmitterCode,
                        description: d.description,
                      })),
                    }}
                  />
                );
            }
          }}
        </MsaFrame>
      </PageTitleContext.Provider>
    </MsaAudience>
  );
}
