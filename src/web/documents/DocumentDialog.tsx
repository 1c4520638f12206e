import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import {
  DOCUMENT_AUDIENCES,
  DOCUMENT_LIMITS,
  LIBRARY_DOCUMENT_MAX_BYTES,
  type DocumentAudience,
  type DocumentLibrary,
  type LibraryDocument,
  type LibraryDocumentInput,
} from '../../../schemas/documents.js';
import { ACCEPT, checkChosenFile } from '../../common/documentFiles.js';
import { PHONE_MAX_WIDTH } from './documentRules.js';

const MAX_LABEL = `${LIBRARY_DOCUMENT_MAX_BYTES / 1024 / 1024} MB`;

/** Tags typed in one field, split on commas (the server cleans them the same way). */
const splitTags = (text: string) =>
  text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/**
 * Upload a document to the library (title, tags, audience, one file), or change an uploaded
 * one's title, tags and audience (`document` given). Full screen on phones.
 */
export function DocumentDialog({
  library,
  document,
  onClose,
  onSubmit,
}: {
  library: DocumentLibrary;
  document?: LibraryDocument;
  onClose: () => void;
  onSubmit: (input: LibraryDocumentInput, file: File | undefined) => Promise<void>;
}) {
  const translate = useTranslate();
  const id = useId();
  const phone = useMediaQuery(`(max-width:${PHONE_MAX_WIDTH}px)`);
  const [title, setTitle] = useState(document?.title ?? '');
  const [tags, setTags] = useState(document?.tags.join(', ') ?? '');
  const [audience, setAudience] = useState<DocumentAudience>(document?.audience ?? (library === 'marketing' ? 'staff' : 'dealers'));
  const [file, setFile] = useState<File>();
  const [fileError, setFileError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [touched, setTouched] = useState(false);
  const titleMissing = touched && !title.trim();
  const tooManyTags = splitTags(tags).length > DOCUMENT_LIMITS.tagsMax;

  const choose = (chosen: File | undefined) => {
    if (!chosen) return;
    const check = checkChosenFile(chosen, LIBRARY_DOCUMENT_MAX_BYTES);
    if (check !== 'ok') {
      setFile(undefined);
      setFileError(translate(check === 'type' ? 'documents.errors.notAllowed' : 'documents.errors.tooLarge', { max: MAX_LABEL }));
      return;
    }
    setFileError(undefined);
    setFile(chosen);
    if (!title.trim()) setTitle(chosen.name.replace(/\.[^.]+$/, '').replace(/[-_]+/g, ' '));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!title.trim() || tooManyTags) return;
    if (!document && !file) {
      setFileError(translate('documents.errors.fileRequired'));
      return;
    }
    setBusy(true);
    setError(undefined);
    try {
      await onSubmit({ library, title: title.trim(), tags: splitTags(tags), audience }, file);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullScreen={phone} fullWidth maxWidth="sm" aria-labelledby={`${id}-title`}>
      <Box component="form" onSubmit={(e) => void submit(e)} noValidate sx={{ display: 'contents' }}>
        <DialogTitle id={`${id}-title`}>
          {document
            ? translate('documents.dialog.editTitle')
            : translate('documents.dialog.uploadTitle', { library: translate(`documents.libraries.${library}`) })}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && <Alert severity="error">{error}</Alert>}
            {!document && (
              <Box>
                <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
                    {translate('documents.actions.chooseFile')}
                    <input hidden type="file" accept={ACCEPT} data-testid="document-file" onChange={(e) => choose(e.target.files?.[0])} />
                  </Button>
                  <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ wordBreak: 'break-all' }}>
                    {file?.name ?? translate('documents.dialog.noFile')}
                  </Typography>
                </Stack>
                <Typography
                  variant="caption"
                  component="p"
                  color={fileError ? 'error' : 'text.secondary'}
                  sx={{ mt: 0.5 }}
                  role={fileError ? 'alert' : undefined}
                >
                  {fileError ?? translate('documents.dialog.fileHint', { max: MAX_LABEL })}
                </Typography>
              </Box>
            )}
            <TextField
              label={translate('documents.fields.title')}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
              onBlur={() => setTouched(true)}
              required
              error={titleMissing}
              helperText={titleMissing ? translate('validation.required') : undefined}
              slotProps={{ htmlInput: { maxLength: DOCUMENT_LIMITS.titleMax } }}
            />
            <TextField
              label={translate('documents.fields.tags')}
              value={tags}
              onChange={(e) => setTags(e.target.value)}
              error={tooManyTags}
              helperText={translate('documents.fields.tagsHint', { max: DOCUMENT_LIMITS.tagsMax })}
            />
            <TextField
              select
              label={translate('documents.fields.audience')}
              value={audience}
              onChange={(e) => setAudience(e.target.value as DocumentAudience)}
            >
              {DOCUMENT_AUDIENCES.map((a) => (
                <MenuItem key={a} value={a}>
                  {translate(`documents.audiences.${a}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={busy}>
            {translate('documents.actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy}>
            {translate(document ? 'documents.actions.save' : 'documents.actions.uploadSubmit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
