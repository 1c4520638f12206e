import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { clientMessage } from '../../providers/errorMessages.js';
import { useSiteAudience } from '../../resources/siteAudience.js';

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
