import { useEffect, useId, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import DeleteIcon from '@mui/icons-material/Delete';
import { useWatch } from 'react-hook-form';
import { Confirm, Form, useDataProvider, useDelete, useGetOne, useNotify, useRefresh, useTranslate } from 'react-admin';
import { newsItemInputSchema, type NewsItem } from '../../../schemas/news.js';
import { FormSubmitButton } from '../forms/FormSubmitButton.js';
import { schemaValidator } from '../forms/schemaValidator.js';
import { failureMessage, fieldErrors } from '../providers/errorMessages.js';
import type { NewsCardItem } from './NewsCard.js';
import { deleteDocument, uploadDocument } from './newsApi.js';
import { NewsForm } from './NewsForm.js';
import { NewsPreviewTile } from './NewsPreviewTile.js';
import { savePlan, toNewsInput } from './newsRules.js';

const validate = schemaValidator(newsItemInputSchema);

const NEW_ITEM = {
  title: '',
  body: '',
  effectiveDate: null,
  expirationDate: null,
  order: null,
  icon: null,
  color: null,
  url: null,
  documentName: null,
  hasDocument: false,
};

/** Editing target: a new item, or an existing one by id. */
export type EditTarget = { id?: number } | null;

/** The live preview tile of the form's values, also reported to the page's tile. */
function LivePreview({ onPreview }: { onPreview: (item: NewsCardItem) => void }) {
  const [title, body, icon, color, url, documentName] = useWatch({ name: ['title', 'body', 'icon', 'color', 'url', 'documentName'] });
  const item = useMemo(
    () => ({
      title: title ?? '',
      body: body ?? '',
      icon: icon ?? null,
      color: color ?? null,
      url: url || null,
      hasDocument: !!documentName,
    }),
    [title, body, icon, color, url, documentName],
  );
  useEffect(() => onPreview(item), [onPreview, item]);
  return <NewsPreviewTile item={item.title || item.body ? item : undefined} />;
}

function DeleteNewsButton({ record, onDeleted }: { record: NewsItem; onDeleted: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  const confirm = () =>
    deleteOne(
      'news',
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify('news.messages.deleted', { type: 'success' });
          refresh();
          onDeleted();
        },
        onError: (error) => {
          setOpen(false);
          notify(failureMessage(error, 'news.messages.deleteError'), { type: 'error' });
        },
      },
    );
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)} sx={{ mr: 'auto' }}>
        {translate('news.setup.delete')}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title="news.setup.deleteTitle"
        content="ra.message.delete_content"
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function EditorContent({
  id,
  onClose,
  onSaved,
  onPreview,
  titleId,
}: {
  id?: number;
  onClose: () => void;
  onSaved: (id: number) => void;
  onPreview: (item: NewsCardItem | undefined) => void;
  titleId: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider();
  const editing = id !== undefined;
  const { data: record, isPending, error } = useGetOne<NewsItem>('news', { id: id! }, { enabled: editing });

  useEffect(() => () => onPreview(undefined), [onPreview]);

  const submit = async (values: Record<string, unknown>) => {
    // SPEC §4 news save: the item only if it changed, then the document.
    const plan = savePlan(record, values);
    let saved: NewsItem | undefined = record;
    try {
      if (plan.item === 'create')
        saved = (await dataProvider.create<NewsItem>('news', { data: toNewsInput(values) as Partial<NewsItem> })).data;
      else if (plan.item === 'update')
        saved = (await dataProvider.update<NewsItem>('news', { id: id!, data: toNewsInput(values), previousData: record! })).data;
    } catch (e) {
      notify(failureMessage(e, 'news.messages.saveError'), { type: 'error' });
      return fieldErrors(e);
    }
    try {
      if (plan.document.kind === 'upload') saved = await uploadDocument(saved!.id, plan.document.file);
      else if (plan.document.kind === 'delete') saved = await deleteDocument(saved!.id);
    } catch (e) {
      const message = translate('news.document.uploadError', { message: translate(failureMessage(e, 'news.messages.saveError')) });
      notify(message, { type: 'error' });
      refresh();
      // A new item exists now: the drawer edits it, so trying again does not create another.
      if (!editing && saved) onSaved(saved.id);
      return { documentFile: message };
    }
    notify('news.messages.saved', { type: 'success' });
    refresh();
    onClose();
    return undefined;
  };

  if (editing && isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label={translate('ra.page.loading')} />
      </Box>
    );
  }
  if (editing && (error || !record)) {
    return (
      <Typography sx={{ p: 3 }} color="error">
        {translate('news.messages.loadError')}
      </Typography>
    );
  }

  return (
    <Form
      key={record?.id ?? 'new'}
      record={record ?? NEW_ITEM}
      onSubmit={submit}
      validate={validate}
      mode="onChange"
      reValidateMode="onChange"
      noValidate
      sanitizeEmptyValues={false}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 3, pt: 2 }}>
        <Typography id={titleId} variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {translate(editing ? 'news.setup.editTitle' : 'news.setup.createTitle')}
        </Typography>
        <IconButton onClick={onClose} aria-label={translate('news.setup.close')}>
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ px: 3, py: 1, overflowY: 'auto', flexGrow: 1 }}>
        <NewsForm />
        <Box sx={{ mt: 2 }}>
          <LivePreview onPreview={onPreview} />
        </Box>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
        {editing && record && <DeleteNewsButton record={record} onDeleted={onClose} />}
        <FormSubmitButton label={editing ? 'news.setup.save' : 'news.setup.create'} />
      </Box>
    </Form>
  );
}

/**
 * SPEC §2 news setup slide-over: 'Create News' or 'Edit News' with Create or
 * Save, and Delete only when editing (a Drawer over react-admin's Form, as
 * its own dialog editing is Enterprise-only).
 */
export function NewsEditor({
  target,
  onClose,
  onRetarget,
  onPreview,
}: {
  target: EditTarget;
  onClose: () => void;
  onRetarget: (target: EditTarget) => void;
  onPreview: (item: NewsCardItem | undefined) => void;
}) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={target !== null}
      onClose={onClose}
      slotProps={{
        paper: { sx: { width: { xs: '100%', sm: 560 }, display: 'flex' }, role: 'dialog', 'aria-labelledby': titleId } as object,
      }}
    >
      {target && (
        <Box sx={{ height: '100%', '& > form': { display: 'flex', flexDirection: 'column', height: '100%' } }} data-testid="news-editor">
          <EditorContent
            key={target.id ?? 'new'}
            id={target.id}
            onClose={onClose}
            onSaved={(id) => onRetarget({ id })}
            onPreview={onPreview}
            titleId={titleId}
          />
        </Box>
      )}
    </Drawer>
  );
}
