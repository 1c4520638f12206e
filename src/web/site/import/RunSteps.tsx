import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SiteImport, SiteImportUndone } from '../../../../schemas/siteImport.js';
import type { PortalDataProvider } from '../../providers/dataProvider.js';
import { failureMessage } from '../../providers/errorMessages.js';
import type { SiteImportFormat } from '../../providers/methods/siteImportMethods.js';
import type { ConfirmDialogComponent } from '../create/SiteCreatePage.js';
import { ErrorAlert, P, saveFile, useStepCall } from './importParts.js';
import { canUndo, importable } from './siteImportRules.js';

/** The accounts list with the pending ones only (where imported accounts arrive). */
const PENDING_ACCOUNTS = `/sites?filter=${encodeURIComponent(JSON.stringify({ status: ['pending'] }))}`;

/**
 * Step 4: before the start, a confirmation naming how many accounts will be created; while it runs,
 * a progress bar fed live (the page passes the hub's and the polling's batch) with a live region,
 * and Cancel with a confirmation.
 */
export function ImportStep({
  batch,
  ConfirmDialog,
  onBack,
  onChanged,
}: {
  batch: SiteImport;
  ConfirmDialog: ConfirmDialogComponent;
  onBack: () => void;
  onChanged: (batch: SiteImport) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { busy, error, setError, run } = useStepCall<'start' | 'cancel'>();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const count = importable(batch.counts);
  const act = (name: 'start' | 'cancel', call: () => Promise<SiteImport>) =>
    run(name, async () => onChanged(await call()), `${P}.import.failed`);

  if (batch.status === 'previewed')
    return (
      <Stack spacing={2}>
        <Alert severity="info">
          {translate(`${P}.import.confirm`, { count, smart_count: count })}
          {batch.counts.refused + batch.counts.skipped > 0 &&
            ` ${translate(`${P}.import.notImported`, { refused: batch.counts.refused, skipped: batch.counts.skipped })}`}
        </Alert>
        <ErrorAlert message={error} onClose={() => setError(undefined)} />
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5}>
          <Button onClick={onBack} disabled={!!busy}>
            {translate(`${P}.actions.backToPreview`)}
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button
            variant="contained"
            disabled={!!busy || count === 0}
            onClick={() => void act('start', () => dataProvider.startSiteImport(batch.id))}
          >
            {translate(`${P}.actions.start`, { count, smart_count: count })}
          </Button>
        </Stack>
      </Stack>
    );

  const total = Math.max(importable(batch.counts) + batch.counts.created, batch.processed, 1);
  return (
    <Stack spacing={2}>
      <Box>
        <LinearProgress
          variant="determinate"
          value={batch.progress}
          aria-label={translate(`${P}.import.progressLabel`)}
          sx={{ height: 10, borderRadius: 5 }}
        />
        <Typography role="status" aria-live="polite" sx={{ mt: 1 }}>
          {translate(`${P}.import.progress`, {
            processed: batch.processed,
            total,
            progress: batch.progress,
            created: batch.counts.created,
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate(`${P}.import.background`)}
        </Typography>
      </Box>
      <ErrorAlert message={error} onClose={() => setError(undefined)} />
      <Stack direction={{ xs: 'column', sm: 'row' }}>
        <Button color="error" variant="outlined" disabled={!!busy} onClick={() => setConfirmCancel(true)}>
          {translate(`${P}.actions.cancelImport`)}
        </Button>
      </Stack>
      {confirmCancel && (
        <ConfirmDialog
          open
          title={translate(`${P}.import.cancelTitle`)}
          message={translate(`${P}.import.cancelText`)}
          onCancel={() => setConfirmCancel(false)}
          onConfirm={async () => {
            setConfirmCancel(false);
            await act('cancel', () => dataProvider.cancelSiteImport(batch.id));
          }}
        />
      )}
    </Stack>
  );
}

/**
 * Step 5: what the import did (created, left out, refused), the result file with an error column,
 * the pending accounts, and Undo within 24 hours: the accounts removed, and those kept and why.
 */
export function ResultStep({
  batch,
  ConfirmDialog,
  onUndone,
  onAnother,
}: {
  batch: SiteImport;
  ConfirmDialog: ConfirmDialogComponent;
  onUndone: () => void;
  onAnother: () => void;
}) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [confirmUndo, setConfirmUndo] = useState(false);
  const [undone, setUndone] = useState<SiteImportUndone>();
  const [error, setError] = useState<string>();
  // The page's opening time: an undo past the deadline is refused by the server with its reason anyway.
  const [openedAt] = useState(() => Date.now());
  const undoable = canUndo(batch, openedAt);

  const download = (format: SiteImportFormat) => {
    setError(undefined);
    saveFile(dataProvider.siteImportResult(batch.id, format), `import-${batch.id}-result.${format}`).catch((e: unknown) =>
      setError(translate(failureMessage(e, `${P}.download.failed`))),
    );
  };
  const undo = async () => {
    setError(undefined);
    try {
      setUndone(await dataProvider.undoSiteImport(batch.id));
      onUndone();
    } catch (e) {
      setError(translate(failureMessage(e, `${P}.undo.failed`)));
    } finally {
      setConfirmUndo(false);
    }
  };

  const counts: { key: string; value: number; color: 'success' | 'default' | 'error' }[] = [
    { key: 'created', value: batch.counts.created, color: 'success' },
    { key: 'skipped', value: batch.counts.skipped, color: 'default' },
    { key: 'refused', value: batch.counts.refused, color: 'error' },
    ...(batch.counts.removed ? [{ key: 'removed', value: batch.counts.removed, color: 'default' as const }] : []),
  ];

  return (
    <Stack spacing={2}>
      <Alert severity={batch.status === 'done' ? 'success' : 'info'}>
        {translate(`${P}.result.${batch.status}`, { _: translate(`siteImport.status.${batch.status}`) })}
      </Alert>
      <Box
        component="ul"
        aria-label={translate(`${P}.result.counts`)}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {counts.map((c) => (
          <li key={c.key}>
            <Chip color={c.color} variant="outlined" label={translate(`${P}.result.${c.key}`, { count: c.value })} />
          </li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download('xlsx')}>
          {translate(`${P}.result.downloadXlsx`)}
        </Button>
        <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => download('csv')}>
          {translate(`${P}.result.downloadCsv`)}
        </Button>
        {batch.counts.created > 0 && batch.status !== 'undone' && (
          <Button component={RouterLink} to={PENDING_ACCOUNTS}>
            {translate(`${P}.result.pendingAccounts`)}
          </Button>
        )}
      </Stack>
      <ErrorAlert message={error} onClose={() => setError(undefined)} />
      {undoable && (
        <Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            {translate(`${P}.undo.until`, {
              date: new Date(batch.undoUntil!).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
            })}
          </Typography>
          <Button color="error" variant="outlined" onClick={() => setConfirmUndo(true)}>
            {translate(`${P}.undo.button`)}
          </Button>
        </Box>
      )}
      {undone && (
        <Box role="status">
          <Alert severity={undone.kept.length ? 'warning' : 'success'} sx={{ mb: 1 }}>
            {translate(`${P}.undo.done`, { removed: undone.removed.length, kept: undone.kept.length })}
          </Alert>
          {undone.kept.length > 0 && (
            <Table size="small" aria-label={translate(`${P}.undo.keptTitle`)}>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('siteImport.result.siteNum')}</TableCell>
                  <TableCell>{translate('siteImport.result.row')}</TableCell>
                  <TableCell>{translate(`${P}.undo.reason`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {undone.kept.map((k) => (
                  <TableRow key={k.siteNum}>
                    <TableCell>
                      <Link component={RouterLink} to={`/site/info?sn=${k.siteNum}`}>
                        {k.siteNum}
                      </Link>
                    </TableCell>
                    <TableCell>{k.rowNum}</TableCell>
                    <TableCell>{k.reason}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </Box>
      )}
      <Box>
        <Button onClick={onAnother}>{translate(`${P}.actions.another`)}</Button>
      </Box>
      {confirmUndo && (
        <ConfirmDialog
          open
          title={translate(`${P}.undo.title`)}
          message={translate(`${P}.undo.text`, { smart_count: batch.counts.created })}
          onCancel={() => setConfirmUndo(false)}
          onConfirm={undo}
        />
      )}
    </Stack>
  );
}
