import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useDataProvider, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { SiteImport } from '../../../../schemas/siteImport.js';
import type { PortalDataProvider } from '../../providers/dataProvider.js';
import { failureMessage } from '../../providers/errorMessages.js';
import { useImportProgress } from '../../realtime/reportFeed.js';
import { visuallyHidden } from '../../resources/visuallyHidden.js';
import type { ConfirmDialogComponent } from '../create/SiteCreatePage.js';
import { P, StepSkeleton } from './importParts.js';
import { MappingStep } from './MappingStep.js';
import { PreviewStep } from './PreviewStep.js';
import { ImportStep, ResultStep } from './RunSteps.js';
import { batchParam, IMPORT_STEPS, shownStep, type ImportStep as Step_ } from './siteImportRules.js';
import { UploadStep } from './UploadStep.js';

/** How often a running import is read again besides the hub. */
const POLL_MS = 2000;

/**
 * /site/import (access entry siteImports: a dealer with allowCreateAccountFlag): accounts from a
 * CSV or XLSX file, step by step: upload, map the columns, preview every row as the server checks
 * it, import (a durable job, its progress live over the reports hub, polled as a fallback), and the
 * result with its file and an undo. The batch is in the address (?batch=12): a reload, or a link
 * from the recent imports, comes back to the batch at the step its status says.
 */
export function SiteImportPage({ ConfirmDialog }: { ConfirmDialog: ConfirmDialogComponent }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const queryClient = useQueryClient();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [params, setParams] = useSearchParams();
  const id = batchParam(params.get('batch'));
  const batchQuery = useQuery({
    queryKey: ['siteImports', 'one', id],
    queryFn: () => dataProvider.siteImport(id!),
    enabled: id !== undefined,
    // A running import is read again every few seconds, in case the hub is quiet or not connected.
    refetchInterval: (query) => (query.state.data?.status === 'running' ? POLL_MS : false),
  });
  const batch = id !== undefined ? batchQuery.data : undefined;
  /** The step the user went to, for the batch it was chosen for. */
  const [chosen, setChosen] = useState<{ id: number; step: Step_ }>();
  const step = id === undefined ? 'upload' : shownStep(batch?.status, chosen?.id === id ? chosen.step : undefined);
  /** The upload's suggested mapping, to mark the columns matched automatically. */
  const [suggested, setSuggested] = useState<(string | null)[]>();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);

  const show = (next: SiteImport, target?: Step_) => {
    queryClient.setQueryData(['siteImports', 'one', next.id], next);
    setChosen(target ? { id: next.id, step: target } : undefined);
  };
  const goTo = (target: Step_) => id !== undefined && setChosen({ id, step: target });
  const refresh = () => void batchQuery.refetch();

  // The hub's progress of this import as it comes; at its end the batch and the recent imports are read again.
  useImportProgress((progress) => {
    if (!batch || progress.importId !== batch.id) return;
    if (progress.status !== 'running') {
      refresh();
      void queryClient.invalidateQueries({ queryKey: ['siteImports'], exact: true });
      return;
    }
    queryClient.setQueryData<SiteImport>(
      ['siteImports', 'one', batch.id],
      (b) =>
        b && {
          ...b,
          processed: progress.processed,
          progress: progress.progress,
          counts: { ...b.counts, created: progress.created, refused: progress.refused },
        },
    );
  });

  // A new step: its heading takes the focus (not on entering: the page title has it).
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [step]);

  const openBatch = (next: SiteImport, target?: Step_) => {
    show(next, target);
    setParams({ batch: String(next.id) });
  };
  const startOver = () => {
    setSuggested(undefined);
    setChosen(undefined);
    setParams({});
    void queryClient.invalidateQueries({ queryKey: ['siteImports'], exact: true });
  };

  const index = IMPORT_STEPS.indexOf(step);
  const loadError =
    id !== undefined && batchQuery.error && !batch ? translate(failureMessage(batchQuery.error, `${P}.loadFailed`)) : undefined;
  const loading = id !== undefined && !batch && !loadError;

  const body = (
    <Box component="section" aria-labelledby="site-import-step" sx={{ pt: phone ? 1 : 3 }}>
      {!phone && (
        <Typography variant="overline" color="text.secondary" component="p">
          {translate(`${P}.stepOf`, { current: index + 1, total: IMPORT_STEPS.length })}
        </Typography>
      )}
      <Typography
        id="site-import-step"
        ref={headingRef}
        tabIndex={-1}
        variant="h5"
        component="h2"
        sx={{ outline: 'none', ...(phone ? visuallyHidden : {}) }}
      >
        {translate(`${P}.steps.${step}`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(`${P}.stepIntro.${step}`)}
      </Typography>
      {loadError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={startOver}>
              {translate(`${P}.actions.another`)}
            </Button>
          }
        >
          {loadError}
        </Alert>
      ) : loading ? (
        <StepSkeleton label={translate(`${P}.loading`)} rows={4} />
      ) : step === 'upload' || !batch ? (
        <UploadStep
          onUploaded={(uploaded) => {
            setSuggested([...uploaded.mapping]);
            openBatch(uploaded, 'map');
          }}
        />
      ) : step === 'map' ? (
        <MappingStep
          key={`${batch.id}:${batch.sheet ?? ''}`}
          batch={batch}
          suggested={suggested}
          onBack={startOver}
          onChecked={(checked) => show(checked, 'preview')}
          onSheet={(next) => {
            setSuggested([...next.mapping]);
            show(next, 'map');
          }}
        />
      ) : step === 'preview' ? (
        <PreviewStep batch={batch} onBack={() => goTo('map')} onChanged={refresh} onImport={() => goTo('import')} />
      ) : step === 'import' ? (
        <ImportStep batch={batch} ConfirmDialog={ConfirmDialog} onBack={() => goTo('preview')} onChanged={(next) => show(next)} />
      ) : (
        <ResultStep batch={batch} ConfirmDialog={ConfirmDialog} onUndone={refresh} onAnother={startOver} />
      )}
    </Box>
  );

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{translate(`${P}.intro`)}</Typography>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2, md: 3 } }}>
        <Stepper
          activeStep={index}
          orientation={phone ? 'vertical' : 'horizontal'}
          alternativeLabel={!phone}
          component="nav"
          aria-label={translate(`${P}.stepper`)}
        >
          {IMPORT_STEPS.map((s, i) => (
            <Step key={s} completed={i < index} aria-current={s === step ? 'step' : undefined}>
              <StepLabel>{translate(`${P}.steps.${s}`)}</StepLabel>
              {phone && <StepContent sx={{ pl: 1.5, pr: 0, ml: 1.5 }}>{s === step ? body : null}</StepContent>}
            </Step>
          ))}
        </Stepper>
        {!phone && body}
      </Paper>
    </Stack>
  );
}
