import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import type { SiteImport, SiteImportRow } from '../../../../schemas/siteImport.js';
import type { PortalDataProvider } from '../../providers/dataProvider.js';
import { failureMessage } from '../../providers/errorMessages.js';
import type { SiteImportRowFilter } from '../../providers/methods/siteImportMethods.js';
import { ErrorAlert, P, StepSkeleton, useColumnLabel, useStepCall } from './importParts.js';
import { countChips, importable, rowColumns } from './siteImportRules.js';

const ROW_COLOURS = {
  ready: 'success',
  warning: 'warning',
  refused: 'error',
  skipped: 'default',
  created: 'success',
  removed: 'default',
} as const;

/** A refused (or any not yet created) row's values, edited in place and checked again by the server. */
function FixRowDialog({
  batch,
  row,
  onClose,
  onSaved,
}: {
  batch: SiteImport;
  row: SiteImportRow;
  onClose: () => void;
  onSaved: (row: SiteImportRow) => void;
}) {
  const translate = useTranslate();
  const label = useColumnLabel();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const columns = rowColumns(batch.mapping, row.values);
  const [values, setValues] = useState<Record<string, string>>(() => Object.fromEntries(columns.map((c) => [c, row.values[c] ?? ''])));
  const [errors, setErrors] = useState(row.errors);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string>();

  const save = async () => {
    setSaving(true);
    setError(undefined);
    try {
      const saved = await dataProvider.fixSiteImportRow(batch.id, row.rowNum, values);
      onSaved(saved);
      if (saved.status === 'refused') {
        setErrors(saved.errors);
        setError(translate(`${P}.fix.stillRefused`));
      } else onClose();
    } catch (e) {
      setError(translate(failureMessage(e, `${P}.fix.failed`)));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby="site-import-fix-title" fullWidth maxWidth="sm">
      <DialogTitle id="site-import-fix-title">{translate(`${P}.fix.title`, { row: row.rowNum })}</DialogTitle>
      <DialogContent>
        <form
          id="site-import-fix"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ErrorAlert message={error} />
            {columns.map((column) => (
              <TextField
                key={column}
                id={`site-import-fix-${column}`}
                label={label(column)}
                value={values[column] ?? ''}
                onChange={(event) => setValues((v) => ({ ...v, [column]: event.target.value }))}
                error={!!errors[column]}
                helperText={errors[column]}
                size="small"
                slotProps={{ htmlInput: { maxLength: 1000 } }}
              />
            ))}
          </Stack>
        </form>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={saving}>
          {translate(`${P}.actions.cancel`)}
        </Button>
        <Button
          type="submit"
          form="site-import-fix"
          variant="contained"
          disabled={saving}
          startIcon={saving ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {translate(`${P}.fix.save`)}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A value, and under it the cell's error (the server's text in the user's language). */
function Cell({ value, error }: { value: string | undefined; error: string | undefined }) {
  return (
    <TableCell
      sx={{
        verticalAlign: 'top',
        maxWidth: 240,
        overflowWrap: 'anywhere',
        ...(error && { bgcolor: (theme) => (theme.palette.mode === 'dark' ? 'rgba(244, 67, 54, 0.16)' : 'rgba(211, 47, 47, 0.08)') }),
      }}
    >
      <span dir="auto">{value ?? ''}</span>
      {error && (
        <Typography variant="caption" color="error" component="span" sx={{ display: 'flex', gap: 0.5, mt: 0.5 }}>
          <ErrorIcon sx={{ fontSize: 16 }} aria-hidden />
          <span>{error}</span>
        </Typography>
      )}
    </TableCell>
  );
}

/**
 * Step 3: the rows as checked, nothing written yet. Chips count ready, with warnings, refused and
 * left out rows and filter the table; each bad cell shows its message; a row can be fixed in place
 * or left out (and taken back). Import goes on with the rows ready.
 */
export function PreviewStep({
  batch,
  onBack,
  onChanged,
  onImport,
}: {
  batch: SiteImport;
  onBack: () => void;
  onChanged: () => void;
  onImport: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const label = useColumnLabel();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [filter, setFilter] = useState<SiteImportRowFilter>('all');
  const [page, setPage] = useState(0);
  const [perPage, setPerPage] = useState(25);
  const [fixing, setFixing] = useState<SiteImportRow>();
  const { busy: busyRow, error, setError, run } = useStepCall<number>();
  const rows = useQuery({
    queryKey: ['siteImports', batch.id, 'rows', filter, page, perPage],
    queryFn: () => dataProvider.siteImportRows(batch.id, filter, page * perPage, perPage),
    placeholderData: keepPreviousData,
  });
  const columns = batch.mapping.filter((c): c is string => !!c);
  const chips = countChips(batch.counts, batch.rowCount);
  const count = importable(batch.counts);

  const changed = () => {
    void rows.refetch();
    onChanged();
  };
  const filterBy = (next: SiteImportRowFilter) => {
    setFilter(next);
    setPage(0);
  };
  const skip = (row: SiteImportRow, skipped: boolean) =>
    run(
      row.rowNum,
      async () => {
        await dataProvider.skipSiteImportRow(batch.id, row.rowNum, skipped);
        changed();
      },
      `${P}.fix.failed`,
    );

  return (
    <Stack spacing={2}>
      <Box
        role="group"
        aria-label={translate(`${P}.preview.filters`)}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      >
        {chips.map((chip) => (
          <Chip
            key={chip.key}
            label={translate(`${P}.preview.chips.${chip.key}`, { count: chip.count })}
            // The chip in use is filled with the primary colour (its text contrasts in both modes); the others keep their meaning's colour.
            color={filter === chip.filter ? 'primary' : chip.color}
            variant={filter === chip.filter ? 'filled' : 'outlined'}
            onClick={() => filterBy(chip.filter)}
            aria-pressed={filter === chip.filter}
          />
        ))}
        <FormControlLabel
          sx={{ ml: { sm: 'auto' } }}
          control={<Switch checked={filter === 'errors'} onChange={(event) => filterBy(event.target.checked ? 'errors' : 'all')} />}
          label={translate(`${P}.preview.errorsOnly`)}
        />
      </Box>
      <Typography color="text.secondary">{translate(`${P}.preview.nothingWritten`)}</Typography>
      <ErrorAlert message={error} onClose={() => setError(undefined)} />
      {rows.error ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void rows.refetch()}>
              {translate(`${P}.actions.retry`)}
            </Button>
          }
        >
          {translate(failureMessage(rows.error, `${P}.preview.failed`))}
        </Alert>
      ) : rows.isPending ? (
        <StepSkeleton label={translate(`${P}.loading`)} rows={5} />
      ) : rows.data.total === 0 ? (
        <Typography sx={{ py: 3, textAlign: 'center' }} color="text.secondary">
          {translate(`${P}.preview.empty`)}
        </Typography>
      ) : (
        <Box>
          <TableContainer
            tabIndex={0}
            aria-labelledby="site-import-rows-caption"
            sx={{ maxHeight: 560, border: 1, borderColor: 'divider', borderRadius: 1 }}
          >
            <Table size="small" stickyHeader>
              <caption id="site-import-rows-caption" style={{ captionSide: 'top', textAlign: 'left', padding: 8 }}>
                {translate(`${P}.preview.caption`, { name: batch.fileName })}
              </caption>
              <TableHead>
                <TableRow>
                  <TableCell>{translate('siteImport.result.row')}</TableCell>
                  <TableCell>{translate('siteImport.result.status')}</TableCell>
                  <TableCell>{translate(`${P}.preview.actions`)}</TableCell>
                  {columns.map((column) => (
                    <TableCell key={column} sx={{ whiteSpace: 'nowrap' }}>
                      {label(column)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.data.rows.map((row) => (
                  <TableRow key={row.rowNum} hover>
                    <TableCell sx={{ verticalAlign: 'top' }}>{row.rowNum}</TableCell>
                    <TableCell sx={{ verticalAlign: 'top' }}>
                      <Chip
                        size="small"
                        color={ROW_COLOURS[row.status]}
                        variant="outlined"
                        label={translate(`siteImport.rowStatus.${row.status}`)}
                      />
                      {Object.keys(row.errors).length > 0 && (
                        <Typography variant="caption" component="p" color="error" sx={{ maxWidth: 180 }}>
                          {translate(`${P}.preview.errorsIn`, { columns: Object.keys(row.errors).map(label).join(', ') })}
                        </Typography>
                      )}
                      {row.warnings.map((w) => (
                        <Typography key={w} variant="caption" component="p" color="text.secondary">
                          {translate(`siteInfo.warnings.${w}`, { _: w })}
                        </Typography>
                      ))}
                    </TableCell>
                    <TableCell sx={{ verticalAlign: 'top', whiteSpace: 'nowrap' }}>
                      {row.status !== 'skipped' && (
                        <Button
                          size="small"
                          onClick={() => setFixing(row)}
                          disabled={busyRow === row.rowNum}
                          aria-label={translate(`${P}.fix.label`, { row: row.rowNum })}
                        >
                          {translate(`${P}.fix.button`)}
                        </Button>
                      )}
                      <Button
                        size="small"
                        color={row.status === 'skipped' ? 'primary' : 'inherit'}
                        onClick={() => void skip(row, row.status !== 'skipped')}
                        disabled={busyRow === row.rowNum}
                        aria-label={translate(row.status === 'skipped' ? `${P}.skip.takeBackLabel` : `${P}.skip.leaveOutLabel`, {
                          row: row.rowNum,
                        })}
                      >
                        {translate(row.status === 'skipped' ? `${P}.skip.takeBack` : `${P}.skip.leaveOut`)}
                      </Button>
                    </TableCell>
                    {columns.map((column) => (
                      <Cell key={column} value={row.values[column]} error={row.errors[column]} />
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <TablePagination
            component="div"
            count={rows.data.total}
            page={page}
            onPageChange={(_, p) => setPage(p)}
            rowsPerPage={perPage}
            onRowsPerPageChange={(event) => {
              setPerPage(Number(event.target.value));
              setPage(0);
            }}
            rowsPerPageOptions={[25, 50, 100]}
            // On a phone the pager wraps under the page size instead of running out of the step.
            sx={{ '& .MuiTablePagination-toolbar': { flexWrap: 'wrap', justifyContent: 'flex-end', px: { xs: 0, sm: 2 } } }}
            labelRowsPerPage={translate(`${P}.preview.perPage`)}
            labelDisplayedRows={({ from, to, count: total }) => translate(`${P}.preview.displayed`, { from, to, total })}
          />
        </Box>
      )}
      <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <Button onClick={onBack}>{translate(`${P}.actions.backToMapping`)}</Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" onClick={onImport} disabled={count === 0}>
          {translate(`${P}.actions.import`, { count, smart_count: count })}
        </Button>
      </Stack>
      {fixing && (
        <FixRowDialog
          batch={batch}
          row={fixing}
          onClose={() => setFixing(undefined)}
          onSaved={(saved) => {
            changed();
            if (saved.status !== 'refused') notify(translate(`${P}.fix.saved`, { row: saved.rowNum }), { type: 'success' });
          }}
        />
      )}
    </Stack>
  );
}
