import Chip, { type ChipProps } from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import { Confirm, useTranslate } from 'react-admin';
import type { ReportRun, ReportRunStatus } from '../../../schemas/reports.js';

/** The small pieces the report screens share: a run's status chip and bar, Delete's confirmation, a load that failed. */

const STATUS_COLORS: Record<ReportRunStatus, ChipProps['color']> = {
  queued: 'default',
  running: 'primary',
  done: 'success',
  failed: 'error',
  cancelled: 'default',
};

/** A run's status as a chip (the inbox's rows and the run's page); `data-status` names it for the journeys. */
export function RunStatusChip({ status, size = 'small' }: { status: ReportRunStatus; size?: ChipProps['size'] }) {
  const translate = useTranslate();
  return (
    <Chip
      size={size}
      label={translate(`reports.statuses.${status}`)}
      color={STATUS_COLORS[status]}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      data-status={status}
    />
  );
}

/** The bar of a run on its way: how far a running one is, a moving bar while it waits in the queue. */
export function RunProgress({ run, name }: { run: Pick<ReportRun, 'status' | 'progress'>; name: string }) {
  const translate = useTranslate();
  return (
    <LinearProgress
      variant={run.status === 'running' ? 'determinate' : 'indeterminate'}
      value={run.progress}
      aria-label={translate('reportScreens.inbox.progress', { name, progress: run.progress })}
      sx={{ mt: 0.75, borderRadius: 1 }}
    />
  );
}

/** Delete's confirmation of one run, its state from useRunActions (`deleteConfirm`). */
export function RunDeleteConfirm({
  name,
  ...state
}: {
  name: string;
  open: boolean;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Confirm
      isOpen={state.open}
      loading={state.loading}
      title="reportScreens.inbox.deleteTitle"
      content="reportScreens.inbox.deleteConfirm"
      translateOptions={{ name }}
      onConfirm={state.onConfirm}
      onClose={state.onClose}
    />
  );
}
