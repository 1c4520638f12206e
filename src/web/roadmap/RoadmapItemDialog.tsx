import { useWatch } from 'react-hook-form';
import { roadmapItemInputSchema, roadmapItemUi, type RoadmapItem } from '../../../schemas/documents.js';
import type { SchemaFormSlot } from '../forms/SchemaForm.js';
import type { LaidOutField } from '../forms/schemaLayout.js';
import { WIDGETS } from '../forms/widgets.js';
import { ResourceDialog } from '../resources/ResourceDialog.js';
import { roadmapInput } from './roadmapRules.js';

const RESOURCE = 'roadmapItems';

/** The day it shipped: asked only of a shipped item (roadmapInput sends it only then). */
function ShippedOnInput({ field }: { field: LaidOutField }) {
  const status = useWatch({ name: 'status' }) as RoadmapItem['status'];
  return status === 'shipped' ? WIDGETS.date!(field) : null;
}

const SLOTS: Record<string, SchemaFormSlot> = { shippedOn: (field) => <ShippedOnInput field={field} /> };

/** A new item starts planned and published. */
const DEFAULTS = { title: '', description: '', status: 'planned', targetDate: null, shippedOn: null, published: true };

/**
 * Create or edit a roadmap item (staff with canEdit): the fields of the schema in roadmapItemUi's
 * layout, in the one dialog form; full screen on phones.
 */
export function RoadmapItemDialog({ item, onClose }: { item?: RoadmapItem; onClose: () => void }) {
  return (
    <ResourceDialog
      resource={RESOURCE}
      target={item ? { mode: 'edit', id: item.id } : { mode: 'create' }}
      placeholder={item}
      schema={roadmapItemInputSchema}
      ui={roadmapItemUi}
      slots={SLOTS}
      defaults={DEFAULTS}
      transform={roadmapInput}
      texts={{
        title: item ? 'roadmap.dialog.editTitle' : 'roadmap.dialog.createTitle',
        submit: item ? 'roadmap.actions.save' : 'roadmap.actions.create',
        cancel: 'roadmap.actions.cancel',
        saved: item ? 'roadmap.notices.saved' : 'roadmap.notices.created',
        saveError: 'roadmap.errors.saveFailed',
        loadError: 'roadmap.errors.loadFailed',
      }}
      onClose={onClose}
    />
  );
}
