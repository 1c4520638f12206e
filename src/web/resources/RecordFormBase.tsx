import { useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import DeleteIcon from '@mui/icons-material/Delete';
import type { AnySchema } from 'ajv';
import {
  Confirm,
  CreateBase,
  EditBase,
  Form,
  useCanAccess,
  useDelete,
  useEditContext,
  useNotify,
  useRecordContext,
  useRefresh,
  useRequireAccess,
  useResourceContext,
  useTranslate,
  type Identifier,
  type RaRecord,
} from 'react-admin';
import type { ObjectSchema } from '../forms/schemaFields.js';
import { lazySchemaValidator } from '../forms/lazySchemaValidator.js';
import { failureMessage } from '../providers/errorMessages.js';
import { LoadFailed } from './LoadFailed.js';

/** What a create or edit form opens: a new record, or one record by id. */
export type RecordTarget = { mode: 'create' } | { mode: 'edit'; id: Identifier };

/** The snackbar's success text: a locale key, or the key and its arguments from the stored record (null: the form says it). */
export type SavedText = string | ((record: RaRecord) => { key: string; args?: Record<string, unknown> } | null);

export interface RecordFormBaseProps {
  target: RecordTarget;
  resource: string;
  /**
   * The access table's entry (src/common/access.ts) when it is not named as the resource (the
   * customer's change requests, `msa/changeRequests`, are `msaAccount`'s): checked instead.
   */
  access?: string;
  /** The entity's JSON Schema: the form's validation (the server's ajv and messages). */
  schema: AnySchema & ObjectSchema;
  /** The form's validation when the schema alone cannot say it (nested values): react-admin's `validate`. */
  validate?: (values: Record<string, unknown>) => Promise<object> | object;
  /** What is sent, from the form's values: react-admin's `transform`. */
  transform?: (values: Record<string, unknown>) => Record<string, unknown>;
  /** The values a new record starts with. */
  defaults?: Record<string, unknown>;
  /** Edits: the record as the page already shows it, drawn at once while the fresh one loads. */
  placeholder?: RaRecord;
  /** `retry`: the label of Try again beside an edit's load failure (none: the message alone). */
  texts: { saved: SavedText; saveError: string; loadError: string; retry?: string };
  /** Draws what stands in for the form while there is none (loading, an edit's failed load) in the form's frame (a dialog's title and Close). */
  frame?: (content: ReactNode) => ReactNode;
  /** After a save: the stored record. */
  onSaved: (record: RaRecord) => void;
  /** A failure the caller handles itself (true: handled); any other shows §8's message. */
  onFailure?: (error: unknown) => boolean;
  /** Inside the form: its frame (title, the inputs, the buttons). */
  children: ReactNode;
  /** After the form, with its record at hand: a second step of a form of its own (a code sent to a new email). */
  after?: ReactNode;
}

function FormLoading() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={translate('ra.page.loading')} />
    </Box>
  );
}

const KEEP_TYPED = { keepDirtyValues: true };

/**
 * react-admin's Form validated by the entity's schema (or the form's own `validate`), checked as
 * typed. Inside CreateBase or EditBase it saves through them; elsewhere `onSubmit` saves.
 */
export function SchemaValidatedForm({
  schema,
  validate: validateProp,
  record: recordProp,
  onSubmit,
  children,
}: Pick<RecordFormBaseProps, 'schema' | 'validate' | 'children'> & {
  record?: Partial<RaRecord>;
  onSubmit?: (values: Record<string, unknown>) => unknown;
}) {
  const contextRecord = useRecordContext();
  const record = recordProp ?? contextRecord;
  const validate = useMemo(() => validateProp ?? lazySchemaValidator(schema), [validateProp, schema]);
  return (
    <Form
      key={record?.id ?? 'new'}
      record={recordProp}
      onSubmit={onSubmit}
      validate={validate}
      mode="onChange"
      reValidateMode="onChange"
      noValidate
      sanitizeEmptyValues={false}
      // Each message is beside its input; a snackbar saying 'the form is not valid' adds nothing.
      disableInvalidFormNotification
      // The fresh record replacing the placeholder (or a refetch) updates only what nobody has typed in yet.
      resetOptions={KEEP_TYPED}
    >
      {children}
    </Form>
  );
}

/** The access check of a resource checked under another entry's name: the controller's own is then off. */
function useAccessOf(resource: string, access: string | undefined, action: 'create' | 'edit') {
  const { isPending } = useRequireAccess({ resource: access ?? resource, action, enabled: !!access });
  return { disableAuthentication: !!access, isPending: !!access && isPending };
}

/** An edit whose record did not load: §8's message (the server's, or the default), Try again where the form offers it. */
function RecordLoadFailed({ messageKey, retryKey }: { messageKey: string; retryKey?: string }) {
  const translate = useTranslate();
  const { error, refetch } = useEditContext();
  return retryKey ? (
    <LoadFailed error={error} messageKey={messageKey} retryKey={retryKey} onRetry={refetch} />
  ) : (
    <Alert severity="error">{translate(failureMessage(error, messageKey))}</Alert>
  );
}

/**
 * The one create-or-edit form of a record, whatever frame it is drawn in (the slide-over's drawer,
 * ResourceDialog's dialog): react-admin's CreateBase or EditBase (pessimistic, no redirect), the
 * entity's schema as the form's validation, §8's messages (the server's, or the default), and a
 * 400's field texts beside the inputs (react-admin's save returns them to the form). Access is the
 * controllers' (authProvider.canAccess), or `access`'s entry when the resource's name is not the table's.
 */
export function RecordFormBase({
  target,
  resource,
  access,
  schema,
  validate,
  transform,
  defaults,
  placeholder,
  texts,
  onSaved,
  onFailure,
  frame,
  children,
  after,
}: RecordFormBaseProps) {
  const notify = useNotify();
  const refresh = useRefresh();
  const accessOf = useAccessOf(resource, access, target.mode);
  const onSuccess = (record: RaRecord) => {
    const saved = typeof texts.saved === 'string' ? { key: texts.saved } : texts.saved(record);
    if (saved) notify(saved.key, { type: 'success', messageArgs: saved.args });
    refresh();
    onSaved(record);
  };
  const onError = (error: unknown) => {
    if (onFailure?.(error)) return;
    notify(failureMessage(error, texts.saveError), { type: 'error' });
  };
  const form = (
    <SchemaValidatedForm schema={schema} validate={validate}>
      {children}
    </SchemaValidatedForm>
  );
  const loading = frame ? frame(<FormLoading />) : <FormLoading />;
  const loadFailed = <RecordLoadFailed messageKey={texts.loadError} retryKey={texts.retry} />;
  if (accessOf.isPending) return loading;
  if (target.mode === 'create') {
    return (
      <CreateBase
        resource={resource}
        disableAuthentication={accessOf.disableAuthentication}
        record={defaults}
        redirect={false}
        transform={transform}
        mutationOptions={{ onSuccess, onError }}
        loading={loading}
      >
        {form}
        {after}
      </CreateBase>
    );
  }
  return (
    <EditBase
      key={target.id}
      resource={resource}
      id={target.id}
      disableAuthentication={accessOf.disableAuthentication}
      mutationMode="pessimistic"
      redirect={false}
      redirectOnError={false}
      transform={transform}
      mutationOptions={{ onSuccess, onError }}
      queryOptions={{
        ...(placeholder && { placeholderData: placeholder }),
        // A frame says the failure where the form would be; without one the snackbar says it too.
        ...(!frame && { onError: (error: unknown) => notify(failureMessage(error, texts.loadError), { type: 'error' }) }),
      }}
      loading={loading}
      error={frame ? frame(loadFailed) : <Box sx={{ m: 3 }}>{loadFailed}</Box>}
    >
      {form}
      {after}
    </EditBase>
  );
}

/** Locale keys of a record's Delete button and its confirmation (§8 messages). */
export interface DeleteTexts {
  delete: string;
  deleteTitle: string;
  deleteConfirm: string;
  deleted: string;
  deleteError: string;
}

/** Delete, for those the access table lets delete the form's record: asks first, deletes pessimistically, says the outcome. */
export function DeleteRecordButton({ texts, onDeleted }: { texts: DeleteTexts; onDeleted: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const resource = useResourceContext();
  const record = useRecordContext();
  const { canAccess } = useCanAccess({ resource, action: 'delete', record });
  const [open, setOpen] = useState(false);
  const [deleteOne, { isPending }] = useDelete();
  if (!record || !canAccess) return null;
  const confirm = () =>
    void deleteOne(
      resource,
      { id: record.id, previousData: record },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setOpen(false);
          notify(texts.deleted, { type: 'success' });
          refresh();
          onDeleted();
        },
        onError: (error) => {
          setOpen(false);
          notify(failureMessage(error, texts.deleteError), { type: 'error' });
        },
      },
    );
  return (
    <>
      <Button color="error" startIcon={<DeleteIcon />} onClick={() => setOpen(true)} sx={{ mr: 'auto' }}>
        {translate(texts.delete)}
      </Button>
      <Confirm
        isOpen={open}
        loading={isPending}
        title={texts.deleteTitle}
        content={texts.deleteConfirm}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
