import { useState } from 'react';
import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import EditIcon from '@mui/icons-material/Edit';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import ImageIcon from '@mui/icons-material/Image';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdf';
import SearchIcon from '@mui/icons-material/Search';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useDelete, useGetList, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { DocumentLibrary, LibraryDocument } from '../../../schemas/documents.js';
import { canAccess } from '../../common/access.js';
import { documentFileUrl } from '../providers/methods/documentsMethods.js';
import { useSession } from '../providers/useSession.js';
import { DocumentDialog } from './DocumentDialog.js';
import { formatSize, PHONE_MAX_WIDTH, tagsOf } from './documentRules.js';

interface RowActions {
  canEdit: boolean;
  onEdit: (doc: LibraryDocument) => void;
  onDelete: (doc: LibraryDocument) => void;
}

const KindIcon = ({ doc }: { doc: LibraryDocument }) =>
  doc.contentType === 'application/pdf' ? (
    <PictureAsPdfIcon color="error" aria-hidden="true" />
  ) : (
    <ImageIcon color="primary" aria-hidden="true" />
  );

function Tags({ doc, onTag }: { doc: LibraryDocument; onTag: (tag: string) => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {doc.tags.map((tag) => (
        <Chip key={tag} size="small" label={tag} onClick={() => onTag(tag)} aria-label={translate('documents.search.tagFilter', { tag })} />
      ))}
      {doc.audience === 'staff' && <Chip size="small" color="warning" variant="outlined" label={translate('documents.audiences.staff')} />}
    </Box>
  );
}

function DownloadButton({ doc, full = false }: { doc: LibraryDocument; full?: boolean }) {
  const translate = useTranslate();
  return (
    <Button
      href={documentFileUrl(doc.id)}
      download={doc.fileName}
      variant={full ? 'outlined' : 'text'}
      size="small"
      fullWidth={full}
      startIcon={<DownloadIcon />}
      aria-label={translate('documents.actions.downloadNamed', { title: doc.title })}
    >
      {translate('documents.actions.download')}
    </Button>
  );
}

function EditButtons({ doc, actions }: { doc: LibraryDocument; actions: RowActions }) {
  const translate = useTranslate();
  if (!actions.canEdit) return null;
  return (
    <>
      <Tooltip title={translate('documents.actions.edit')}>
        <IconButton
          size="small"
          onClick={() => actions.onEdit(doc)}
          aria-label={translate('documents.actions.editNamed', { title: doc.title })}
        >
          <EditIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('documents.actions.delete')}>
        <IconButton
          size="small"
          onClick={() => actions.onDelete(doc)}
          aria-label={translate('documents.actions.deleteNamed', { title: doc.title })}
        >
          <DeleteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

function DocumentTable({ docs, actions, onTag }: { docs: LibraryDocument[]; actions: RowActions; onTag: (tag: string) => void }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell sx={{ width: '45%' }}>{translate('documents.fields.title')}</TableCell>
            <TableCell>{translate('documents.fields.tags')}</TableCell>
            <TableCell>{translate('documents.fields.updated')}</TableCell>
            <TableCell sx={{ textAlign: 'right' }}>{translate('documents.fields.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {docs.map((doc) => (
            <TableRow key={doc.id} hover data-testid="document-row">
              <TableCell>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                  <KindIcon doc={doc} />
                  <Box sx={{ minWidth: 0 }}>
                    <Typography variant="body2" sx={{ fontWeight: 500 }}>
                      {doc.title}
                    </Typography>
                    <Typography variant="caption" component="p" color="text.secondary" title={doc.fileName}>
                      {translate(`documents.kinds.${doc.contentType}`)} · {formatSize(doc.sizeBytes, locale)}
                    </Typography>
                  </Box>
                </Stack>
              </TableCell>
              <TableCell>
                <Tags doc={doc} onTag={onTag} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{date.format(new Date(doc.updatedAt))}</TableCell>
              <TableCell sx={{ textAlign: 'right', whiteSpace: 'nowrap' }}>
                <DownloadButton doc={doc} />
                <EditButtons doc={doc} actions={actions} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function DocumentCards({ docs, actions, onTag }: { docs: LibraryDocument[]; actions: RowActions; onTag: (tag: string) => void }) {
  const translate = useTranslate();
  const [locale = 'en'] = useLocaleState();
  const date = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  return (
    <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {docs.map((doc) => (
        <Card component="li" key={doc.id} variant="outlined" data-testid="document-card" aria-label={doc.title}>
          <CardContent sx={{ pb: 1 }}>
            <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start' }}>
              <KindIcon doc={doc} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="subtitle2" component="h3">
                  {doc.title}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="p">
                  {translate(`documents.kinds.${doc.contentType}`)} · {formatSize(doc.sizeBytes, locale)} ·{' '}
                  {date.format(new Date(doc.updatedAt))}
                </Typography>
              </Box>
            </Stack>
            <Box sx={{ mt: 1 }}>
              <Tags doc={doc} onTag={onTag} />
            </Box>
          </CardContent>
          <CardActions sx={{ px: 2, pb: 2, pt: 0 }}>
            <DownloadButton doc={doc} full />
            <EditButtons doc={doc} actions={actions} />
          </CardActions>
        </Card>
      ))}
    </Stack>
  );
}

function LibrarySkeleton({ phone }: { phone: boolean }) {
  return (
    <Stack spacing={1} aria-busy="true" data-testid="documents-loading">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={phone ? 120 : 52} />
      ))}
    </Stack>
  );
}

const RESOURCE = 'documents';

/** One library's documents matching the search (title or tag), all in one page, in the server's order (an empty sort field). */
function useDocuments(library: DocumentLibrary, q: string, tag: string | undefined) {
  const filter = { library, ...(q.trim() && { q: q.trim() }), ...(tag && { tag }) };
  return useGetList<LibraryDocument>(
    RESOURCE,
    { filter, pagination: { page: 1, perPage: 500 }, sort: { field: '', order: 'ASC' } },
    { placeholderData: keepPreviousData },
  );
}

/** Delete (the dialog's upload and change read every list again themselves); the library's lists are read again. */
function useDocumentDelete() {
  const queryClient = useQueryClient();
  const [deleteOne, { isPending: removing }] = useDelete<LibraryDocument>();
  return {
    remove: async (doc: LibraryDocument) => {
      await deleteOne(RESOURCE, { id: doc.id, previousData: doc }, { returnPromise: true });
      void queryClient.invalidateQueries({ queryKey: [RESOURCE] });
    },
    removing,
  };
}

/**
 * /resources and /marketing: a document library. Everyone the access table lets in
 * browses, searches by title or tag and downloads; staff the table lets create documents (canEdit)
 * upload, change and delete. A table on wide screens, cards on phones.
 */
function DocumentLibraryPage({ library }: { library: DocumentLibrary }) {
  const { user } = useSession();
  const canEdit = canAccess(user, { resource: 'documents', action: 'create' });
  const translate = useTranslate();
  const notify = useNotify();
  const [locale = 'en'] = useLocaleState();
  const phone = useMediaQuery(`(max-width:${PHONE_MAX_WIDTH}px)`);
  const [q, setQ] = useState('');
  const [tag, setTag] = useState<string>();
  const [editing, setEditing] = useState<LibraryDocument | 'new'>();
  const [deleting, setDeleting] = useState<LibraryDocument>();
  const documents = useDocuments(library, q, tag);
  const all = useDocuments(library, '', undefined);
  const writes = useDocumentDelete();
  const docs = documents.data ?? [];
  const tags = tagsOf(all.data ?? [], locale);
  const searching = !!q.trim() || !!tag;
  const actions: RowActions = { canEdit, onEdit: setEditing, onDelete: setDeleting };

  const remove = async () => {
    if (!deleting) return;
    try {
      await writes.remove(deleting);
      notify('documents.notices.deleted', { type: 'success' });
    } catch {
      // The transport has said what went wrong.
    }
    setDeleting(undefined);
  };

  return (
    <Box sx={{ maxWidth: 1200 }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
      >
        <Typography variant="body1" color="text.secondary">
          {translate(`documents.intro.${library}`)}
        </Typography>
        {canEdit && (
          <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setEditing('new')} sx={{ flexShrink: 0 }}>
            {translate('documents.actions.upload')}
          </Button>
        )}
      </Stack>
      <TextField
        type="search"
        size="small"
        value={q}
        onChange={(e) => setQ(e.target.value)}
        label={translate('documents.search.label')}
        fullWidth={phone}
        sx={{ minWidth: { sm: 320 }, mb: 1.5 }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      {tags.length > 0 && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mb: 2 }} role="group" aria-label={translate('documents.fields.tags')}>
          <Chip
            label={translate('documents.search.allTags')}
            color={tag ? 'default' : 'primary'}
            variant={tag ? 'outlined' : 'filled'}
            onClick={() => setTag(undefined)}
          />
          {tags.map((t) => (
            <Chip
              key={t}
              label={t}
              color={tag === t ? 'primary' : 'default'}
              variant={tag === t ? 'filled' : 'outlined'}
              onClick={() => setTag(tag === t ? undefined : t)}
              aria-pressed={tag === t}
            />
          ))}
        </Box>
      )}
      {documents.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void documents.refetch()}>
              {translate('documents.actions.retry')}
            </Button>
          }
        >
          {translate('documents.notices.loadFailed')}
        </Alert>
      ) : documents.isPending ? (
        <LibrarySkeleton phone={phone} />
      ) : docs.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }} data-testid="documents-empty">
          <FolderOpenIcon color="disabled" sx={{ fontSize: 48 }} aria-hidden="true" />
          <Typography variant="h6" component="p" sx={{ mt: 1 }}>
            {translate(searching ? 'documents.empty.noMatch' : 'documents.empty.title')}
          </Typography>
          {searching ? (
            <Button
              sx={{ mt: 1 }}
              onClick={() => {
                setQ('');
                setTag(undefined);
              }}
            >
              {translate('documents.empty.clear')}
            </Button>
          ) : (
            <Typography variant="body2" color="text.secondary">
              {translate('documents.empty.text')}
            </Typography>
          )}
        </Paper>
      ) : (
        <>
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }} aria-live="polite">
            {translate('documents.search.count', { smart_count: docs.length })}
          </Typography>
          {phone ? (
            <DocumentCards docs={docs} actions={actions} onTag={setTag} />
          ) : (
            <DocumentTable docs={docs} actions={actions} onTag={setTag} />
          )}
        </>
      )}
      {editing && (
        <DocumentDialog library={library} document={editing === 'new' ? undefined : editing} onClose={() => setEditing(undefined)} />
      )}
      <Dialog open={!!deleting} onClose={() => setDeleting(undefined)} aria-labelledby="document-delete-title">
        <DialogTitle id="document-delete-title">{translate('documents.dialog.deleteTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('documents.dialog.deleteText', { title: deleting?.title ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(undefined)}>{translate('documents.actions.cancel')}</Button>
          <Button color="error" variant="contained" onClick={() => void remove()} disabled={writes.removing}>
            {translate('documents.actions.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

/** /resources: the documents resource's page (src/web/documents/index.ts). */
export function ResourcesLibraryPage() {
  return <DocumentLibraryPage library="resources" />;
}

/** /marketing: application 1's library (SPEC §2 Marketing). */
export function MarketingLibraryPage() {
  return <DocumentLibraryPage library="marketing" />;
}
