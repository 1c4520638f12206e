import { useMemo } from 'react';
import { format } from 'date-fns';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router-dom';
import {
  BooleanInput,
  DataTable,
  DateInput,
  List,
  ResourceContextProvider,
  TextInput,
  TopToolbar,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { hoursExceptionInputSchema, type HoursException } from '../../../schemas/ansService.js';
import { failureMessage } from '../providers/errorMessages.js';
import { SlideOver, type SlideOverTexts } from '../resources/SlideOver.js';
import { slideOverPath } from '../resources/slideOverRoute.js';
import { AnsCards, AnsCreateButton, AnsEmpty, AnsResults } from './AnsList.js';
import { useBusinessHours } from './ansQueries.js';
import { ANS_PATHS, formatDay } from './ansRules.js';

/** The page's resource (src/web/resources/resourceNames.ts): the `businessHours` entry's dated exceptions, at /api/businessHours/exceptions. */
const RESOURCE = 'ans-service/temp-business-hours';
const BASE = ANS_PATHS.tempBusinessHours;

const TEXTS: SlideOverTexts = {
  createTitle: 'ansService.exceptions.createTitle',
  editTitle: 'ansService.exceptions.editTitle',
  create: 'ansService.exceptions.create',
  save: 'ansService.exceptions.save',
  delete: 'ansService.exceptions.delete',
  close: 'ansService.close',
  deleteTitle: 'ansService.exceptions.deleteTitle',
  deleteConfirm: 'ansService.exceptions.deleteConfirm',
  saved: 'ansService.exceptions.saved',
  deleted: 'ansService.exceptions.deleted',
  loadError: 'ansService.exceptions.loadError',
  saveError: 'ansService.exceptions.saveError',
  deleteError: 'ansService.exceptions.deleteError',
};

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

function ExceptionTable() {
  const translate = useTranslate();
  return (
    <DataTable<HoursException>
      aria-label={translate('ansService.exceptions.tableLabel')}
      rowClick={(_id, _resource, record) => editPath(record as HoursException)}
      bulkActionButtons={false}
      empty={<ExceptionsEmpty />}
    >
      <DataTable.Col label="ansService.exceptions.columns.name" disableSort render={(e) => <Name exception={e as HoursException} />} />
      <DataTable.Col label="ansService.exceptions.columns.dates" disableSort render={(e) => <Dates exception={e as HoursException} />} />
      <DataTable.Col label="ansService.exceptions.columns.hours" disableSort render={(e) => <Hours exception={e as HoursException} />} />
    </DataTable>
  );
}

function ExceptionCards() {
  const translate = useTranslate();
  return (
    <AnsCards<HoursException> label={translate('ansService.exceptions.tableLabel')} empty={<ExceptionsEmpty />}>
      {(exception) => (
        <Card variant="outlined">
          <CardActionArea
            component={RouterLink}
            to={editPath(exception)}
            aria-label={translate('ansService.exceptions.editNamed', { name: exception.name })}
          >
            <CardContent>
              <Name exception={exception} />
              <Box sx={{ my: 1, typography: 'body2' }}>
                <Dates exception={exception} />
              </Box>
              <Hours exception={exception} />
            </CardContent>
          </CardActionArea>
        </Card>
      )}
    </AnsCards>
  );
}

const CreateButton = () => <AnsCreateButton area="exceptions" resource={RESOURCE} basePath={BASE} />;

const ExceptionsEmpty = () => (
  <AnsEmpty area="exceptions" testId="hours-exceptions-empty" icon={<EventAvailableIcon />} action={<CreateButton />} />
);

const ExceptionResults = () => <AnsResults area="exceptions" columns={3} rows={3} cards={<ExceptionCards />} table={<ExceptionTable />} />;

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
  const translate = useTranslate();
  const notify = useNotify();
  const { data: hours } = useBusinessHours();
  const defaults = useMemo(() => ({ name: '', date: today(), endDate: today(), closed: true, opensAt: '09:00', closesAt: '12:00' }), []);
  return (
    <ResourceContextProvider value={RESOURCE}>
      <Box component="section" aria-label={translate('ansService.exceptions.heading')}>
        <Typography color="text.secondary" sx={{ mb: 1, maxWidth: 760 }}>
          {translate('ansService.exceptions.intro', { zone: (hours?.timeZone ?? '').replaceAll('_', ' ') })}
        </Typography>
        <List<HoursException>
          resource={RESOURCE}
          title={false}
          perPage={100}
          // An empty sort field: the server's own order (by start, name or date), not react-admin's default id.
          sort={{ field: '', order: 'ASC' }}
          pagination={false}
          exporter={false}
          storeKey="ansService.exceptions"
          disableSyncWithLocation
          actions={
            <TopToolbar>
              <CreateButton />
            </TopToolbar>
          }
          empty={<ExceptionsEmpty />}
          sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
          queryOptions={{
            onError: (error: unknown) => notify(failureMessage(error, 'ansService.exceptions.loadError'), { type: 'error' }),
          }}
        >
          <ExceptionResults />
        </List>
      </Box>
      <SlideOver
        resource={RESOURCE}
        basePath={BASE}
        schema={hoursExceptionInputSchema}
        texts={TEXTS}
        defaults={defaults}
        transform={pickInput}
      >
        <ExceptionInputs />
      </SlideOver>
    </ResourceContextProvider>
  );
}
