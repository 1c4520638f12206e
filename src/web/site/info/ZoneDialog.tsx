import { useState } from 'react';
import MenuItem from '@mui/material/MenuItem';
import { useDataProvider, useTranslate } from 'react-admin';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { ZONE_DESCRIPTION_MAX, ZONE_EVENT_TYPES, zonesUi } from '../../../../schemas/zones.js';
import { EditDialog, EditField, OrderedFields } from './EditDialog.js';
import type { useAccountEdit } from './useAccountEdit.js';
import { useSiteAudience } from '../../resources/siteAudience.js';

type SiteZone = SiteDetail['zones'][number];

/** Edits a zone's description and event kind (PUT /api/zones/{devNum-zoneNum}). */
export function ZoneDialog({ zone, onClose, edit }: { zone: SiteZone; onClose: () => void; edit: ReturnType<typeof useAccountEdit> }) {
  const audience = useSiteAudience();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [description, setDescription] = useState(zone.description);
  const [eventType, setEventType] = useState(zone.eventType);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const t = (key: string) => translate(`accountEdits.zones.fields.${key}`);
  // A kind stored before the list existed stays selectable.
  const kinds: string[] = [...ZONE_EVENT_TYPES];
  if (eventType && !kinds.includes(eventType)) kinds.push(eventType);

  async function save() {
    if (!description.trim()) return setErrors({ description: 'validation.required' });
    const id = `${zone.devNum}-${zone.zoneNum}`;
    const outcome = await edit.run(
      () =>
        dataProvider.update(audience.resource('zones'), { id, data: { description: description.trim(), eventType }, previousData: { id } }),
      {
        key: 'accountEdits.zones.updated',
        args: { zoneNum: zone.zoneNum },
      },
    );
    if (outcome.ok) onClose();
    else {
      setErrors(outcome.fieldErrors);
      setFailure(outcome.message);
    }
  }

  return (
    <EditDialog
      open
      title={translate('accountEdits.zones.editTitle', { zoneNum: zone.zoneNum })}
      busy={edit.busy}
      error={failure}
      onClose={onClose}
      onSubmit={() => void save()}
    >
      <OrderedFields
        ui={zonesUi}
        inputs={{
          description: (
            <EditField
              label={t('description')}
              required
              value={description}
              onChange={(e) => {
                setDescription(e.target.value);
                setErrors(({ description: _d, ...rest }) => rest);
              }}
              error={errors.description}
              slotProps={{ htmlInput: { maxLength: ZONE_DESCRIPTION_MAX } }}
              autoFocus
            />
          ),
          eventType: (
            <EditField
              select
              label={t('eventType')}
              value={eventType}
              onChange={(e) => setEventType(e.target.value)}
              error={errors.eventType}
            >
              {kinds.map((kind) => (
                <MenuItem key={kind} value={kind}>
                  {(ZONE_EVENT_TYPES as readonly string[]).includes(kind)
                    ? translate(`${zonesUi.fields.eventType.optionLabels}.${kind}`)
                    : kind}
                </MenuItem>
              ))}
            </EditField>
          ),
        }}
      />
    </EditDialog>
  );
}
