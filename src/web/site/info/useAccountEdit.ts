import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useNotify } from 'react-admin';
import { clientMessage } from '../../providers/errorMessages.js';
import { useSiteAudience, type SiteResourceName } from '../../resources/siteAudience.js';

/** The outcome of a save: done, or the failure's message and the server's text per field (the form keeps what was typed). */
export type SaveOutcome = { ok: true } | { ok: false; message: string; fieldErrors: Record<string, string> };

/**
 * Runs one edit of the account (a create, update, delete or the calling order) and then reloads
 * the account (react-admin's `sites` getOne) so every section shows what the server stored.
 * Success says `success` in the snackbar (null: the caller said it already); a failure is answered to the form (its field texts
 * beside the inputs), or in the snackbar when `notifyFailure`.
 */
export function useAccountEdit() {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const audience = useSiteAudience();
  const reload = useCallback(
    () => queryClient.invalidateQueries({ queryKey: [audience.resource('sites'), 'getOne'] }),
    [queryClient, audience],
  );

  const run = useCallback(
    async (
      action: () => Promise<unknown>,
      success: { key: string; args?: Record<string, unknown> } | null,
      options: { notifyFailure?: boolean } = {},
    ): Promise<SaveOutcome> => {
      setBusy(true);
      try {
        await action();
        await reload();
        if (success) notify(success.key, { type: 'success', messageArgs: success.args });
        return { ok: true };
      } catch (error) {
        const { message, fieldErrors } = clientMessage(error, 'accountEdits.saveFailed');
        if (options.notifyFailure || !fieldErrors) notify(message, { type: 'error' });
        return { ok: false, message, fieldErrors: fieldErrors ?? {} };
      } finally {
        setBusy(false);
      }
    },
    [notify, reload],
  );

  return { run, busy, reload };
}

export type AccountEdit = ReturnType<typeof useAccountEdit>;

/** One save of an add-or-edit dialog: a row added to the account (no id) or changed, and the snackbar's text. */
export interface EditorSave {
  resource: SiteResourceName;
  /** The row changed; undefined to add one. */
  id?: number;
  siteNum: number;
  data: Record<string, unknown>;
  success: { key: string; args?: Record<string, unknown> };
}

/**
 * The form of one of the account's add-or-edit dialogs: its values, whether Save was pressed
 * (required fields speak only from then on), the server's text per field and the failure's
 * message. The dialog closes once the server stored the row; a failure keeps what was typed.
 */
export function useEditor<F extends object>(edit: AccountEdit, onClose: () => void, initial: () => F) {
  const audience = useSiteAudience();
  const dataProvider = useDataProvider();
  const [form, setForm] = useState(initial);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [submitted, setSubmitted] = useState(false);

  async function save({ resource, id, siteNum, data, success }: EditorSave) {
    const outcome = await edit.run(
      () =>
        id === undefined
          ? dataProvider.create(audience.resource(resource), { data: { siteNum, ...data } })
          : dataProvider.update(audience.resource(resource), { id, data, previousData: { id } }),
      success,
    );
    if (outcome.ok) onClose();
    else {
      setServerErrors(outcome.fieldErrors);
      setFailure(outcome.message);
    }
  }

  return {
    form,
    submitted,
    serverErrors,
    /** Sets one value, and forgets the server's text of that field: it spoke of the old value. */
    set: <K extends keyof F & string>(key: K, value: F[K]) => {
      setForm((f) => ({ ...f, [key]: value }));
      setServerErrors(({ [key]: _dropped, ...rest }) => rest);
    },
    /** EditDialog's props. Save sends what `request` gives; nothing while a rule fails, so its messages show instead. */
    dialog: (request: () => EditorSave | undefined) => ({
      open: true,
      busy: edit.busy,
      error: failure,
      onClose,
      onSubmit: () => {
        setSubmitted(true);
        const next = request();
        if (next) void save(next);
      },
    }),
  };
}
