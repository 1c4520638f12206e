import { useEffect, useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { EventFilter } from '../../../../schemas/events.js';
import type { PortalDataProvider } from '../../providers/dataProvider.js';
import { failureMessage } from '../../providers/errorMessages.js';
import { exportPercent, readCsvExport, type ExportProgress } from './csvProgress.js';
import { saveBlob } from '../../resources/saveBlob.js';

function isAbort(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

/**
 * Export CSV: GET /api/events/export with the list's filter and the user's time zone,
 * read as a stream so a progress bar shows rows received against X-Total-Count, with Cancel;
 * the file is saved under the server's name.
 */
export function ExportCsvButton({
  filter,
  timeZone,
  fallbackName,
  disabled,
}: {
  filter: EventFilter;
  timeZone: string;
  fallbackName: string;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page ends the download.
  useEffect(() => () => controller.current?.abort(), []);

  const start = async () => {
    const abort = new AbortController();
    controller.current = abort;
    setProgress({ rows: 0 });
    try {
      const response = await dataProvider.eventsCsv(filter, timeZone, abort.signal);
      const result = await readCsvExport(response, fallbackName, setProgress);
      if (abort.signal.aborted) throw new DOMException('Aborted', 'AbortError');
      saveBlob(result.blob, result.filename);
      notify('events.export.done', { type: 'success', messageArgs: { smart_count: result.rows, filename: result.filename } });
    } catch (error) {
      if (isAbort(error) || abort.signal.aborted) notify('events.export.cancelled', { type: 'info' });
      else notify(failureMessage(error, 'events.export.failed'), { type: 'error' });
    } finally {
      if (controller.current === abort) controller.current = null;
      setProgress(null);
    }
  };

  const number = new Intl.NumberFormat(locale);
  const percent = progress ? exportPercent(progress.rows, progress.total) : undefined;
  return (
    <Box>
      <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => void start()} disabled={disabled || progress !== null}>
        {translate('events.export.button')}
      </Button>
      {progress && (
        <Paper
          variant="outlined"
          role="status"
          aria-live="polite"
          data-testid="export-progress"
          sx={{ mt: 1, p: 1.5, minWidth: { sm: 320 } }}
        >
          <Typography variant="subtitle2" component="p">
            {translate('events.export.title')}
          </Typography>
          <LinearProgress
            variant={percent === undefined ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label={translate('events.export.title')}
            sx={{ my: 1 }}
          />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
            <Typography variant="body2" color="text.secondary">
              {progress.total === undefined
                ? translate('events.export.progressUnknown', { rows: number.format(progress.rows) })
                : translate('events.export.progress', {
                    rows: number.format(progress.rows),
                    total: number.format(progress.total),
                    percent: percent ?? 0,
                  })}
            </Typography>
            <Button size="small" onClick={() => controller.current?.abort()}>
              {translate('events.export.cancel')}
            </Button>
          </Stack>
        </Paper>
      )}
    </Box>
  );
}
