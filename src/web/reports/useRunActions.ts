import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useDelete, useNotify } from 'react-admin';
import type { ReportRun } from '../../../schemas/reports.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { failureMessage } from '../providers/errorMessages.js';

export const RUNS = 'reportRuns';

/**
 * Run again, Cancel and Delete of one run, for the inbox's rows and the run's page: each
 * through the dataProvider, with its success or failure notice (SPEC §8 texts), and every
 * cached page of runs reloaded after it. `after` says where the screen goes next: the new
 * run of a re-run, or away from a deleted run. Delete asks first: `askDelete` opens the
 * confirmation whose state `deleteConfirm` is (RunDeleteConfirm).
 */
export function useRunActions(run: ReportRun, name: string, after: { rerun?: (next: ReportRun) => void; deleted?: () => void } = {}) {
  const notify = useNotify();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [deleteOne, { isPending: deleting }] = useDelete();
  const reload = () => queryClient.invalidateQueries({ queryKey: [RUNS] });

  const act = async (call: () => Promise<{ data: ReportRun }>, success: string, failure: string) => {
    setBusy(true);
    try {
      const { data } = await call();
      notify(success, { type: 'success', messageArgs: { name } });
      return data;
    } catch (error) {
      notify(failureMessage(error, failure), { type: 'error' });
      return undefined;
    } finally {
      setBusy(false);
      void reload();
    }
  };

  const rerun = async () => {
    const next = await act(
      () => dataProvider.rerunReportRun(run.id),
      'reportScreens.inbox.rerunStarted',
      'reportScreens.inbox.rerunFailed',
    );
    if (next) after.rerun?.(next);
  };
  const cancel = () => act(() => dataProvider.cancelReportRun(run.id), 'reportScreens.inbox.cancelled', 'reportScreens.inbox.cancelFailed');
  const remove = () =>
    deleteOne(
      RUNS,
      { id: run.id, previousData: run },
      {
        mutationMode: 'pessimistic',
        onSuccess: () => {
          setConfirming(false);
          notify('reportScreens.inbox.deleted', { type: 'success', messageArgs: { name } });
          after.deleted?.();
          void reload();
        },
        onError: (error) => {
          setConfirming(false);
          notify(failureMessage(error, 'reportScreens.inbox.deleteFailed'), { type: 'error' });
        },
      },
    );
  const deleteConfirm = { open: confirming, loading: deleting, onConfirm: remove, onClose: () => setConfirming(false) };

  return { busy, rerun, cancel, askDelete: () => setConfirming(true), deleteConfirm };
}
