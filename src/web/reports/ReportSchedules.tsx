import { createContext, useCallback, useContext, useMemo } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'react-router-dom';
import {
  DataTable,
  List,
  ResourceContextProvider,
  TopToolbar,
  useCanAccess,
  useListContext,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { reportScheduleInputSchema, type ReportDefinition, type ReportSchedule } from '../../../schemas/reports.js';
import { failureMessage } from '../providers/errorMessages.js';
import { SlideOver, SlideOverCreateLink, type SlideOverTexts } from '../resources/SlideOver.js';
import { slideOverPath } from '../resources/slideOverRoute.js';
import {
  browserTimeZone,
  exactTime,
  parametersInWords,
  relativeTime,
  reportNameKey,
  scheduleInWords,
  SCHEDULES_PATH,
  type ParamSchema,
} from './reportRules.js';
import { CATALOGUE_KEY } from './reportCatalogue.js';
import { ScheduleInputs, scheduleValidator } from './ScheduleInputs.js';
import { newSchedule, scheduleBody, type SchedulePrefill } from './scheduleForm.js';

const SCHEDULES = 'reportSchedules';

const SCHEDULE_TEXTS: SlideOverTexts = {
  createTitle: 'reportScreens.schedules.createTitle',
  editTitle: 'reportScreens.schedules.editTitle',
  create: 'reportScreens.schedules.create',
  save: 'reportScreens.schedules.save',
  delete: 'reportScreens.schedules.delete',
  close: 'reportScreens.close',
  deleteTitle: 'reportScreens.schedules.deleteTitle',
  deleteConfirm: 'reportScreens.schedules.deleteConfirm',
  saved: 'reportScreens.schedules.saved',
  deleted: 'reportScreens.schedules.deleted',
  loadError: 'reportScreens.schedules.loadError',
  saveError: 'reportScreens.schedules.saveError',
  deleteError: 'reportScreens.schedules.deleteError',
};

const editPath = (schedule: ReportSchedule) => slideOverPath(SCHEDULES_PATH, { mode: 'edit', id: String(schedule.id) });

function NextRun({ schedule }: { schedule: ReportSchedule }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  if (!schedule.active || !schedule.nextRunAt) {
    return <Chip size="small" variant="outlined" label={translate('reportScreens.schedules.paused')} />;
  }
  return (
    <Tooltip title={exactTime(schedule.nextRunAt, locale)}>
      <Box component="time" dateTime={schedule.nextRunAt} tabIndex={0} sx={{ whiteSpace: 'nowrap' }}>
        {relativeTime(schedule.nextRunAt, new Date(), locale)}
      </Box>
    </Tooltip>
  );
}

function WhenCell({ schedule }: { schedule: ReportSchedule }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      <Box>{scheduleInWords(schedule, translate, locale)}</Box>
      <Typography variant="caption" color="text.secondary">
        {schedule.timeZone.replaceAll('_', ' ')}
      </Typography>
    </>
  );
}

function WhatCell({ schedule }: { schedule: ReportSchedule }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <>
      <Box sx={{ fontWeight: 600 }}>{schedule.name}</Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {translate(reportNameKey(schedule.reportId))} · {translate(`reports.formats.${schedule.format}`)}
      </Typography>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', maxWidth: 360 }}>
        {parametersInWords(schedule.reportId, schedule.parameters, translate, locale)}
      </Typography>
    </>
  );
}

function RecipientsCell({ schedule }: { schedule: ReportSchedule }) {
  const translate = useTranslate();
  const [first, ...rest] = schedule.recipients;
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      {first}
      {rest.length > 0 && (
        <Tooltip title={rest.join(', ')}>
          <Chip size="small" tabIndex={0} label={translate('reportScreens.schedules.more', { count: rest.length })} sx={{ ml: 0.5 }} />
        </Tooltip>
      )}
    </Box>
  );
}

function ScheduleTable() {
  const translate = useTranslate();
  return (
    <DataTable<ReportSchedule>
      sx={{ '& thead th': { whiteSpace: 'nowrap' } }}
      aria-label={translate('reportScreens.schedules.tableLabel')}
      rowClick={(_id, _resource, record) => editPath(record as ReportSchedule)}
      bulkActionButtons={false}
      empty={<SchedulesEmpty />}
    >
      <DataTable.Col
        source="name"
        label="reportScreens.schedules.columns.name"
        render={(s) => <WhatCell schedule={s as ReportSchedule} />}
      />
      <DataTable.Col label="reportScreens.schedules.columns.when" disableSort render={(s) => <WhenCell schedule={s as ReportSchedule} />} />
      <DataTable.Col
        label="reportScreens.schedules.columns.recipients"
        disableSort
        render={(s) => <RecipientsCell schedule={s as ReportSchedule} />}
      />
      <DataTable.Col
        source="nextRunAt"
        label="reportScreens.schedules.columns.nextRun"
        render={(s) => <NextRun schedule={s as ReportSchedule} />}
      />
    </DataTable>
  );
}

function ScheduleCards() {
  const translate = useTranslate();
  const { data } = useListContext<ReportSchedule>();
  if (!data?.length) return <SchedulesEmpty />;
  return (
    <Box component="ul" aria-label={translate('reportScreens.schedules.tableLabel')} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {data.map((schedule) => (
        <Box component="li" key={schedule.id} sx={{ mb: 1 }}>
          <Card variant="outlined">
            <CardActionArea component={RouterLink} to={editPath(schedule)}>
              <CardContent>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1 }}>
                  <Box sx={{ minWidth: 0 }}>
                    <WhatCell schedule={schedule} />
                  </Box>
                  <NextRun schedule={schedule} />
                </Box>
                <Box sx={{ mt: 1, typography: 'body2' }}>
                  <WhenCell schedule={schedule} />
                </Box>
                <Box sx={{ mt: 1, typography: 'body2', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                  <RecipientsCell schedule={schedule} />
                </Box>
              </CardContent>
            </CardActionArea>
          </Card>
        </Box>
      ))}
    </Box>
  );
}

/** Whether the user may create schedules: asked once by the page, which stays mounted (the slide-over's CreateBase reads the same answer). */
const CanCreateContext = createContext(false);

function CreateButton() {
  const translate = useTranslate();
  const canAccess = useContext(CanCreateContext);
  if (!canAccess) return null;
  return <SlideOverCreateLink basePath={SCHEDULES_PATH} label={translate('reportScreens.schedules.new')} />;
}

/** The designed empty state: what a schedule does, and a way to make one. */
function SchedulesEmpty() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6, px: 2, width: '100%' }} data-testid="report-schedules-empty">
      <EventRepeatIcon sx={{ fontSize: 56, color: 'text.secondary' }} aria-hidden />
      <Typography variant="h6" component="p" sx={{ mt: 1 }}>
        {translate('reportScreens.schedules.emptyTitle')}
      </Typography>
      <Typography role="status" color="text.secondary" sx={{ mt: 0.5, mb: 2, maxWidth: 520, mx: 'auto' }}>
        {translate('reportScreens.schedules.empty')}
      </Typography>
      <CreateButton />
    </Box>
  );
}

function SchedulesSkeleton() {
  const translate = useTranslate();
  return (
    <Box role="status" aria-label={translate('reportScreens.schedules.loading')} sx={{ p: 2 }}>
      {Array.from({ length: 4 }, (_, i) => (
        <Box key={i} sx={{ display: 'flex', gap: 2, alignItems: 'center', py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
          <Skeleton variant="text" sx={{ flex: 3 }} />
          <Skeleton variant="text" sx={{ flex: 2 }} />
          <Skeleton variant="text" sx={{ flex: 2 }} />
          <Skeleton variant="text" sx={{ flex: 1 }} />
        </Box>
      ))}
    </Box>
  );
}

function ScheduleResults() {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const { isPending } = useListContext<ReportSchedule>();
  if (isPending) return <SchedulesSkeleton />;
  return phone ? <ScheduleCards /> : <ScheduleTable />;
}

/**
 * /reports/schedules (`reportSchedules`): my scheduled reports, and their create and
 * edit forms in the shared slide-over (/reports/schedules/create, /reports/schedules/:id). A
 * schedule runs daily, weekly or monthly at a time in its time zone and emails its recipients
 * a link. 'Schedule…' in the run form opens the create form prefilled (router state).
 */
export function ReportSchedules() {
  const translate = useTranslate();
  const notify = useNotify();
  const location = useLocation();
  const queryClient = useQueryClient();
  const prefill = (location.state as { prefill?: SchedulePrefill } | null)?.prefill;
  const defaults = useMemo(() => newSchedule(prefill, browserTimeZone()), [prefill]);
  const catalogue = useCallback(() => queryClient.getQueryData<ReportDefinition[]>(CATALOGUE_KEY), [queryClient]);
  const validate = useMemo(() => scheduleValidator(catalogue), [catalogue]);
  const { canAccess: canCreate } = useCanAccess({ resource: SCHEDULES, action: 'create' });
  const transform = useCallback(
    (values: Record<string, unknown>) =>
      scheduleBody(values, catalogue()?.find((r) => r.id === values.reportId)?.parameters as ParamSchema | undefined),
    [catalogue],
  );
  return (
    <ResourceContextProvider value={SCHEDULES}>
      <CanCreateContext.Provider value={!!canCreate}>
        <Box component="section" aria-label={translate('reportScreens.schedules.heading')}>
          <Typography color="text.secondary" sx={{ mb: 1, maxWidth: 720 }}>
            {translate('reportScreens.schedules.intro')}
          </Typography>
          <List<ReportSchedule>
            resource={SCHEDULES}
            title={false}
            sort={{ field: 'nextRunAt', order: 'ASC' }}
            perPage={25}
            exporter={false}
            storeKey="reports.schedules"
            disableSyncWithLocation
            actions={
              <TopToolbar>
                <CreateButton />
              </TopToolbar>
            }
            empty={<SchedulesEmpty />}
            sx={{ '& .RaList-main': { minWidth: 0 }, '& .RaDataTable-tableWrapper': { overflowX: 'auto' } }}
            queryOptions={{
              onError: (error: unknown) => notify(failureMessage(error, 'reportScreens.schedules.loadError'), { type: 'error' }),
            }}
          >
            <ScheduleResults />
          </List>
        </Box>
        <SlideOver
          resource={SCHEDULES}
          basePath={SCHEDULES_PATH}
          schema={reportScheduleInputSchema}
          texts={SCHEDULE_TEXTS}
          defaults={defaults}
          validate={validate}
          transform={transform}
        >
          <ScheduleInputs />
        </SlideOver>
      </CanCreateContext.Provider>
    </ResourceContextProvider>
  );
}
