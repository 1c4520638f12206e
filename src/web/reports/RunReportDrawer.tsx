import { useId, useMemo } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import CloseIcon from '@mui/icons-material/Close';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { useQueryClient } from '@tanstack/react-query';
import { useFormContext } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Form, useCanAccess, useCreate, useNotify, useTranslate } from 'react-admin';
import type { ReportDefinition, ReportFormat, ReportId, ReportRun, ReportRunInput } from '../../../schemas/reports.js';
import { FormSubmitButton } from '../forms/FormSubmitButton.js';
import { clientMessage } from '../providers/errorMessages.js';
import { ClearCustomDays, FormatInput, ReportParameters } from './ReportParameters.js';
import { browserTimeZone, cleanParameters, defaultParameters, PARAMETERS, reportNameKey, type ParamSchema } from './reportRules.js';
import { INBOX_PATH, SCHEDULES_PATH } from './reportTabs.js';
import { runFormValidator } from './reportValidation.js';
import type { SchedulePrefill } from './scheduleForm.js';

interface RunValues {
  format: ReportFormat;
  parameters: Record<string, unknown>;
}

/** 'Schedule…': the schedule form, prefilled with this report, its format and parameters. */
function ScheduleButton({ report }: { report: ReportDefinition }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { getValues } = useFormContext<RunValues>();
  const { canAccess } = useCanAccess({ resource: 'reportSchedules', action: 'create' });
  if (!canAccess) return null;
  const schedule = () => {
    const values = getValues();
    const prefill: SchedulePrefill = {
      name: translate(reportNameKey(report.id)),
      reportId: report.id as ReportId,
      format: values.format,
      parameters: cleanParameters(report.parameters as ParamSchema, values.parameters),
    };
    navigate(`${SCHEDULES_PATH}/create`, { state: { prefill } });
  };
  return (
    <Button variant="outlined" startIcon={<EventRepeatIcon />} onClick={schedule} sx={{ mr: 'auto' }}>
      {translate('reportScreens.run.schedule')}
    </Button>
  );
}

function RunForm({ report, titleId, onClose }: { report: ReportDefinition; titleId: string; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [create] = useCreate<ReportRun>();
  const schema = report.parameters as ParamSchema;
  const record = useMemo(
    () => ({ format: report.formats[0] as ReportFormat, [PARAMETERS]: defaultParameters(schema) }),
    [report.formats, schema],
  );
  const validate = useMemo(() => runFormValidator(report.id, schema), [report.id, schema]);
  const name = translate(reportNameKey(report.id));

  const runNow = async (values: Record<string, unknown>) => {
    const { format, parameters } = values as unknown as RunValues;
    try {
      const data: ReportRunInput = {
        reportId: report.id as ReportId,
        format,
        parameters: cleanParameters(schema, parameters),
        timeZone: browserTimeZone(),
      };
      await create('reportRuns', { data }, { returnPromise: true });
    } catch (error) {
      const { message, fieldErrors } = clientMessage(error, 'reportScreens.run.failed');
      notify(message, { type: 'error' });
      return fieldErrors;
    }
    notify('reportScreens.run.started', { type: 'success', messageArgs: { name } });
    void queryClient.invalidateQueries({ queryKey: ['reportRuns'] });
    navigate(INBOX_PATH);
    return undefined;
  };

  return (
    <Form
      record={record}
      onSubmit={runNow}
      validate={validate}
      mode="onChange"
      reValidateMode="onChange"
      noValidate
      sanitizeEmptyValues={false}
    >
      <ClearCustomDays />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <Typography id={titleId} variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {translate('reportScreens.run.title', { name })}
        </Typography>
        <IconButton onClick={onClose} aria-label={translate('reportScreens.close')} edge="end">
          <CloseIcon />
        </IconButton>
      </Box>
      <Box sx={{ px: 3, py: 2, overflowY: 'auto', flexGrow: 1 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(`reports.catalogue.${report.id}.description`)}
        </Typography>
        <ReportParameters report={report} />
        <FormatInput formats={report.formats} />
      </Box>
      <Box
        sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: 1, px: 3, py: 2, borderTop: 1, borderColor: 'divider' }}
      >
        <ScheduleButton report={report} />
        <FormSubmitButton label="reportScreens.run.runNow" alwaysEnable />
      </Box>
    </Form>
  );
}

/**
 * The run form of one report in the slide-over: its parameters drawn from the
 * report's schema, a format, 'Run now' (queued, a notice, then the inbox) and 'Schedule…'
 * (the schedule form, prefilled).
 */
export function RunReportDrawer({ report, onClose }: { report: ReportDefinition | undefined; onClose: () => void }) {
  const titleId = useId();
  return (
    <Drawer
      anchor="right"
      open={!!report}
      onClose={onClose}
      slotProps={{
        paper: {
          sx: { width: { xs: '100%', sm: 560 }, maxWidth: '100%', display: 'flex', backgroundImage: 'none' },
          role: 'dialog',
          'aria-labelledby': titleId,
        } as object,
      }}
    >
      <Box
        data-testid="run-report"
        sx={{
          height: '100%',
          display: 'flex',
          flexDirection: 'column',
          '& > form': { display: 'flex', flexDirection: 'column', height: '100%' },
        }}
      >
        {report && <RunForm key={report.id} report={report} titleId={titleId} onClose={onClose} />}
      </Box>
    </Drawer>
  );
}
