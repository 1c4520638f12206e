import type { SiteDetail } from '../../../../schemas/sites.js';
import { zoneInputSchema, zonesUi } from '../../../../schemas/zones.js';
import { AccountDialog } from './AccountDialog.js';
import { zonePayload } from './editRules.js';

type SiteZone = SiteDetail['zones'][number];

/** Edits a zone's description and event kind (PUT /api/zones/{devNum-zoneNum}), drawn from the zone's schema and zonesUi. */
export function ZoneDialog({ siteNum, zone, onClose }: { siteNum: number; zone: SiteZone; onClose: () => void }) {
  return (
    <AccountDialog
      name="zones"
      siteNum={siteNum}
      edit={{ id: `${zone.devNum}-${zone.zoneNum}`, row: zone }}
      schema={zoneInputSchema}
      ui={zonesUi}
      transform={zonePayload}
      texts={{
        title: 'accountEdits.zones.editTitle',
        titleArgs: { zoneNum: zone.zoneNum },
        saved: (record) => ({ key: 'accountEdits.zones.updated', args: { zoneNum: record.zoneNum as number } }),
      }}
      onClose={onClose}
    />
  );
}
