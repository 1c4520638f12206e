import { useEffect, useMemo, useRef, useState } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormContext, useWatch } from 'react-hook-form';
import { AutocompleteInput, SelectInput, TextInput, useInput, useTranslate, useLocaleState } from 'react-admin';
import {
  REPORT_FORMATS,
  REPORT_MAX_RECIPIENTS,
  reportScheduleInputSchema,
  type ReportDefinition,
  type ReportFrequency,
} from '../../../schemas/reports.js';
import { SchemaForm, type SchemaFormSlot } from '../forms/SchemaForm.js';
import type { LaidOutField } from '../forms/schemaLayout.js';
import { lazySchemaValidator } from '../forms/lazySchemaValidator.js';
import { ClearCustomDays, FormatInput, ReportParameters, requiredInput } from './ReportParameters.js';
import { defaultParameters, nestErrors, reportNameKey, timeZones, weekdayName, type ParamSchema } from './reportRules.js';
import { useReportCatalogue } from './reportCatalogue.js';
import { collapseErrors, parameterErrors } from './reportValidation.js';
import { addRecipients, daysFor, isEmail, MONTH_DAYS, recipientsProblem, SCHEDULE_UI, WEEKDAYS_FROM_MONDAY } from './scheduleForm.js';

const reportOf = (catalogue: readonly ReportDefinition[] | undefined, id: unknown) => catalogue?.find((r) => r.id === id);

/** The report to schedule; its name goes in the schedule's name while that is empty. */
function ReportInput({ field, catalogue }: { field: LaidOutField; catalogue: readonly ReportDefinition[] | undefined }) {
  const translate = useTranslate();
  const choices = (catalogue ?? []).map((r) => ({ id: r.id, name: translate(reportNameKey(r.id)) }));
  return <SelectInput {...requiredInput(field)} choices={choices} translateChoice={false} isPending={!catalogue} />;
}

/** The chosen report's parameters (its schema's form), or a word on choosing one first. */
function ParametersBlock({ catalogue }: { catalogue: readonly ReportDefinition[] | undefined }) {
  const translate = useTranslate();
  const reportId = useWatch({ name: 'reportId' }) as string;
  const report = reportOf(catalogue, reportId);
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, pt: 0.5, pb: 1, mx: 0, mb: 2, minWidth: 0 }}>
      <Typography component="legend" variant="overline" color="text.secondary" sx={{ px: 0.5, lineHeight: 2 }}>
        {translate('reportScreens.schedules.fields.parameters')}
      </Typography>
      {report ? (
        <Box key={report.id}>
          <ClearCustomDays />
          <ReportParameters report={report} />
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ pb: 1 }}>
          {translate('reportScreens.schedules.chooseReport')}
        </Typography>
      )}
    </Box>
  );
}

function ScheduleFormat({ catalogue }: { catalogue: readonly ReportDefinition[] | undefined }) {
  const reportId = useWatch({ name: 'reportId' }) as string;
  return <FormatInput formats={reportOf(catalogue, reportId)?.formats ?? REPORT_FORMATS} />;
}

function WeekdayInput({ field }: { field: LaidOutField }) {
  const [locale] = useLocaleState();
  const frequency = useWatch({ name: 'frequency' }) as ReportFrequency;
  const choices = useMemo(() => WEEKDAYS_FROM_MONDAY.map((d) => ({ id: d, name: weekdayName(d, locale) })), [locale]);
  if (frequency !== 'weekly') return null;
  return <SelectInput {...requiredInput(field)} choices={choices} translateChoice={false} />;
}

function MonthDayInput({ field }: { field: LaidOutField }) {
  const translate = useTranslate();
  const frequency = useWatch({ name: 'frequency' }) as ReportFrequency;
  if (frequency !== 'monthly') return null;
  const choices = MONTH_DAYS.map((d) => ({ id: d, name: d === -1 ? translate('reportScreens.schedules.lastDay') : String(d) }));
  return (
    <SelectInput {...requiredInput(field)} choices={choices} translateChoice={false} helperText="reportScreens.schedules.monthDayHelp" />
  );
}

function TimeInput({ field }: { field: LaidOutField }) {
  return <TextInput {...requiredInput(field)} type="time" slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 60 } }} />;
}

function TimeZoneInput({ field }: { field: LaidOutField }) {
  const current = useWatch({ name: field.source }) as string | undefined;
  const choices = useMemo(() => timeZones(current).map((zone) => ({ id: zone, name: zone.replaceAll('_', ' ') })), [current]);
  return (
    <AutocompleteInput
      {...requiredInput(field)}
      choices={choices}
      translateChoice={false}
      disableClearable
      helperText="reportScreens.schedules.timeZoneHelp"
    />
  );
}

/** Recipients as email chips: typed, pasted or separated by commas; at most 10; a bad address is marked. */
function RecipientsInput({ field }: { field: LaidOutField }) {
  const translate = useTranslate();
  const {
    field: input,
    fieldState: { error, invalid },
    isRequired,
    id,
  } = useInput({ source: field.source, isRequired: true });
  const value: string[] = Array.isArray(input.value) ? (input.value as string[]) : [];
  const [text, setText] = useState('');
  const full = value.length >= REPORT_MAX_RECIPIENTS;
  const commit = (typed: string) => {
    const next = addRecipients(value, typed);
    if (next.length !== value.length) input.onChange(next);
    setText('');
  };
  // The form's resolver gives `{ message, args }` (react-admin's translatable message), a server answer plain text.
  const raw = error?.message as unknown as string | { message: string; args?: Record<string, unknown> } | undefined;
  const helper = !invalid || !raw ? undefined : typeof raw === 'string' ? translate(raw) : translate(raw.message, raw.args ?? {});
  return (
    <Autocomplete<string, true, false, true>
      multiple
      freeSolo
      id={id}
      options={[]}
      value={value}
      inputValue={text}
      open={false}
      onInputChange={(_event, typed, reason) => {
        if (reason !== 'input') return;
        if (/[\s,;]$/.test(typed)) commit(typed);
        else setText(typed);
      }}
      onChange={(_event, next, reason) => {
        if (reason === 'createOption') commit(String(next[next.length - 1] ?? ''));
        else input.onChange(next);
      }}
      renderValue={(chips, getItemProps) =>
        chips.map((address, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          const bad = !isEmail(address);
          return (
            <Chip
              key={key}
              size="small"
              label={address}
              color={bad ? 'error' : 'default'}
              variant={bad ? 'outlined' : 'filled'}
              {...itemProps}
            />
          );
        })
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate(field.label ?? 'reportScreens.schedules.fields.recipients')}
          required={isRequired}
          size="small"
          margin="dense"
          error={invalid}
          placeholder={full ? undefined : translate('reportScreens.schedules.recipientsPlaceholder')}
          helperText={helper ?? translate('reportScreens.schedules.recipientsHelp', { max: REPORT_MAX_RECIPIENTS, count: value.length })}
          onBlur={() => {
            if (text.trim()) commit(text);
            input.onBlur();
          }}
          slotProps={{ htmlInput: { ...params.inputProps, readOnly: full, inputMode: 'email', autoComplete: 'email' } }}
        />
      )}
    />
  );
}

/**
 * Keeps the form consistent as it changes: a frequency keeps only its own day (weekly: a
 * weekday; monthly: a day of the month); a new report starts from its parameters' defaults,
 * one of its formats, and its name while the schedule has none.
 */
function ScheduleSync({ catalogue }: { catalogue: readonly ReportDefinition[] | undefined }) {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const [frequency, reportId] = useWatch({ name: ['frequency', 'reportId'] }) as [ReportFrequency, string];
  useEffect(() => {
    const days = daysFor(frequency, { weekday: getValues('weekday') as number | null, monthDay: getValues('monthDay') as number | null });
    if (getValues('weekday') !== days.weekday) setValue('weekday', days.weekday, { shouldDirty: true, shouldValidate: true });
    if (getValues('monthDay') !== days.monthDay) setValue('monthDay', days.monthDay, { shouldDirty: true, shouldValidate: true });
  }, [frequency, getValues, setValue]);
  const previous = useRef(reportId);
  useEffect(() => {
    if (previous.current === reportId) return;
    const report = reportOf(catalogue, reportId);
    if (!report) return;
    previous.current = reportId;
    setValue('parameters', defaultParameters(report.parameters as ParamSchema), { shouldDirty: true });
    if (!report.formats.includes(getValues('format') as never)) setValue('format', report.formats[0], { shouldDirty: true });
    if (!String(getValues('name') ?? '').trim()) setValue('name', translate(reportNameKey(report.id)), { shouldDirty: true });
  }, [reportId, catalogue, getValues, setValue, translate]);
  return null;
}

/** The schedule form: what to run, when, to whom, drawn by SchemaForm from reportScheduleInputSchema. */
export function ScheduleInputs() {
  const { data: catalogue } = useReportCatalogue();
  const slots = useMemo<Record<string, SchemaFormSlot>>(
    () => ({
      report: (field) => <ReportInput field={field} catalogue={catalogue} />,
      parameters: () => <ParametersBlock catalogue={catalogue} />,
      format: () => <ScheduleFormat catalogue={catalogue} />,
      weekday: (field) => <WeekdayInput field={field} />,
      monthDay: (field) => <MonthDayInput field={field} />,
      time: (field) => <TimeInput field={field} />,
      timeZone: (field) => <TimeZoneInput field={field} />,
      recipients: (field) => <RecipientsInput field={field} />,
    }),
    [catalogue],
  );
  return (
    <>
      <ScheduleSync catalogue={catalogue} />
      <SchemaForm schema={reportScheduleInputSchema} ui={SCHEDULE_UI} slots={slots} />
    </>
  );
}

const validateSchedule = lazySchemaValidator(reportScheduleInputSchema);

/**
 * The schedule form's validation: the schedule's schema (the server's ajv and messages), the
 * recipients' rule, and the chosen report's parameters nested under `parameters`.
 */
export function scheduleValidator(catalogue: () => readonly ReportDefinition[] | undefined) {
  return async (values: Record<string, unknown>): Promise<object> => {
    const errors: Record<string, unknown> = collapseErrors(await validateSchedule(values));
    const recipients = recipientsProblem(Array.isArray(values.recipients) ? (values.recipients as string[]) : []);
    if (recipients) errors.recipients = { message: recipients.message, args: recipients.args ?? {} };
    const report = reportOf(catalogue(), values.reportId);
    if (report) Object.assign(errors, nestErrors(await parameterErrors(report.id, report.parameters as ParamSchema, values.parameters)));
    return errors;
  };
}
