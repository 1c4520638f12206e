import { useCallback, useEffect, useRef, useState } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Snackbar from '@mui/material/Snackbar';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useDataProvider, useTranslate } from 'react-admin';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { MAX_CONTACTS, moveItem } from '../../../common/callList.js';
import { ContactDialog } from './ContactDialog.js';
import { ConfirmRemove } from './ConfirmRemove.js';
import { phoneDisplay } from './editRules.js';
import { Empty } from './SiteInfoParts.js';
import { callOrder } from './siteInfoRules.js';
import { useAccountEdit } from './useAccountEdit.js';
import { useSiteAudience } from '../../resources/siteAudience.js';
import type { PortalDataProvider } from '../../providers/dataProvider.js';

type SiteContact = SiteDetail['contacts'][number];

function ContactRow({
  contact,
  index,
  count,
  onMove,
  onEdit,
  onRemove,
  disabled,
}: {
  contact: SiteContact;
  index: number;
  count: number;
  onMove: (from: number, to: number) => void;
  onEdit: () => void;
  onRemove: () => void;
  disabled: boolean;
}) {
  const translate = useTranslate();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: contact.contactId,
  });
  const t = (key: string) => translate(`accountEdits.contacts.${key}`, { name: contact.name });
  const phone = phoneDisplay(contact.phoneNumber);
  return (
    <Box
      component="li"
      ref={setNodeRef}
      data-testid="call-list-row"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        p: 1,
        mb: 1,
        border: 1,
        borderColor: isDragging ? 'primary.main' : 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        boxShadow: isDragging ? 4 : 0,
        position: 'relative',
        zIndex: isDragging ? 1 : 0,
        transform: CSS.Transform.toString(transform),
        transition,
      }}
    >
      <IconButton
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={t('dragHandle')}
        disabled={disabled}
        sx={{ cursor: 'grab', touchAction: 'none' }}
      >
        <DragIndicatorIcon />
      </IconButton>
      <Typography component="span" sx={{ fontWeight: 700, minWidth: '1.5em', textAlign: 'right' }} aria-hidden="true">
        {index + 1}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body1" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
          {contact.name}
        </Typography>
        {contact.relation && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {contact.relation}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary" data-testid="call-list-phone">
          {phone ?? '—'}
        </Typography>
        <Stack direction="row" spacing={0.5} sx={{ mt: 0.5, flexWrap: 'wrap', rowGap: 0.5 }}>
          {contact.verifies && <Chip size="small" variant="outlined" label={translate('siteInfo.contacts.verifies')} />}
          {contact.hasKey && <Chip size="small" variant="outlined" label={translate('siteInfo.contacts.keyHolder')} />}
          {contact.passcodeMasked && <Chip size="small" variant="outlined" label={translate('accountEdits.contacts.hasPasscode')} />}
        </Stack>
      </Box>
      <Box sx={{ display: 'flex', flexWrap: { xs: 'wrap', sm: 'nowrap' }, justifyContent: 'flex-end', maxWidth: { xs: 96, sm: 'none' } }}>
        <Tooltip title={t('moveUp')}>
          <span>
            <IconButton aria-label={t('moveUp')} disabled={disabled || index === 0} onClick={() => onMove(index, index - 1)}>
              <ArrowUpwardIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('moveDown')}>
          <span>
            <IconButton aria-label={t('moveDown')} disabled={disabled || index === count - 1} onClick={() => onMove(index, index + 1)}>
              <ArrowDownwardIcon />
            </IconButton>
          </span>
        </Tooltip>
        <Tooltip title={t('editLabel')}>
          <IconButton aria-label={t('editLabel')} onClick={onEdit} disabled={disabled}>
            <EditOutlinedIcon />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('removeLabel')}>
          <IconButton aria-label={t('removeLabel')} onClick={onRemove} disabled={disabled}>
            <DeleteOutlineIcon />
          </IconButton>
        </Tooltip>
      </Box>
    </Box>
  );
}

/**
 * The call list being edited: reorder by dragging, by the keyboard (a handle: Space,
 * arrows, Space; dnd-kit's KeyboardSensor with sortableKeyboardCoordinates, announced to screen
 * readers) or with the up and down buttons; add and edit in a dialog; remove after a confirmation.
 * Each new order is saved at once (PUT /api/sites/{siteNum}/contacts/order).
 */
export function CallListEditor({ site }: { site: SiteDetail }) {
  const audience = useSiteAudience();
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const edit = useAccountEdit();
  // The order being saved (shown at once); the account's own once it is stored and reloaded.
  const [pending, setPending] = useState<SiteContact[] | null>(null);
  // A contact removed is hidden at once and deleted when its Undo snackbar closes (or the editor does).
  const [removed, setRemoved] = useState<SiteContact | null>(null);
  const removedRef = useRef<SiteContact | null>(null);
  const order = (pending ?? callOrder(site.contacts)).filter((c) => c.contactId !== removed?.contactId);
  const [editing, setEditing] = useState<SiteContact | 'new' | null>(null);
  const [removing, setRemoving] = useState<SiteContact | null>(null);

  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }));
  const nameOf = (id: string | number) => order.find((c) => c.contactId === Number(id))?.name ?? '';
  const positionOf = (id: string | number) => order.findIndex((c) => c.contactId === Number(id)) + 1;
  const dnd = (key: string, id: string | number, position: number) =>
    translate(`accountEdits.contacts.dnd.${key}`, { name: nameOf(id), position, count: order.length });
  const announcements: Announcements = {
    onDragStart: ({ active }) => dnd('pickedUp', active.id, positionOf(active.id)),
    onDragOver: ({ active, over }) => (over ? dnd('movedOver', active.id, positionOf(over.id)) : undefined),
    onDragEnd: ({ active, over }) => (over ? dnd('dropped', active.id, positionOf(over.id)) : undefined),
    onDragCancel: ({ active }) => dnd('cancelled', active.id, positionOf(active.id)),
  };

  async function move(from: number, to: number) {
    const next = moveItem(order, from, to);
    if (from === to) return;
    // The order names every contact the server has: a removal waiting for its Undo is done first.
    if (removedRef.current) await finishRemoval();
    setPending(next);
    await edit.run(
      () =>
        dataProvider.saveContactOrder(
          audience.resource('sites'),
          site.siteNum,
          next.map((c) => c.contactId),
        ),
      { key: 'accountEdits.contacts.orderSaved' },
    );
    setPending(null);
  }

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    void move(positionOf(active.id) - 1, positionOf(over.id) - 1);
  }

  const { run } = edit;
  const commitRemoval = useCallback(
    (contact: SiteContact) =>
      run(
        () => dataProvider.delete(audience.resource('contacts'), { id: contact.contactId, previousData: { id: contact.contactId } }),
        null,
      ),
    [run, dataProvider, audience],
  );
  const commitRef = useRef(commitRemoval);
  useEffect(() => {
    commitRef.current = commitRemoval;
  }, [commitRemoval]);
  async function finishRemoval() {
    const contact = removedRef.current;
    removedRef.current = null;
    if (contact) await commitRemoval(contact);
    setRemoved(null);
  }
  // Leaving the editor (Done, another page) deletes what is still waiting for its Undo.
  useEffect(
    () => () => {
      if (removedRef.current) void commitRef.current(removedRef.current);
    },
    [],
  );

  const full = order.length >= MAX_CONTACTS;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" id="call-list-help" sx={{ mb: 1 }}>
        {translate('accountEdits.contacts.reorderHelp')}
      </Typography>
      {order.length === 0 ? (
        <Empty>{translate('accountEdits.contacts.empty')}</Empty>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{ announcements, screenReaderInstructions: { draggable: translate('accountEdits.contacts.reorderHelp') } }}
        >
          <SortableContext items={order.map((c) => c.contactId)} strategy={verticalListSortingStrategy}>
            <Box
              component="ol"
              aria-label={translate('siteInfo.sections.contacts')}
              aria-describedby="call-list-help"
              sx={{ listStyle: 'none', m: 0, p: 0 }}
            >
              {order.map((contact, index) => (
                <ContactRow
                  key={contact.contactId}
                  contact={contact}
                  index={index}
                  count={order.length}
                  disabled={edit.busy}
                  onMove={(from, to) => void move(from, to)}
                  onEdit={() => setEditing(contact)}
                  onRemove={() => setRemoving(contact)}
                />
              ))}
            </Box>
          </SortableContext>
        </DndContext>
      )}
      <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setEditing('new')} disabled={full} sx={{ mt: 1 }}>
        {translate('accountEdits.contacts.add')}
      </Button>
      {full && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('accountEdits.contacts.tooMany')}
        </Typography>
      )}
      {editing !== null && (
        <ContactDialog
          key={editing === 'new' ? 'new' : editing.contactId}
          siteNum={site.siteNum}
          contact={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmRemove
        open={removing !== null}
        title={translate('accountEdits.contacts.removeTitle', { name: removing?.name ?? '' })}
        text={translate('accountEdits.contacts.removeText')}
        busy={edit.busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const contact = removing!;
          setRemoving(null);
          // One removal waits for its Undo at a time: an earlier one is done now.
          const earlier = removedRef.current;
          removedRef.current = contact;
          setRemoved(contact);
          if (earlier) void commitRemoval(earlier);
        }}
      />
      <Snackbar
        open={removed !== null}
        autoHideDuration={6000}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') void finishRemoval();
        }}
        message={removed ? translate('accountEdits.contacts.removed', { name: removed.name }) : ''}
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => {
              removedRef.current = null;
              setRemoved(null);
            }}
          >
            {translate('accountEdits.undo')}
          </Button>
        }
      />
    </Box>
  );
}
