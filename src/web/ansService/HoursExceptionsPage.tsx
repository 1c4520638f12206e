import { useMemo } from 'react';
import { format } from 'date-fns';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { useWatch } from 'react-hook-form';
import { BooleanInput, DateInput, TextInput, useLocaleState, useTranslate } from 'react-admin';
import { hoursExceptionInputSchema, type HoursException } from '../../../schemas/ansService.js';
import { ListResults, type Column } from '../resources/ResourceList.js';
import { slideOverPath } from '../resources/slideOverRoute.js';
import { AnsEmpty, AnsRecordsPage } from './AnsList.js';
import { useBusinessHours } from './ansQueries.js';
import { ANS_PATHS } from './ansPaths.js';
import { formatDay } from './ansRules.js';

/** The page's resource (src/web/resources/resourceNames.ts): the `businessHours` entry's dated exceptions, at /api/businessHours/exceptions. */
const RESOURCE = 'ans-service/temp-business-hours';
const BASE = ANS_PATHS.tempBusinessHours;

const editPath = (e: HoursException) => slideOverPath(BASE, { mode: 'edit', id: String(e.id) });
/** The browser's day, 'yyyy-MM-dd'. */
const today = () => format(new Date(), 'yyyy-MM-dd');

function Dates({ exception }: { exception: HoursException }) {
  const [locale] = useLocaleState();
  const first = formatDay(exception.date, locale, 'full');
  return (
    <Box sx={{ textTransform: 'capitalize' }}>
      {exception.endDate === exception.date ? first : `${formatDay(exception.date, locale)} – ${formatDay(exception.endDate, locale)}`}
    </Box>
  );
}

function Hours({ exception }: { exception: HoursException }) {
  const translate = useTranslate();
  if (exception.closed)
    return <Chip size="small" color="error" variant="outlined" label={translate('ansService.exceptions.closedAllDay')} />;
  return (
    <Chip
      size="small"
      color="primary"
      variant="outlined"
      label={translate('ansService.exceptions.specialHours', { opens: exception.opensAt ?? '', closes: exception.closesAt ?? '' })}
    />
  );
}

function Name({ exception }: { exception: HoursException }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <Box sx={{ fontWeight: 600 }}>{exception.name}</Box>
      {exception.endDate < today() && <Chip size="small" label={translate('ansService.exceptions.past')} />}
    </Box>
  );
}

const columns: Column<HoursException>[] = [
  { name: 'name', render: (e) => <Name exception={e} /> },
  { name: 'dates', render: (e) => <Dates exception={e} /> },
  { name: 'hours', render: (e) => <Hours exception={e} /> },
];

/** An exception on a phone. */
function ExceptionCard({ exception }: { exception: HoursException }) {
  return (
    <>
      <Name exception={exception} />
      <Box sx={{ my: 1, typography: 'body2' }}>
        <Dates exception={exception} />
      </Box>
      <Hours exception={exception} />
    </>
  );
}

const PLACE = { area: 'exceptions', resource: RESOURCE, basePath: BASE } as const;

const ExceptionsEmpty = () => <AnsEmpty {...PLACE} testId="hours-exceptions-empty" icon={<EventAvailableIcon />} />;

function ExceptionResults() {
  const translate = useTranslate();
  return (
    <ListResults<HoursException>
      ns="ansService.exceptions"
      columns={columns}
      rowClick={(_id, _resource, record) => editPath(record as HoursException)}
      card={(exception) => <ExceptionCard exception={exception} />}
      cardLink={(exception) => ({ to: editPath(exception), label: translate('ansService.exceptions.editNamed', { name: exception.name }) })}
      empty={<ExceptionsEmpty />}
      skeletonColumns={3}
      skeletonRows={3}
    />
  );
}

/** Opening and closing times, only for special hours. */
function SpecialHours() {
  const closed = useWatch({ name: 'closed' }) as boolean;
  if (closed) return null;
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextInput source="opensAt" label="ansService.exceptions.fields.opensAt" type="time" slotProps={{ inputLabel: { shrink: true } }} />
      <TextInput source="closesAt" label="ansService.exceptions.fields.closesAt" type="time" slotProps={{ inputLabel: { shrink: true } }} />
    </Box>
  );
}

function ExceptionInputs() {
  return (
    <>
      <TextInput source="name" label="ansService.exceptions.fields.name" fullWidth isRequired />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <DateInput source="date" label="ansService.exceptions.fields.date" isRequired />
        <DateInput source="endDate" label="ansService.exceptions.fields.endDate" isRequired />
      </Box>
      <BooleanInput source="closed" label="ansService.exceptions.fields.closed" />
      <SpecialHours />
    </>
  );
}

const pickInput = (values: Record<string, unknown>) => ({
  name: values.name,
  date: values.date,
  endDate: values.endDate || values.date,
  closed: !!values.closed,
  opensAt: values.closed ? null : values.opensAt || null,
  closesAt: values.closed ? null : values.closesAt || null,
});

/**
 * /ans-service/temp-business-hours (`businessHours` with dated exceptions): holidays,
 * closures and days of special hours, upcoming first, in the shared slide-over; they replace the
 * week's hours on their days (isOfficeOpen).
 */
export function HoursExceptionsPage() {
  const { data: hours } = useBusinessHours();
  const defaults = useMemo(() => ({ name: '', date: today(), endDate: today(), closed: true, opensAt: '09:00', closesAt: '12:00' }), []);
  return (
    <AnsRecordsPage
      {...PLACE}
      introArgs={{ zone: (hours?.timeZone ?? '').replaceAll('_', ' ') }}
      empty={<ExceptionsEmpty />}
      form={{ schema: hoursExceptionInputSchema, defaults, transform: pickInput }}
      inputs={<ExceptionInputs />}
    >
      <ExceptionResults />
    </AnsRecordsPage>
  );
}
