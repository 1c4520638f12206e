import { useCallback, useId, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import AddIcon from '@mui/icons-material/Add';
import type { AnySchema } from 'ajv';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { useCanAccess, useNotify, useRefresh, useResourceContext, useTranslate, type RaRecord } from 'react-admin';
import { FormSubmitButton } from '../forms/FormSubmitButton.js';
import type { ObjectSchema } from '../forms/schemaFields.js';
import { DeleteRecordButton, RecordFormBase, type DeleteTexts } from './RecordFormBase.js';
import { slideOverPath, slideOverTarget } from './slideOverRoute.js';

/** Locale keys of everything the slide-over says (SPEC §2 and §8 texts for news). */
export interface SlideOverTexts extends DeleteTexts {
  /** 'Create News', 'Edit News'. */
  createTitle: string;
  editTitle: string;
  /** The submit buttons: 'Create', 'Save'. */
  create: string;
  save: string;
  close: string;
  /** §8 success and default error messages. */
  saved: string;
  loadError: string;
  saveError: string;
}

/** The texts of records whose keys sit under one namespace (`<ns>.createTitle`, `<ns>.saved`, …), with the close button's `close`. */
export function slideOverTexts(ns: string, close: string): SlideOverTexts {
  const key = (name: string) => `${ns}.${name}`;
  return {
    createTitle: key('createTitle'),
    editTitle: key('editTitle'),
    create: key('create'),
    save: key('save'),
    delete: key('delete'),
    close,
    deleteTitle: key('deleteTitle'),
    deleteConfirm: key('deleteConfirm'),
    saved: key('saved'),
    deleted: key('deleted'),
    loadError: key('loadError'),
    saveError: key('saveError'),
    deleteError: key('deleteError'),
  };
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

/** The drawer's frame inside the form: title and close, the fields, and the Delete and Create/Save buttons. */
function SlideOverFrame({
  mode,
  texts,
  titleId,
  onClose,
  children,
}: {
  mode: 'create' | 'edit';
  texts: SlideOverTexts;
  titleId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <>
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
    </>
  );
}

/**
 * The one slide-over every resource edits in: a MUI Drawer on the right (full width on
 * phones) around RecordFormBase (react-admin's own drawer editing is Enterprise-only), opened
 * by route (`${basePath}/create`, `${basePath}/:id`) so reload and Back work. It checks access
 * (canAccess 'create' / 'edit' / 'delete'), enables the submit button only when the form
 * changed and is valid, and after a save closes. Extra save steps (an upload after the record)
 * are mutation middlewares the form registers (useRegisterMutationMiddleware); one that fails
 * after the record was stored throws a {@link PartialSaveError}, and a new record then reopens
 * as an edit.
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
  const target = slideOverTarget(location.pathname, basePath);
  const close = useCallback(() => void navigate(slideOverPath(basePath)), [navigate, basePath]);

  const onFailure = (error: unknown) => {
    if (!(error instanceof PartialSaveError)) return false;
    notify(error.message, { type: 'error' });
    refresh();
    if (target?.mode === 'create') navigate(slideOverPath(basePath, { mode: 'edit', id: String(error.savedId) }), { replace: true });
    return true;
  };

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
        {target && (
          <RecordFormBase
            key={target.mode === 'edit' ? target.id : 'create'}
            target={target}
            resource={resource}
            schema={schema}
            validate={validate}
            transform={transform}
            defaults={defaults}
            texts={texts}
            onSaved={close}
            onFailure={onFailure}
          >
            <SlideOverFrame mode={target.mode} texts={texts} titleId={titleId} onClose={close}>
              {children}
            </SlideOverFrame>
          </RecordFormBase>
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
