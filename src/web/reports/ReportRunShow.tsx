import type { ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CancelIcon from '@mui/icons-material/Cancel';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import ReplayIcon from '@mui/icons-material/Replay';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useCanAccess, useLocaleState, useShowController, useTranslate } from 'react-admin';
import type { ReportRun } from '../../../schemas/reports.js';
import type { UiHints } from '../../../schemas/uiHints.js';
import { reportRunPath } from '../../common/reportPaths.js';
import { reportFileUrl } from '../providers/methods/reportsMethods.js';
import { useReportEvents } from '../realtime/reportFeed.js';
import { Fact, FactList } from '../resources/RecordDrawer.js';
import { EmptyState } from '../resources/ListStates.js';
import {
  ACTIVE_REFRESH_MS,
  exactDate,
  exactTime,
  formatSize,
  isActiveRun,
  parameterFacts,
  parametersInWords,
  reportNameKey,
  runIdOf,
  type ParamSchema,
} from './reportRules.js';
import { INBOX_PATH } from './reportTabs.js';
import { useReportCatalogue } from './reportCatalogue.js';
import { LoadFailed } from '../resources/LoadFailed.js';
import { RunDeleteConfirm, RunProgress, RunStatusChip } from './ReportParts.js';
import { useRunActions } from './useRunActions.js';

/** A run as it reads: its report's name in the user's language (the name stored with the run when the locale has none). */
function useRunName(run: Pick<ReportRun, 'reportId' | 'reportName'>) {
  const translate = useTranslate();
  return translate(reportNameKey(run.reportId), { _: run.reportName });
}

/** An unknown run, or another user's (the API answers 404 for both): said plainly, with the way to the inbox. */
function RunNotFound() {
  const translate = useTranslate();
  return (
    <EmptyState
      testId="report-run-not-found"
      icon={<SearchOffIcon />}
      title={translate('reportScreens.runPage.notFoundTitle')}
      text={translate('reportScreens.runPage.notFound')}
      action={
        <Button variant="contained" component={RouterLink} to={INBOX_PATH}>
          {translate('reportScreens.runPage.toInbox')}
        </Button>
      }
    />
  );
}

function RunSkeleton() {
  const translate = useTranslate();
  return (
    <Card variant="outlined" role="status" aria-label={translate('reportScreens.runPage.loading')} data-testid="report-run-skeleton">
      <CardContent>
        <Skeleton variant="text" width="40%" sx={{ fontSize: '1.5rem' }} />
        <Skeleton variant="rounded" width={72} height={24} sx={{ my: 1 }} />
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="text" width={`${70 - i * 8}%`} />
        ))}
      </CardContent>
    </Card>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title} sx={{ mt: 3 }}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The parameters it ran with, labelled as the catalogue's run form labels them; in one line of words until the catalogue is there. */
function RunParameters({ run }: { run: ReportRun }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: catalogue } = useReportCatalogue();
  const report = catalogue?.find((r) => r.id === run.reportId);
  if (!report) return <Typography variant="body2">{parametersInWords(run.reportId, run.parameters, translate, locale)}</Typography>;
  const facts = parameterFacts(
    { parameters: report.parameters as ParamSchema, ui: report.ui as unknown as UiHints },
    run.parameters,
    translate,
    locale,
  );
  return (
    <FactList>
      {facts.map((fact) => (
        <Fact key={fact.field} label={fact.label}>
          {fact.value}
        </Fact>
      ))}
    </FactList>
  );
}

/** The file of a done run (name, format, size, rows) with Download; what stands in its place otherwise. */
function RunFile({ run, name }: { run: ReportRun; name: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (run.status !== 'done' || !run.fileName) {
    const waiting = isActiveRun(run.status) ? 'reportScreens.runPage.fileLater' : 'reportScreens.runPage.noFile';
    return <Typography variant="body2">{translate(waiting)}</Typography>;
  }
  return (
    <>
      <FactList>
        <Fact label={translate('reportScreens.runPage.fileName')}>{run.fileName}</Fact>
        <Fact label={translate('reports.fields.format')}>{translate(`reports.formats.${run.format}`)}</Fact>
        {run.sizeBytes !== null && <Fact label={translate('reportScreens.runPage.size')}>{formatSize(run.sizeBytes, locale)}</Fact>}
        {run.rowCount !== null && (
          <Fact label={translate('reportScreens.runPage.rows')}>{new Intl.NumberFormat(locale).format(run.rowCount)}</Fact>
        )}
      </FactList>
      <Button
        variant="contained"
        startIcon={<DownloadIcon />}
        href={reportFileUrl(run.id)}
        download={run.fileName}
        aria-label={translate('reportScreens.inbox.downloadNamed', { name })}
        sx={{ mt: 2 }}
      >
        {translate('reportScreens.inbox.download')}
      </Button>
    </>
  );
}

/** Run again (then the new run's page), Cancel while it is on its way, Delete after a confirmation (then the inbox). */
function RunPageActions({ run, name }: { run: ReportRun; name: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { canAccess: canRun } = useCanAccess({ resource: 'reportRuns', action: 'create' });
  const { canAccess: canCancel } = useCanAccess({ resource: 'reportRuns', action: 'edit' });
  const { canAccess: canDelete } = useCanAccess({ resource: 'reportRuns', action: 'delete' });
  const { busy, rerun, cancel, askDelete, deleteConfirm } = useRunActions(run, name, {
    rerun: (next) => void navigate(reportRunPath(next.id)),
    deleted: () => void navigate(INBOX_PATH),
  });
  const active = isActiveRun(run.status);
  return (
    <Box
      role="group"
      aria-label={translate('reportScreens.inbox.columns.actions')}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 3 }}
    >
      {canRun && !active && (
        <Button variant="outlined" startIcon={<ReplayIcon />} disabled={busy} onClick={() => void rerun()}>
          {translate('reportScreens.inbox.rerun')}
        </Button>
      )}
      {canCancel && active && (
        <Button variant="outlined" startIcon={<CancelIcon />} disabled={busy} onClick={() => void cancel()}>
          {translate('reportScreens.runPage.cancel')}
        </Button>
      )}
      {canDelete && (
        <Button variant="outlined" color="error" startIcon={<DeleteIcon />} onClick={askDelete} sx={{ ml: { sm: 'auto' } }}>
          {translate('reportScreens.inbox.delete')}
        </Button>
      )}
      <RunDeleteConfirm name={name} {...deleteConfirm} />
    </Box>
  );
}

function RunDetails({ run }: { run: ReportRun }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const name = useRunName(run);
  return (
    <Card variant="outlined" data-testid="report-run">
      <CardContent>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5 }}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {name}
          </Typography>
          {/* Announced as it changes: queued, running, ready. */}
          <Box role="status">
            <RunStatusChip status={run.status} size="medium" />
          </Box>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {translate(`reports.formats.${run.format}`)}
          {run.scheduleId !== null && ` · ${translate('reportScreens.inbox.scheduled')}`}
        </Typography>
        {isActiveRun(run.status) && (
          <Box sx={{ mt: 2, maxWidth: 480 }}>
            <RunProgress run={run} name={name} />
          </Box>
        )}
        {run.status === 'failed' && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="report-run-error">
            <AlertTitle>{translate('reportScreens.runPage.failedTitle')}</AlertTitle>
            {translate(run.error ?? 'reports.errors.failed')}
          </Alert>
        )}
        {run.status === 'cancelled' && (
          <Alert severity="info" variant="outlined" sx={{ mt: 2 }}>
            {translate('reportScreens.runPage.cancelled')}
          </Alert>
        )}

        <Section title={translate('reportScreens.runPage.details')}>
          <FactList>
            <Fact label={translate('reportScreens.runPage.requested')}>
              <time dateTime={run.createdAt}>{exactTime(run.createdAt, locale)}</time>
            </Fact>
            {run.startedAt && (
              <Fact label={translate('reportScreens.runPage.started')}>
                <time dateTime={run.startedAt}>{exactTime(run.startedAt, locale)}</time>
              </Fact>
            )}
            {run.finishedAt && (
              <Fact label={translate('reportScreens.runPage.finished')}>
                <time dateTime={run.finishedAt}>{exactTime(run.finishedAt, locale)}</time>
              </Fact>
            )}
            <Fact label={translate('reportScreens.runPage.keptUntil')}>
              <time dateTime={run.expiresAt}>{exactDate(run.expiresAt, locale)}</time>
            </Fact>
          </FactList>
        </Section>
        <Section title={translate('reportScreens.inbox.columns.parameters')}>
          <RunParameters run={run} />
        </Section>
        <Section title={translate('reportScreens.runPage.file')}>
          <RunFile run={run} name={name} />
        </Section>
        <Divider sx={{ mt: 3 }} />
        <RunPageActions run={run} name={name} />
      </CardContent>
    </Card>
  );
}

/** The run of the address, kept current while it is on its way: the reports connection's events for it, and a reload now and then. */
function RunOfAddress({ id }: { id: number }) {
  const { record, error, isPending, refetch } = useShowController<ReportRun>({
    id,
    queryOptions: {
      // The page shows a missing run itself: no notice, no redirect to a list.
      onError: () => undefined,
      refetchInterval: (query) => (query.state.data && isActiveRun(query.state.data.status) ? ACTIVE_REFRESH_MS : false),
    },
  });
  useReportEvents((event) => {
    const runId = event.kind === 'progress' ? event.progress.runId : event.event.runId;
    if (runId === id) void refetch();
  });
  if (error) {
    // react-admin's HttpError carries the API's status.
    if ((error as { status?: number }).status === 404) return <RunNotFound />;
    return <LoadFailed error={error} messageKey="reportScreens.runPage.loadError" retryKey="reportScreens.retry" onRetry={refetch} />;
  }
  if (isPending || !record) return <RunSkeleton />;
  return <RunDetails run={record} />;
}

/**
 * A report run's own page, /reports/{id} (SPEC §4 Report download 'Verified: go to /reports/{id}'):
 * the show view of the reportRuns resource (src/web/reports/index.ts). Its report, status (kept
 * current while queued or running), times, the parameters it ran with, its file with Download,
 * and Run again, Cancel and Delete. A run that is not the user's reads as not found, as the API
 * answers. Reached under react-admin's own path (/reports/inbox/{id}/show) it moves to /reports/{id}.
 */
export function ReportRunShow() {
  const { pathname } = useLocation();
  const id = runIdOf(useParams().id);
  if (id === undefined) return <RunNotFound />;
  if (pathname !== reportRunPath(id)) return <Navigate to={reportRunPath(id)} replace />;
  return <RunOfAddress key={id} id={id} />;
}
