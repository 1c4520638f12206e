import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import type { SiteImport } from '../../../../schemas/siteImport.js';
import type { PortalDataProvider } from '../../providers/dataProvider.js';
import { ErrorAlert, P, useColumnLabel, useStepCall } from './importParts.js';
import { columnChoices, isAutoMatched, mappingState, setColumn, type ColumnChoice } from './siteImportRules.js';

const GROUP_ORDER = ['account', 'device', 'contact', 'zone', 'passcode'] as const;

/**
 * Step 2: each file column with a select of the import's fields (the upload's suggestion first,
 * marked as matched automatically), a workbook's sheet, the required fields no column maps yet.
 * Continue checks every row on the server (the preview); nothing is created.
 */
export function MappingStep({
  batch,
  suggested,
  onBack,
  onChecked,
  onSheet,
}: {
  batch: SiteImport;
  suggested: readonly (string | null)[] | undefined;
  onBack: () => void;
  onChecked: (batch: SiteImport) => void;
  onSheet: (batch: SiteImport) => void;
}) {
  const translate = useTranslate();
  const label = useColumnLabel();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [mapping, setMapping] = useState<(string | null)[]>(() => [...batch.mapping]);
  const { busy, error, setError, run } = useStepCall<'check' | 'sheet'>();
  const state = mappingState(mapping);
  const choices = useMemo(() => columnChoices(mapping), [mapping]);
  const groups = useMemo(
    () => GROUP_ORDER.map((group) => [group, choices.filter((c) => c.group === group)] as [string, ColumnChoice[]]),
    [choices],
  );

  const check = () => run('check', async () => onChecked(await dataProvider.mapSiteImport(batch.id, mapping)), `${P}.map.failed`);
  const chooseSheet = (sheet: string) =>
    run(
      'sheet',
      async () => {
        const next = await dataProvider.mapSiteImport(batch.id, batch.mapping, sheet);
        setMapping([...next.mapping]);
        onSheet(next);
      },
      `${P}.map.failed`,
    );

  return (
    <Stack spacing={2}>
      <Typography>
        {translate(`${P}.map.summary`, { name: batch.fileName, rows: batch.rowCount, columns: batch.headers.length })}
      </Typography>
      {batch.notices.map((notice) => (
        <Alert key={notice} severity="warning">
          {notice}
        </Alert>
      ))}
      {batch.sheets.length > 1 && (
        <TextField
          select
          label={translate(`${P}.map.sheet`)}
          value={batch.sheet ?? batch.sheets[0]}
          onChange={(event) => void chooseSheet(event.target.value)}
          disabled={!!busy}
          slotProps={{ select: { native: true } }}
          sx={{ maxWidth: 360 }}
          id="site-import-sheet"
        >
          {batch.sheets.map((sheet) => (
            <option key={sheet} value={sheet}>
              {sheet}
            </option>
          ))}
        </TextField>
      )}
      {state.missing.length > 0 && (
        <Alert severity="warning" id="site-import-missing">
          {translate(`${P}.map.missing`, { columns: state.missing.map(label).join(', ') })}
        </Alert>
      )}
      <Box
        component="ol"
        aria-label={translate(`${P}.map.columns`)}
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
      >
        {batch.headers.map((header, index) => {
          const repeated = state.repeated[index];
          const auto = isAutoMatched(suggested, mapping, index);
          const id = `site-import-map-${index}`;
          return (
            <Box component="li" key={index} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
              <TextField
                select
                fullWidth
                size="small"
                id={id}
                label={header || translate(`${P}.map.unnamed`, { n: index + 1 })}
                value={mapping[index] ?? ''}
                onChange={(event) => setMapping((m) => setColumn(m, index, event.target.value || null))}
                error={!!repeated}
                helperText={repeated ? translate(repeated) : auto ? translate(`${P}.map.auto`) : ' '}
                disabled={!!busy}
                slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
              >
                <option value="">{translate(`${P}.map.leaveOut`)}</option>
                {groups.map(([group, options]) => (
                  <optgroup key={group} label={translate(`${P}.map.groups.${group}`)}>
                    {options.map((choice) => (
                      <option key={choice.column} value={choice.column}>
                        {label(choice.column)}
                        {choice.required ? ` (${translate(`${P}.map.required`)})` : ''}
                      </option>
                    ))}
                  </optgroup>
                ))}
              </TextField>
              {auto && <CheckCircleOutlineIcon fontSize="small" color="success" sx={{ mt: 1 }} aria-hidden />}
            </Box>
          );
        })}
      </Box>
      <ErrorAlert message={error} onClose={() => setError(undefined)} />
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Button onClick={onBack} disabled={!!busy}>
          {translate(`${P}.actions.otherFile`)}
        </Button>
        <Box sx={{ flex: 1 }} />
        {!state.ready && (
          <Chip size="small" color="warning" variant="outlined" label={translate(`${P}.map.notReady`)} sx={{ alignSelf: 'center' }} />
        )}
        <Button
          variant="contained"
          onClick={() => void check()}
          disabled={!state.ready || !!busy}
          aria-describedby={state.missing.length ? 'site-import-missing' : undefined}
          startIcon={busy === 'check' ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {translate(busy === 'check' ? `${P}.map.checking` : `${P}.actions.check`)}
        </Button>
      </Stack>
    </Stack>
  );
}
