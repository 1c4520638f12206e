import { useState } from 'react';
import { useNotify } from 'react-admin';

/**
 * A download button's state: which download is under way (one at a time per hook), and a way to
 * start one that tells the user when it failed.
 */
export function useDownload() {
  const notify = useNotify();
  const [busy, setBusy] = useState<string>();
  const run = async (key: string, download: () => Promise<void>, failure: { message: string; args?: Record<string, unknown> }) => {
    setBusy(key);
    try {
      await download();
    } catch {
      notify(failure.message, { type: 'error', messageArgs: failure.args });
    } finally {
      setBusy(undefined);
    }
  };
  return { busy, run };
}
