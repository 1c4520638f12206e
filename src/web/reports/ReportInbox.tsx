import { type MouseEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import InboxIcon from '@mui/icons-material/Inbox';
import ReplayIcon from '@mui/icons-material/Replay';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { List, useCanAccess, useLocaleState, useTranslate } from 'react-admin';
import { REPORT_IDS, REPORT_RUN_STATUSES, type ReportRun } from '../../../schemas/reports.js';
import { reportRunPath } from '../../common/reportPaths.js';
import { reportFileUrl } from '../providers/methods/reportsMethods.js';
import { useReportEvents } from '../realtime/reportFeed.js';
import { ListEmpty } from '../resources/ListStates.js';
import { choiceFilter } from '../resources/listFilters.js';
import { LIST_SX, ListResults, useLoadErrorNotice, type Column } from '../resources/ResourceList.js';
import {
  ACTIVE_REFRESH_MS,
  applyProgress,
  exactDate,
  exactTime,
  formatSize,
  isActiveRun,
  parametersInWords,
  relativeTime,
  reportNameKey,
} from './reportRules.js';
import { ImportResults } from './ImportResults.js';
import { REPORTS_PATH } from './reportTabs.js';
import { RunDeleteConfirm, RunProgress, RunStatusChip } from './ReportParts.js';
import { RUNS, useRunActions } from './useRunActions.js';

const INBOX_NS = 'reportScreens.inbox';

function inboxFilters(translate: (key: string) => string) {
  return [
    choiceFilter(INBOX_NS, translate, {
      source: 'status',
      ids: REPORT_RUN_STATUSES,
      choiceKeys: 'reports.statuses',
      minWidth: { xs: 140, sm: 160 },
    }),
    choiceFilter(INBOX_NS, translate, { source: 'reportId', ids: REPORT_IDS, choiceKeys: reportNameKey, minWidth: { xs: 160, sm: 220 } }),
  ];
}

/**
 * Live updates: 'reportProgress' moves a run's status and bar in every cached page of
 * runs; a run that ends, or one the page does not have yet, loads the list again.
 */
function LiveRuns() {
  const queryClient = useQueryClient();
  useReportEvents((event) => {
    if (event.kind === 'complete') {
      void queryClient.invalidateQueries({ queryKey: [RUNS] });
      return;
    }
    const { progress } = event;
    let missing = false;
    queryClient.setQueriesData<{ data?: ReportRun[] }>({ queryKey: [RUNS, 'getList'] }, (old) => {
      if (!old?.data) return old;
      const { runs, found } = applyProgress(old.data, progress);
      if (!found) missing = true;
      return runs === old.data ? old : { ...old, data: [...runs] };
    });
    if (!isActiveRun(progress.status) || (missing && progress.status === 'queued')) {
      void queryClient.invalidateQueries({ queryKey: [RUNS] });
    }
  });
  return null;
}

function StatusCell({ run }: { run: ReportRun }) {
  const translate = useTranslate();
  const chip = <RunStatusChip status={run.status} />;
  return (
    <Box sx={{ minWidth: 120 }}>
      {run.status === 'failed' && run.error ? (
        <Tooltip title={translate(run.error)}>
          <span tabIndex={0}>{chip}</span>
        </Tooltip>
      ) : (
        chip
      )}
      {isActiveRun(run.status) && <RunProgress run={run} name={run.reportName} />}
    </Box>
  );
}

function RequestedCell({ run }: { run: ReportRun }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      <Tooltip title={exactTime(run.createdAt, locale)}>
        <Box component="time" dateTime={run.createdAt} tabIndex={0} sx={{ display: 'block', whiteSpace: 'nowrap' }}>
          {relativeTime(run.createdAt, new Date(), locale)}
        </Box>
      </Tooltip>
      <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
        {translate('reportScreens.inbox.keptUntil', { date: exactDate(run.expiresAt, locale) })}
      </Typography>
    </>
  );
}

function SizeCell({ run }: { run: ReportRun }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (run.sizeBytes === null) return <span aria-hidden="true">—</span>;
  return (
    <>
      <Box sx={{ whiteSpace: 'nowrap' }}>{formatSize(run.sizeBytes, locale)}</Box>
      {run.rowCount !== null && (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {translate('reportScreens.inbox.rows', { smart_count: run.rowCount, count: run.rowCount.toLocaleString(locale) })}
        </Typography>
      )}
    </>
  );
}

/** The actions on a run that wait while another is under way: their tooltip and their label naming the run. */
const BUSY_ACTIONS = {
  rerun: { title: 'reportScreens.inbox.rerun', label: 'reportScreens.inbox.rerunNamed', icon: <ReplayIcon fontSize="small" /> },
  cancel: { title: 'reportScreens.inbox.cancel', label: 'reportScreens.inbox.cancelNamed', icon: <CancelIcon fontSize="small" /> },
};

/** One of them; its tooltip stays on the disabled button (the span). */
function BusyIconButton({
  action,
  name,
  busy,
  onClick,
}: {
  action: keyof typeof BUSY_ACTIONS;
  name: string;
  busy: boolean;
  onClick: () => unknown;
}) {
  const translate = useTranslate();
  const { title, label, icon } = BUSY_ACTIONS[action];
  return (
    <Tooltip title={translate(title)}>
      <span>
        <IconButton size="small" disabled={busy} onClick={() => void onClick()} aria-label={translate(label, { name })}>
          {icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** Download, Re-run, Cancel (while queued or running) and Delete (after a confirmation). */
function RunActions({ run }: { run: ReportRun }) {
  const translate = useTranslate();
  const { canAccess: canRun } = useCanAccess({ resource: RUNS, action: 'create' });
  const { canAccess: canDelete } = useCanAccess({ resource: RUNS, action: 'delete' });
  const name = run.reportName;
  const { busy, rerun, cancel, askDelete, deleteConfirm } = useRunActions(run, name);

  return (
    // The row opens the run's page: the actions' clicks, their confirmation's too (React events cross the portal), stay here.
    <Box sx={{ display: 'flex', gap: 0.25, justifyContent: 'flex-end' }} onClick={(event) => event.stopPropagation()}>
      {run.status === 'done' && (
        <Tooltip title={translate('reportScreens.inbox.download')}>
          <IconButton
            size="small"
            color="primary"
            href={reportFileUrl(run.id)}
            download={run.fileName ?? true}
            aria-label={translate('reportScreens.inbox.downloadNamed', { name })}
          >
            <DownloadIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      {canRun && !isActiveRun(run.status) && <BusyIconButton action="rerun" name={name} busy={busy} onClick={rerun} />}
      {isActiveRun(run.status) && <BusyIconButton action="cancel" name={name} busy={busy} onClick={cancel} />}
      {canDelete && (
        <Tooltip title={translate('reportScreens.inbox.delete')}>
          <IconButton size="small" onClick={askDelete} aria-label={translate('reportScreens.inbox.deleteNamed', { name })}>
            <DeleteIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
      <RunDeleteConfirm name={name} {...deleteConfirm} />
    </Box>
  );
}

function ParametersCell({ run }: { run: ReportRun }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 360 }}>
      {parametersInWords(run.reportId, run.parameters, translate, locale)}
    </Typography>
  );
}

/** The report's name, a link to the run's page (/reports/{id}); the row opens it too, the link is its keyboard way. */
function NameCell({ run }: { run: ReportRun }) {
  const translate = useTranslate();
  return (
    <>
      <Box sx={{ fontWeight: 600, minWidth: 120 }}>
        <Link
          component={RouterLink}
          to={reportRunPath(run.id)}
          underline="hover"
          // The row's own click would open the page a second time.
          onClick={(event: MouseEvent) => event.stopPropagation()}
        >
          {run.reportName}
        </Link>
      </Box>
      <Typography variant="caption" color="text.secondary">
        {translate(`reports.formats.${run.format}`)}
        {run.scheduleId !== null && ` · ${translate('reportScreens.inbox.scheduled')}`}
      </Typography>
    </>
  );
}

const columns: Column<ReportRun>[] = [
  { name: 'report', source: 'reportName', render: (run) => <NameCell run={run} /> },
  { name: 'parameters', render: (run) => <ParametersCell run={run} /> },
  { name: 'requested', source: 'createdAt', render: (run) => <RequestedCell run={run} /> },
  { name: 'status', source: 'status', render: (run) => <StatusCell run={run} /> },
  { name: 'size', source: 'sizeBytes', render: (run) => <SizeCell run={run} /> },
  { name: 'actions', render: (run) => <RunActions run={run} /> },
];

/** A run on a phone. */
function RunCard({ run }: { run: ReportRun }) {
  return (
    <>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ minWidth: 0 }}>
          <NameCell run={run} />
        </Box>
        <StatusCell run={run} />
      </Box>
      <Box sx={{ my: 1 }}>
        <ParametersCell run={run} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'flex-end', gap: 2 }}>
        <Box sx={{ typography: 'body2' }}>
          <RequestedCell run={run} />
        </Box>
        {run.sizeBytes !== null && (
          <Box sx={{ typography: 'body2' }}>
            <SizeCell run={run} />
          </Box>
        )}
        <Box sx={{ ml: 'auto' }}>
          <RunActions run={run} />
        </Box>
      </Box>
    </>
  );
}

/** The designed empty state: nothing run yet (go to the catalogue), or nothing that matches the filters (clear them). */
function InboxEmpty() {
  const translate = useTranslate();
  return (
    <ListEmpty
      ns={INBOX_NS}
      testId="reports-inbox-empty"
      icon={<InboxIcon />}
      action={
        <Button variant="contained" component={RouterLink} to={REPORTS_PATH}>
          {translate('reportScreens.inbox.browse')}
        </Button>
      }
    />
  );
}

const hasActiveRun = (data: unknown) => !!(data as { data?: ReportRun[] } | undefined)?.data?.some((run) => isActiveRun(run.status));

/**
 * /reports/inbox: my runs, newest first, filtered by status and report; each with
 * its parameters in words, when it was requested, its status (a bar while it runs), its size
 * and its actions, and opening the run's page (/reports/{id}). Runs are kept for 30 days after they were requested, then deleted.
 * Live: the reports connection's progress and completion (LiveRuns). Above the runs, the user's
 * finished account imports, each linking to its result (ImportResults).
 */
export function ReportInbox() {
  const translate = useTranslate();
  const { onError } = useLoadErrorNotice('reportScreens.inbox.loadError');
  return (
    <Box component="section" aria-label={translate('reportScreens.inbox.heading')}>
      <LiveRuns />
      <ImportResults />
      <Alert severity="info" variant="outlined" sx={{ mb: 1 }} data-testid="reports-retention">
        {translate('reportScreens.inbox.retention')}
      </Alert>
      <List<ReportRun>
        resource={RUNS}
        title={false}
        filters={inboxFilters(translate)}
        sort={{ field: 'createdAt', order: 'DESC' }}
        perPage={25}
        exporter={false}
        actions={false}
        storeKey="reports.inbox"
        empty={<InboxEmpty />}
        sx={LIST_SX}
        queryOptions={{ refetchInterval: (query) => (hasActiveRun(query.state.data) ? ACTIVE_REFRESH_MS : false), onError }}
      >
        <ListResults<ReportRun>
          ns={INBOX_NS}
          columns={columns}
          rowClick={(id) => reportRunPath(Number(id))}
          card={(run) => <RunCard run={run} />}
          cardTestId="report-run-card"
          empty={<InboxEmpty />}
          skeletonColumns={6}
          skeletonRows={5}
        />
      </List>
    </Box>
  );
}
