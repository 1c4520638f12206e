import UploadFileIcon from '@mui/icons-material/UploadFile';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState, type DragEvent } from 'react';
import { useDataProvider, useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { SiteImport } from '../../../../schemas/siteImport.js';
import { IMPORT_LIMITS } from '../../../common/siteImport/columns.js';
import type { PortalDataProvider } from '../../providers/dataProvider.js';
import { failureMessage } from '../../providers/errorMessages.js';
import type { SiteImportFormat } from '../../providers/methods/siteImportMethods.js';
import { ErrorAlert, P, saveFile, StepSkeleton } from './importParts.js';

const ACCEPT = '.csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const STATUS_COLOURS = {
  draft: 'default',
  previewed: 'primary',
  running: 'warning',
  cancelled: 'default',
  done: 'success',
  undone: 'default',
} as const;

/** The user's latest imports, each with its status and a link back to it. */
function RecentImports() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { data, isPending, error } = useQuery({ queryKey: ['siteImports'], queryFn: () => dataProvider.siteImports() });
  return (
    <Box component="section" aria-labelledby="site-import-recent">
      <Typography id="site-import-recent" variant="h6" component="h3" sx={{ mb: 1 }}>
        {translate(`${P}.recent.title`)}
      </Typography>
      {isPending ? (
        <StepSkeleton label={translate(`${P}.loading`)} rows={2} />
      ) : error ? (
        <Alert severity="warning">{translate(failureMessage(error, `${P}.recent.failed`))}</Alert>
      ) : !data?.length ? (
        <Typography color="text.secondary">{translate(`${P}.recent.empty`)}</Typography>
      ) : (
        <List dense disablePadding>
          {data.map((batch) => (
            <ListItem key={batch.id} divider disableGutters sx={{ flexWrap: 'wrap', columnGap: 1 }}>
              <ListItemText
                sx={{ minWidth: 0, flex: '1 1 14rem' }}
                primary={
                  <Link component={RouterLink} to={`/site/import?batch=${batch.id}`} sx={{ overflowWrap: 'anywhere' }}>
                    {batch.fileName}
                  </Link>
                }
                secondary={translate(`${P}.recent.line`, {
                  date: new Date(batch.createdAt).toLocaleString(locale, { dateStyle: 'medium', timeStyle: 'short' }),
                  rows: batch.rowCount,
                  created: batch.counts.created,
                })}
              />
              <Chip
                size="small"
                variant="outlined"
                color={STATUS_COLOURS[batch.status]}
                label={translate(`siteImport.status.${batch.status}`)}
              />
            </ListItem>
          ))}
        </List>
      )}
    </Box>
  );
}

/**
 * Step 1: the templates, the limits, the file (dropped or chosen) and the user's latest imports.
 * The upload answers the batch with its headers and a suggested mapping; a refused file says why.
 */
export function UploadStep({ onUploaded }: { onUploaded: (batch: SiteImport) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [uploading, setUploading] = useState<string>();
  const [error, setError] = useState<string>();
  const [dragging, setDragging] = useState(false);
  const [templateError, setTemplateError] = useState<string>();

  const upload = async (file: File | undefined) => {
    if (!file || uploading) return;
    setError(undefined);
    if (file.size > IMPORT_LIMITS.maxBytes) {
      setError(translate('siteImport.errors.tooLarge', { max: `${IMPORT_LIMITS.maxBytes / (1024 * 1024)} MB` }));
      return;
    }
    setUploading(file.name);
    try {
      onUploaded(await dataProvider.uploadSiteImport(file));
    } catch (e) {
      setError(translate(failureMessage(e, `${P}.upload.failed`)));
    } finally {
      setUploading(undefined);
    }
  };

  const template = (format: SiteImportFormat) => {
    setTemplateError(undefined);
    saveFile(dataProvider.siteImportTemplate(format), `accounts-template.${format}`).catch((e: unknown) =>
      setTemplateError(translate(failureMessage(e, `${P}.download.failed`))),
    );
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files[0]);
  };

  return (
    <Stack spacing={3}>
      <Box>
        <Typography sx={{ mb: 1 }}>{translate(`${P}.upload.templateIntro`)}</Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => template('xlsx')}>
            {translate(`${P}.upload.templateXlsx`)}
          </Button>
          <Button variant="outlined" startIcon={<DownloadIcon />} onClick={() => template('csv')}>
            {translate(`${P}.upload.templateCsv`)}
          </Button>
        </Stack>
        <ErrorAlert message={templateError} onClose={() => setTemplateError(undefined)} />
      </Box>
      <Box
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: dragging ? 'primary.main' : 'divider',
          bgcolor: dragging ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: { xs: 2, sm: 4 },
          textAlign: 'center',
        }}
      >
        <UploadFileIcon color="action" sx={{ fontSize: 48 }} aria-hidden />
        <Typography sx={{ mb: 1.5 }}>{translate(`${P}.upload.drop`)}</Typography>
        <Button variant="contained" component="label" disabled={!!uploading}>
          {translate(`${P}.upload.choose`)}
          <input
            type="file"
            hidden
            accept={ACCEPT}
            data-testid="site-import-file"
            onChange={(event) => {
              void upload(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {translate(`${P}.upload.limits`, {
            mb: IMPORT_LIMITS.maxBytes / (1024 * 1024),
            rows: IMPORT_LIMITS.maxRows.toLocaleString(locale),
          })}
        </Typography>
      </Box>
      {uploading && (
        <Box role="status">
          <Typography variant="body2" sx={{ mb: 0.5 }}>
            {translate(`${P}.upload.uploading`, { name: uploading })}
          </Typography>
          <LinearProgress aria-label={translate(`${P}.upload.uploading`, { name: uploading })} />
        </Box>
      )}
      <ErrorAlert message={error} onClose={() => setError(undefined)} />
      <RecentImports />
    </Stack>
  );
}
