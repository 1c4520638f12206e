import { useEffect, useMemo } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { CheckboxGroupInput, DateInput, RadioButtonGroupInput, SelectInput, useTranslate } from 'react-admin';
import type { ReportDefinition } from '../../../schemas/reports.js';
import type { UiHints } from '../../../schemas/uiHints.js';
import { SchemaForm, type SchemaFormSlot } from '../forms/SchemaForm.js';
import type { ObjectSchema } from '../forms/schemaFields.js';
import type { LaidOutField } from '../forms/schemaLayout.js';
import { SitesInput } from '../forms/widgets/SitesInput.js';
import { PARAMETERS, prefixedForm, type ParamSchema } from './reportRules.js';

const path = (field: string) => `${PARAMETERS}.${field}`;

/** What every required input of the report and schedule forms is: its field's source and label, full width, small. */
export const requiredInput = (field: LaidOutField) =>
  ({ source: field.source, label: field.label, isRequired: true, fullWidth: true, size: 'small' }) as const;

/** A field's values as choices, each named by the field's option label (translated). */
function optionChoices(field: LaidOutField, values: readonly (string | number)[], translate: (key: string) => string) {
  return values.map((value) => ({ id: value, name: translate(field.optionLabel ? field.optionLabel(value) : String(value)) }));
}

/** The period select; hidden when the report asks for tests in force now ('when': 'now'). */
function PeriodInput({ field }: { field: LaidOutField }) {
  const translate = useTranslate();
  const when = useWatch({ name: path('when') }) as string | undefined;
  if (when === 'now') return null;
  return (
    <SelectInput
      {...requiredInput(field)}
      label={field.label ?? 'reports.fields.period'}
      choices={optionChoices(field, field.rules.options ?? [], translate)}
      translateChoice={false}
      helperText={false}
    />
  );
}

/** From and to: shown for a custom period only, then required. */
function PeriodDateInput({ field }: { field: LaidOutField }) {
  const [period, when] = useWatch({ name: [path('period'), path('when')] }) as [string | undefined, string | undefined];
  if (period !== 'custom' || when === 'now') return null;
  return <DateInput {...requiredInput(field)} />;
}

/** A list of the schema's values (event kinds, exceptions, problems) as checkboxes, translated. */
function MultiSelectInput({ field, schema }: { field: LaidOutField; schema: ParamSchema }) {
  const translate = useTranslate();
  const choices = optionChoices(field, (schema.properties?.[field.source]?.items?.enum ?? []) as readonly string[], translate);
  return (
    <CheckboxGroupInput
      source={field.source}
      label={field.label}
      choices={choices}
      translateChoice={false}
      isRequired
      row
      helperText={false}
      sx={{ mt: 1, mb: 0.5, '& .MuiFormGroup-root': { columnGap: 1 } }}
    />
  );
}

/** The accounts of the current account group, searched by name or number; none chosen: all of them. */
function AccountsInput({ field }: { field: LaidOutField }) {
  return (
    <SitesInput
      field={{ ...field, hint: 'reportScreens.run.allAccountsHelp', options: { placeholder: 'reportScreens.run.accountsPlaceholder' } }}
    />
  );
}

/** The report's parameters drawn from its schema and hints (SchemaForm), inside a form that nests them under `parameters`. */
export function ReportParameters({ report }: { report: ReportDefinition }) {
  const { schema, ui } = useMemo(() => prefixedForm(report.parameters as ParamSchema, report.ui as unknown as UiHints), [report]);
  const slots = useMemo<Record<string, SchemaFormSlot>>(
    () => ({
      period: (field) => <PeriodInput field={field} />,
      date: (field) => <PeriodDateInput field={field} />,
      multiSelect: (field) => <MultiSelectInput field={field} schema={schema} />,
      accounts: (field) => <AccountsInput field={field} />,
    }),
    [schema],
  );
  return <SchemaForm schema={schema as ObjectSchema} ui={ui} slots={slots} />;
}

/** The format: one of the report's formats, as radio buttons. */
export function FormatInput({ formats, source = 'format' }: { formats: readonly string[]; source?: string }) {
  const translate = useTranslate();
  const choices = formats.map((format) => ({ id: format, name: translate(`reports.formats.${format}`) }));
  return (
    <RadioButtonGroupInput
      source={source}
      label="reports.fields.format"
      choices={choices}
      translateChoice={false}
      row
      isRequired
      helperText={false}
      sx={{ mt: 1 }}
    />
  );
}

/**
 * Leaving a custom period empties its days, so a later custom period starts afresh and an
 * old range is not sent by mistake (cleanParameters leaves them out anyway).
 */
export function ClearCustomDays() {
  const { setValue, getValues } = useFormContext();
  const period = useWatch({ name: path('period') }) as string | undefined;
  useEffect(() => {
    if (period === 'custom') return;
    for (const day of ['from', 'to']) {
      if (getValues(path(day))) setValue(path(day), null, { shouldValidate: false });
    }
  }, [period, getValues, setValue]);
  return null;
}
