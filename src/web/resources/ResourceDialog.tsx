import { useEffect, useId, useRef, type ReactNode, type RefObject } from 'react';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useFormState } from 'react-hook-form';
import { useTranslate, type RaRecord } from 'react-admin';
import type { UiHints } from '../../../schemas/uiHints.js';
import { FormSubmitButton } from '../forms/FormSubmitButton.js';
import { SchemaForm, type SchemaFormSlot } from '../forms/SchemaForm.js';
import { DeleteRecordButton, RecordFormBase, type DeleteTexts, type RecordFormBaseProps } from './RecordFormBase.js';

/** Locale keys of what the dialog says. */
export interface ResourceDialogTexts {
  /** 'Add Contact' / 'Edit Contact'. */
  title: string;
  /** The title's arguments ('Edit zone %{zoneNum}'). */
  titleArgs?: Record<string, unknown>;
  /** The submit button (default Save). */
  submit?: string;
  /** Cancel (default 'Cancel'). */
  cancel?: string;
  saved: RecordFormBaseProps['texts']['saved'];
  saveError: string;
  loadError: string;
  /** Edits that offer Delete. */
  deleteTexts?: DeleteTexts;
}

export interface ResourceDialogProps extends Omit<RecordFormBaseProps, 'texts' | 'onSaved' | 'children'> {
  texts: ResourceDialogTexts;
  /** The entity's UI hints: the inputs SchemaForm draws from the schema. */
  ui: UiHints;
  /** The form's one-off widgets (the named ones are in forms/widgets.tsx). */
  slots?: Record<string, SchemaFormSlot>;
  onClose: () => void;
  /** After a save, before the dialog closes: the stored record. */
  onSaved?: (record: RaRecord) => void;
  /** What goes above the inputs (an explanation) and below them (a preview). */
  intro?: ReactNode;
  children?: ReactNode;
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

/** A dialog opened to type in: its first input takes the focus once the form is drawn. */
function FocusFirstInput({ within }: { within: RefObject<HTMLElement | null> }) {
  useEffect(() => {
    within.current
      ?.querySelector<HTMLElement>('input:not([type="hidden"]):not([aria-hidden="true"]):not(:disabled), textarea, [role="combobox"]')
      ?.focus();
  }, [within]);
  return null;
}

/**
 * The one dialog every small record is created and edited in (a contact, a zone, a passcode, a
 * schedule, a staff member, a roadmap item…): RecordFormBase (react-admin's CreateBase or
 * EditBase, the schema's validation, §8's messages, a 400's field texts beside the inputs) with
 * the inputs SchemaForm draws from the entity's JSON Schema and UI hints, full screen on a phone.
 * Save stays enabled, so a press shows every message at once (the entity's required fields speak
 * from then on); a failure keeps what was typed. Opened by the page's state, not a route: these
 * records are edited where they are listed (the account's sections).
 */
export function ResourceDialog({ texts, ui, slots, onClose, onSaved, intro, children, ...form }: ResourceDialogProps) {
  const translate = useTranslate();
  const titleId = useId();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const content = useRef<HTMLDivElement>(null);
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullScreen={fullScreen} fullWidth maxWidth="sm">
      <RecordFormBase
        {...form}
        texts={texts}
        onSaved={(record) => {
          onSaved?.(record);
          onClose();
        }}
      >
        <DialogTitle id={titleId}>{translate(texts.title, texts.titleArgs)}</DialogTitle>
        {/* The top padding keeps the first input's floating label clear of the title. */}
        <DialogContent ref={content} sx={{ '&&': { pt: 1 } }}>
          {intro}
          <SchemaForm schema={form.schema} ui={ui} slots={slots} />
          {children}
          <FocusFirstInput within={content} />
        </DialogContent>
        <DialogActions>
          {form.target.mode === 'edit' && texts.deleteTexts && <DeleteRecordButton texts={texts.deleteTexts} onDeleted={onClose} />}
          <CancelButton label={texts.cancel ?? 'ra.action.cancel'} onClose={onClose} />
          <FormSubmitButton label={texts.submit ?? 'ra.action.save'} alwaysEnable />
        </DialogActions>
      </RecordFormBase>
    </Dialog>
  );
}
