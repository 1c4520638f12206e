import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import type { AnySchema } from 'ajv';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import {
  Confirm,
  CreateBase,
  EditBase,
  Form,
  useCanAccess,
  useDelete,
  useNotify,
  useRecordContext,
  useRefresh,
  useResourceContext,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { FormSubmitButton } from '../forms/FormSubmitButton.js';
import type { ObjectSchema } from '../forms/schemaFields.js';
import { lazySchemaValidator } from '../forms/lazySchemaValidator.js';
import { failureMessage } from '../providers/errorMessages.js';
import { slideOverPath, slideOverTarget } from './slideOverRoute.js';

/** Locale keys of everything the slide-over says (SPEC §2 and §8 texts for news). */
export interface SlideOverTexts {
  /** 'Create News', 'Edit News'. */
  createTitle: string;
  editTitle: string;
  /** The submit buttons: 'Create', 'Save'. */
  create: string;
  save: string;
  delete: string;
  close: string;
  deleteTitle: string;
  deleteConfirm: string;
  /** §8 success and default error messages. */
  saved: string;
  deleted: string;
  loadError: string;
  saveError: string;
  deleteError: string;
}

/**
 * A save that stored the record, then failed a later step (an upload, say): the record
 * exists, so a new one must not be created again. `errors` go beside the form's inputs.
 */
export class PartialSaveError extends Error {
  readonly body: { message: string; errors: Record<string, string> };
  constructor(
    readonly savedId: RaRecord['id'],
    message: string,
    errors: Record<string, string> = {},
  ) {
    super(message);
    this.body = { message, errors };
  }
}

export interface SlideOverProps {
  /** The page the slide-over opens over; it opens on `${basePath}/create` and `${basePath}/:id`. */
  basePath: string;
  /** The entity's JSON Schema: the form's validation (the server's ajv and messages). */
  schema: AnySchema & ObjectSchema;
  texts: SlideOverTexts;
  /** The values a new record starts with. */
  defaults?: Record<string, unknown>;
  /** The form: a SchemaForm, and whatever goes beside it (a live preview). */
  children: ReactNode;
  /** Resource; the ResourceContext's when left out. */
  resource?: string;
  /** The form's validation when the schema alone cannot say it (nested values): react-admin's `validate`. */
  validate?: (values: Record<string, unknown>) => Promise<object> | object;
  /** What is sent, from the form's values (only the input's fields, say): react-admin's `transform`. */
  transform?: (values: Record<string, unknown>) => Record<string, unknown>;
}

function Loading() {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
      <CircularProgress aria-label={translate('ra.page.loading')} />
    </Box>
  );
}

function DeleteRecordButton({ texts, onDeleted }: { texts: SlideOverTexts; onDeleted: () => void }) {
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
    deleteOne(
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

/** The form inside the drawer: title and close, the fields, and the Delete and Create/Save buttons. */
function SlideOverForm({
  mode,
  schema,
  texts,
  titleId,
  onClose,
  children,
  validate: validateProp,
}: {
  mode: 'create' | 'edit';
  schema: AnySchema & ObjectSchema;
  texts: SlideOverTexts;
  titleId: string;
  onClose: () => void;
  children: ReactNode;
  validate?: SlideOverProps['validate'];
}) {
  const translate = useTranslate();
  const record = useRecordContext();
  const validate = useMemo(() => validateProp ?? lazySchemaValidator(schema), [validateProp, schema]);
  return (
    <Form key={record?.id ?? 'new'} validate={validate} mode="onChange" reValidateMode="onChange" noValidate sanitizeEmptyValues={false}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate(mode === 'edit' ? texts.editTitle : texts.createTitle)}
        </Typography>
        <IconButton onClick={onClose} aria-label={translate(texts.close)} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ px: 3, py: 2, overflowY: 'auto', flexGrow: 1 }}>{children}</Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}>
        {mode === 'edit' && <DeleteRecordButton texts={texts} onDeleted={onClose} />}
        <FormSubmitButton label={mode === 'edit' ? texts.save : texts.create} />
      </Box>
    </Form>
  );
}

/**
 * The one slide-over every resource edits in: a MUI Drawer on the right (full width on
 * phones) over react-admin's CreateBase or EditBase (react-admin's own drawer editing is
 * Enterprise-only), opened by route (`${basePath}/create`, `${basePath}/:id`) so reload and
 * Back work. It checks access (canAccess 'create' / 'edit' / 'delete'), loads the record,
 * validates with the entity's schema, enables the submit button only when the form changed
 * and is valid, saves pessimistically, shows the server's message or the default (SPEC §8,
 * errorMessages.ts) and puts a 400's field texts beside the inputs. Extra save steps (an
 * upload after the record) are mutation middlewares the form registers
 * (useRegisterMutationMiddleware); one that fails after the record was stored throws a
 * {@link PartialSaveError}, and a new record then reopens as an edit.
 */
export function SlideOver({ basePath, schema, texts, defaults, children, resource: resourceProp, validate, transform }: SlideOverProps) {
  const contextResource = useResourceContext();
  const resource = resourceProp ?? contextResource;
  if (!resource) throw new Error('SlideOver needs a resource');
  const titleId = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const refresh = useRefresh();
  const translate = useTranslate();
  const target = slideOverTarget(location.pathname, basePath);
  const close = useCallback(() => navigate(slideOverPath(basePath)), [navigate, basePath]);

  const onSuccess = () => {
    notify(texts.saved, { type: 'success' });
    refresh();
    close();
  };
  const onError = (error: unknown) => {
    if (error instanceof PartialSaveError) {
      notify(error.message, { type: 'error' });
      refresh();
      if (target?.mode === 'create') navigate(slideOverPath(basePath, { mode: 'edit', id: String(error.savedId) }), { replace: true });
      return;
    }
    notify(failureMessage(error, texts.saveError), { type: 'error' });
  };

  const form = (mode: 'create' | 'edit') => (
    <SlideOverForm mode={mode} schema={schema} texts={texts} titleId={titleId} onClose={close} validate={validate}>
      {children}
    </SlideOverForm>
  );

  return (
    <Drawer
      anchor="right"
      open={!!target}
      onClose={close}
      slotProps={{
        paper: {
          // The theme's paper colour, not the dark mode's lighter elevation overlay.
          sx: { width: { xs: '100%', sm: 560 }, maxWidth: '100%', display: 'flex', backgroundImage: 'none' },
          role: 'dialog',
          'aria-labelledby': titleId,
        } as object,
      }}
    >
      {/* The drawer's column: a fixed header and footer around the scrolling fields. */}
      <Box
        data-testid="slide-over"
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          '& > form': { display: 'flex', flexDirection: 'column', height: '100%' },
        }}
      >
        {target?.mode === 'create' && (
          <CreateBase
            resource={resource}
            record={defaults}
            redirect={false}
            transform={transform}
            mutationOptions={{ onSuccess, onError }}
            loading={<Loading />}
          >
            {form('create')}
          </CreateBase>
        )}
        {target?.mode === 'edit' && (
          <EditBase
            key={target.id}
            resource={resource}
            id={target.id}
            mutationMode="pessimistic"
            redirect={false}
            redirectOnError={false}
            transform={transform}
            mutationOptions={{ onSuccess, onError }}
            queryOptions={{ onError: (error: unknown) => notify(failureMessage(error, texts.loadError), { type: 'error' }) }}
            loading={<Loading />}
            error={
              <Alert severity="error" sx={{ m: 3 }}>
                {translate(texts.loadError)}
              </Alert>
            }
          >
            {form('edit')}
          </EditBase>
        )}
      </Box>
    </Drawer>
  );
}

/** A list's 'New …' button: opens the create slide-over of `basePath`. */
export function SlideOverCreateLink({ basePath, label }: { basePath: string; label: string }) {
  return (
    <Button
      component={RouterLink}
      to={slideOverPath(basePath, { mode: 'create' })}
      variant="contained"
      size="small"
      startIcon={<AddIcon />}
    >
      {label}
    </Button>
  );
}

/** The 'New …' button for those the access table lets create `resource`. */
export function SlideOverCreateButton({ basePath, resource, label }: { basePath: string; resource: string; label: string }) {
  const { canAccess } = useCanAccess({ resource, action: 'create' });
  return canAccess ? <SlideOverCreateLink basePath={basePath} label={label} /> : null;
}
