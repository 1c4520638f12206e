import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useFormState } from 'react-hook-form';
import { useNotify, useTranslate, type RaRecord } from 'react-admin';
import type { UiHints } from '../../../schemas/uiHints.js';
import { FormSubmitButton } from '../forms/FormSubmitButton.js';
import { SchemaForm, type SchemaFormSlot } from '../forms/SchemaForm.js';
import type { ObjectSchema } from '../forms/schemaFields.js';
import { clientMessage } from '../providers/errorMessages.js';
import { DeleteRecordButton, RecordFormBase, SchemaValidatedForm, type DeleteTexts, type RecordFormBaseProps } from './RecordFormBase.js';

/** Locale keys of what a dialog form's frame says. */
interface DialogFrameTexts {
  /** 'Add Contact' / 'Edit Contact'. */
  title: string;
  /** The title's arguments ('Manage %{name}'). */
  titleArgs?: Record<string, unknown>;
  /** The submit button (default Save). */
  submit?: string;
  /** Cancel (default 'Cancel'); Close where the dialog only shows. */
  cancel?: string;
  /** A sentence above the fields saying what the form does. */
  explanation?: string;
}

/** Locale keys of what the dialog says. */
export interface ResourceDialogTexts extends DialogFrameTexts {
  saved: RecordFormBaseProps['texts']['saved'];
  saveError: string;
  loadError: string;
  /** Try again beside an edit's load failure. */
  retry?: string;
  /** Edits that offer Delete. */
  deleteTexts?: DeleteTexts;
}

/** What a dialog form draws besides its buttons: the schema's inputs and what goes around them. */
interface DialogFormContent {
  /** The entity's UI hints: the inputs SchemaForm draws from the schema. */
  ui: UiHints;
  /** The form's one-off widgets (the named ones are in forms/widgets.tsx). */
  slots?: Record<string, SchemaFormSlot>;
  /** What goes above the inputs (an explanation) and below them (a preview). */
  intro?: ReactNode;
  children?: ReactNode;
  /** Narrower than the default for a form of two or three short fields. */
  maxWidth?: 'xs' | 'sm';
  onClose: () => void;
}

export interface ResourceDialogProps extends Omit<RecordFormBaseProps, 'texts' | 'onSaved' | 'children' | 'frame'>, DialogFormContent {
  texts: ResourceDialogTexts;
  /** After a save, before the dialog closes: the stored record. */
  onSaved?: (record: RaRecord) => void;
  /** After this save the dialog stays open (a step still to come: a code sent to a new email). */
  stayOpen?: (record: RaRecord) => boolean;
  /** Save is enabled only once the form changed and is valid (a record edited in place, saved as a whole). */
  saveOnlyChanges?: boolean;
}

/** Cancel, out of reach while the form saves. */
function CancelButton({ label, onClose }: { label: string; onClose: () => void }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  return (
    <Button onClick={onClose} disabled={isSubmitting}>
      {translate(label)}
    </Button>
  );
}

/** SPEC §8's message of the last failed save, above the fields; gone while the next save runs. */
function FailureAlert({ failure }: { failure?: string }) {
  const translate = useTranslate();
  const { isSubmitting } = useFormState();
  if (!failure || isSubmitting) return null;
  return (
    <Alert severity="error" role="alert" sx={{ mb: 2 }}>
      {translate(failure)}
    </Alert>
  );
}

/** The MUI dialog every dialog form is drawn in: labelled by its title, full screen on a phone. */
function DialogShell({
  titleId,
  maxWidth = 'sm',
  onClose,
  children,
}: {
  titleId: string;
  maxWidth?: 'xs' | 'sm';
  onClose: () => void;
  children: ReactNode;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={fullScreen}
      fullWidth
      maxWidth={maxWidth}
      // The form sits between the dialog and its parts: a column too, so the fields scroll between a
      // fixed title and buttons, and a full-screen (phone) dialog keeps its buttons at the bottom.
      slotProps={{ paper: { sx: { '& > form': { display: 'flex', flexDirection: 'column', flex: '1 1 auto', minHeight: 0 } } } }}
    >
      {children}
    </Dialog>
  );
}

/**
 * Inside a dialog's form: the title, the failure, the inputs SchemaForm draws from the schema
 * and its hints with what goes around them, then the buttons (the form's own first, Cancel, and
 * the submit button unless the form only shows).
 */
function DialogFormFrame({
  titleId,
  texts,
  schema,
  ui,
  slots,
  intro,
  children,
  failure,
  actions,
  readOnly,
  saveOnlyChanges,
  onClose,
}: DialogFormContent & {
  titleId: string;
  texts: DialogFrameTexts;
  schema: ObjectSchema;
  failure?: string;
  actions?: ReactNode;
  readOnly?: boolean;
  saveOnlyChanges?: boolean;
}) {
  const translate = useTranslate();
  return (
    <>
      <DialogTitle id={titleId}>{translate(texts.title, texts.titleArgs)}</DialogTitle>
      {/* The top padding keeps the first input's floating label clear of the title. */}
      <DialogContent sx={{ '&&': { pt: 1 } }}>
        <FailureAlert failure={failure} />
        {texts.explanation && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {translate(texts.explanation)}
          </Typography>
        )}
        {intro}
        <SchemaForm schema={schema} ui={ui} slots={slots} />
        {children}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
        {actions}
        <CancelButton label={texts.cancel ?? 'ra.action.cancel'} onClose={onClose} />
        {!readOnly && <FormSubmitButton label={texts.submit ?? 'ra.action.save'} alwaysEnable={!saveOnlyChanges} />}
      </DialogActions>
    </>
  );
}

/** The failure of a save as the dialog shows it: §8's message above the fields unless the server named the fields at fault. */
function failureOf(error: unknown, defaultKey: string): string | undefined {
  const { message, fieldErrors } = clientMessage(error, defaultKey);
  return fieldErrors ? undefined : message;
}

/**
 * The one dialog every small record is created and edited in (a contact, a zone, a passcode, a
 * schedule, a roadmap item, a library document…): RecordFormBase (react-admin's CreateBase or
 * EditBase, the schema's validation, a 400's field texts beside the inputs) with the inputs
 * SchemaForm draws from the entity's JSON Schema and UI hints, full screen on a phone. Save stays
 * enabled (unless `saveOnlyChanges`), so a press shows every message at once (the entity's required fields speak from then
 * on); a failure keeps what was typed and says §8's message above the fields. Opened by the
 * page's state, not a route: these records are edited where they are listed.
 */
export function ResourceDialog({
  texts,
  ui,
  slots,
  maxWidth,
  onClose,
  onSaved,
  stayOpen,
  saveOnlyChanges,
  onFailure,
  intro,
  children,
  ...form
}: ResourceDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const [failure, setFailure] = useState<string>();
  return (
    <DialogShell titleId={titleId} maxWidth={maxWidth} onClose={onClose}>
      <RecordFormBase
        {...form}
        texts={texts}
        onSaved={(record) => {
          onSaved?.(record);
          if (!stayOpen?.(record)) onClose();
        }}
        onFailure={(error) => {
          if (onFailure?.(error)) return true;
          setFailure(failureOf(error, texts.saveError));
          return true;
        }}
        frame={(content) => (
          <>
            <DialogTitle id={titleId}>{translate(texts.title, texts.titleArgs)}</DialogTitle>
            <DialogContent>{content}</DialogContent>
            <DialogActions sx={{ px: 3, pb: 2 }}>
              <Button onClick={onClose}>{translate(texts.cancel ?? 'ra.action.cancel')}</Button>
            </DialogActions>
          </>
        )}
      >
        <DialogFormFrame
          titleId={titleId}
          texts={texts}
          schema={form.schema}
          ui={ui}
          slots={slots}
          intro={intro}
          failure={failure}
          actions={form.target.mode === 'edit' && texts.deleteTexts && <DeleteRecordButton texts={texts.deleteTexts} onDeleted={onClose} />}
          saveOnlyChanges={saveOnlyChanges}
          onClose={onClose}
        >
          {children}
        </DialogFormFrame>
      </RecordFormBase>
    </DialogShell>
  );
}

export interface SubmitDialogProps<Result> extends DialogFormContent {
  texts: DialogFrameTexts & {
    /** The snackbar's success text: a locale key, or the key and its arguments from what the call answered. */
    saved: string | ((result: Result) => { key: string; args?: Record<string, unknown> });
    /** §8's default message of a failure. */
    saveError: string;
  };
  /** The form's JSON Schema: its validation (the server's ajv and messages). */
  schema: RecordFormBaseProps['schema'];
  /** The form's validation when the schema alone cannot say it. */
  validate?: RecordFormBaseProps['validate'];
  /** The values the form starts with. */
  values?: Record<string, unknown>;
  /** The call the form makes (a dataProvider method): what it answers, or a failure. */
  submit: (values: Record<string, unknown>) => Promise<Result>;
  /** After a success, before the dialog closes. */
  onSaved?: (result: Result) => void | Promise<void>;
  /** After a success the dialog stays open (its record's other actions are still at hand). */
  stayOpen?: boolean;
  /** Buttons of the dialog's own before Cancel (an action on the record shown). */
  actions?: ReactNode;
  /** No submit button: the form only shows (a record the user may not change). */
  readOnly?: boolean;
  /** The failure of one of the dialog's own actions: said where a failed save is, the latest of the two shown. */
  failure?: string;
}

/**
 * ResourceDialog's frame for a form whose save is no record's create or update (an invitation,
 * a new account link: a method of the dataProvider): react-admin's Form with `onSubmit`, the
 * schema as its validation, the inputs from the schema and its hints; a success says its text
 * and closes, a failure keeps what was typed, with a 400's field texts beside the inputs and
 * §8's message above them.
 */
export function SubmitDialog<Result>({
  texts,
  schema,
  validate,
  values,
  submit,
  onSaved,
  stayOpen,
  ui,
  slots,
  intro,
  children,
  maxWidth,
  actions,
  readOnly,
  failure: outerFailure,
  onClose,
}: SubmitDialogProps<Result>) {
  const titleId = useId();
  const notify = useNotify();
  const [failure, setFailure] = useState<string>();
  // An action's failure (or its clearing, as it starts again) replaces what a save said last.
  const [lastOuter, setLastOuter] = useState(outerFailure);
  if (outerFailure !== lastOuter) {
    setLastOuter(outerFailure);
    setFailure(outerFailure);
  }
  const save = async (formValues: Record<string, unknown>) => {
    setFailure(undefined);
    try {
      const result = await submit(formValues);
      const saved = typeof texts.saved === 'string' ? { key: texts.saved } : texts.saved(result);
      notify(saved.key, { type: 'success', messageArgs: saved.args });
      await onSaved?.(result);
      if (!stayOpen) onClose();
      return undefined;
    } catch (error) {
      setFailure(failureOf(error, texts.saveError));
      return clientMessage(error, texts.saveError).fieldErrors;
    }
  };
  return (
    <DialogShell titleId={titleId} maxWidth={maxWidth} onClose={onClose}>
      <SchemaValidatedForm schema={schema} validate={validate} record={values} onSubmit={save}>
        <DialogFormFrame
          titleId={titleId}
          texts={texts}
          schema={schema}
          ui={ui}
          slots={slots}
          intro={intro}
          failure={failure}
          actions={actions}
          readOnly={readOnly}
          onClose={onClose}
        >
          {children}
        </DialogFormFrame>
      </SchemaValidatedForm>
    </DialogShell>
  );
}
