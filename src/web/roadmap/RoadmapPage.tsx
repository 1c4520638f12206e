import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EventIcon from '@mui/icons-material/Event';
import MapIcon from '@mui/icons-material/Map';
import { useDelete, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { ROADMAP_STATUSES, type RoadmapItem } from '../../../schemas/documents.js';
import { canAccess } from '../../common/access.js';
import { formatDay } from '../../common/billing.js';
import { useSession } from '../providers/useSession.js';
import { RoadmapItemDialog } from './RoadmapItemDialog.js';
import { cardDate, groupByStatus, STATUS_COLORS } from './roadmapRules.js';

function RoadmapCard({
  item,
  canEdit,
  onEdit,
  onDelete,
}: {
  item: RoadmapItem;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const date = cardDate(item);
  return (
    <Card component="li" variant="outlined" data-testid="roadmap-card" aria-label={item.title} sx={{ opacity: item.published ? 1 : 0.75 }}>
      <CardContent sx={{ '&:last-child': { pb: 2 } }}>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {item.title}
        </Typography>
        {item.description && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {item.description}
          </Typography>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, alignItems: 'center', flexWrap: 'wrap', gap: 0.5 }}>
          <Chip
            size="small"
            variant="outlined"
            icon={<EventIcon />}
            label={date ? translate(`roadmap.card.${date.key}`, { date: formatDay(date.day, locale) }) : translate('roadmap.card.noDate')}
          />
          {!item.published && <Chip size="small" label={translate('roadmap.card.draft')} />}
          {canEdit && (
            <Box sx={{ ml: 'auto !important', mr: -1 }}>
              <IconButton size="small" onClick={onEdit} aria-label={translate('roadmap.actions.edit', { title: item.title })}>
                <EditIcon fontSize="small" />
              </IconButton>
              <IconButton size="small" onClick={onDelete} aria-label={translate('roadmap.actions.delete', { title: item.title })}>
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

const CHIP_FILL = { planned: '#1565c0', inProgress: '#8a5300', shipped: '#2e7d32' } as const;

const RESOURCE = 'roadmapItems';
/**
 * Every item in one page, in the server's own order (soonest target first, newest shipped
 * first: the groups keep it), which an empty sort field asks for (dataProvider.ts).
 */
const ALL_ITEMS = { pagination: { page: 1, perPage: 500 }, sort: { field: '', order: 'ASC' as const } };

/**
 * /home/product-roadmap: the items staff publish, in three groups (planned, in
 * progress, shipped) side by side on wide screens and one under another on phones. Staff with
 * canEdit add, change and delete items, and see drafts.
 */
export function RoadmapPage() {
  const { user } = useSession();
  const canEdit = canAccess(user, { resource: 'roadmapItems', action: 'edit' });
  const translate = useTranslate();
  const notify = useNotify();
  const roadmap = useGetList<RoadmapItem>(RESOURCE, ALL_ITEMS);
  const [deleteOne, { isPending: removing }] = useDelete<RoadmapItem>();
  const queryClient = useQueryClient();
  // After a delete the list is read again (a save's dialog refreshes every list itself).
  const reload = () => void queryClient.invalidateQueries({ queryKey: [RESOURCE] });
  const [editing, setEditing] = useState<RoadmapItem | 'new'>();
  const [deleting, setDeleting] = useState<RoadmapItem>();
  const groups = groupByStatus(roadmap.data ?? []);

  const remove = async () => {
    if (!deleting) return;
    try {
      await deleteOne(RESOURCE, { id: deleting.id, previousData: deleting }, { returnPromise: true });
      reload();
      notify('roadmap.notices.deleted', { type: 'success' });
    } catch {
      // The transport has said what went wrong.
    }
    setDeleting(undefined);
  };

  return (
    <Box sx={{ maxWidth: 1280 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography variant="body1" color="text.secondary">
          {translate('roadmap.intro')}
        </Typography>
        {canEdit && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} sx={{ flexShrink: 0 }}>
            {translate('roadmap.actions.add')}
          </Button>
        )}
      </Stack>
      {roadmap.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void roadmap.refetch()}>
              {translate('roadmap.actions.retry')}
            </Button>
          }
        >
          {translate('roadmap.notices.loadFailed')}
        </Alert>
      ) : roadmap.isSuccess && roadmap.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="roadmap-empty">
          <MapIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden="true" />
          <Typography variant="h6" component="p" sx={{ mt: 1 }}>
            {translate('roadmap.empty.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('roadmap.empty.text')}
          </Typography>
        </Paper>
      ) : (
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' }, gap: 2, alignItems: 'start' }}>
          {ROADMAP_STATUSES.map((status) => (
            <Paper
              key={status}
              component="section"
              variant="outlined"
              aria-labelledby={`roadmap-${status}`}
              data-testid={`roadmap-${status}`}
              sx={{ p: 1.5, bgcolor: 'action.hover', borderTop: 3, borderTopColor: `${STATUS_COLORS[status]}.main` }}
            >
              <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1.5, px: 0.5 }}>
                <Typography id={`roadmap-${status}`} variant="h6" component="h2" sx={{ fontSize: '1rem', fontWeight: 600 }}>
                  {translate(`roadmap.statuses.${status}`)}
                </Typography>
                {roadmap.isSuccess && (
                  <Chip
                    size="small"
                    // Filled in the portal's dark status colours under white text (axe: 4.5:1 and more).
                    sx={{ bgcolor: CHIP_FILL[status], color: '#fff', fontWeight: 600 }}
                    label={translate('roadmap.count', { smart_count: groups[status].length })}
                  />
                )}
              </Stack>
              {roadmap.isPending ? (
                <Stack spacing={1.5} aria-busy="true">
                  {[0, 1].map((i) => (
                    <Skeleton key={i} variant="rounded" height={110} />
                  ))}
                </Stack>
              ) : groups[status].length === 0 ? (
                <Typography variant="body2" color="text.secondary" sx={{ px: 0.5, py: 2 }}>
                  {translate('roadmap.empty.column')}
                </Typography>
              ) : (
                <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
                  {groups[status].map((item) => (
                    <RoadmapCard
                      key={item.id}
                      item={item}
                      canEdit={canEdit}
                      onEdit={() => setEditing(item)}
                      onDelete={() => setDeleting(item)}
                    />
                  ))}
                </Stack>
              )}
            </Paper>
          ))}
        </Box>
      )}
      {editing && <RoadmapItemDialog item={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />}
      <Dialog open={!!deleting} onClose={() => setDeleting(undefined)} aria-labelledby="roadmap-delete-title">
        <DialogTitle id="roadmap-delete-title">{translate('roadmap.dialog.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('roadmap.dialog.deleteText', { title: deleting?.title ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(undefined)}>{translate('roadmap.actions.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void remove()} disabled={removing}>
            {translate('roadmap.actions.confirmDelete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
