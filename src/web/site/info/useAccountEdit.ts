import { useCallback, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify } from 'react-admin';
import { failureMessage } from '../../providers/errorMessages.js';
import { useSiteAudience } from '../../resources/siteAudience.js';

/**
 * Runs one change of the account made outside its dialogs (a removal, the calling order) and then
 * reloads the account (react-admin's `sites` getOne) so every section shows what the server
 * stored. Success says `success` in the snackbar (null: the caller said it already); a failure
 * says the server's text or §8's default there. The dialogs save through ResourceDialog.
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
    async (action: () => Promise<unknown>, success: { key: string; args?: Record<string, unknown> } | null): Promise<void> => {
      setBusy(true);
      try {
        await action();
        await reload();
        if (success) notify(success.key, { type: 'success', messageArgs: success.args });
      } catch (error) {
        notify(failureMessage(error, 'accountEdits.saveFailed'), { type: 'error' });
      } finally {
        setBusy(false);
      }
    },
    [notify, reload],
  );

  return { run, busy };
}
