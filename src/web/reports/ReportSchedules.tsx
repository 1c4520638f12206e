import { createContext, useCallback, useContext, useMemo } from 'react';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'react-router-dom';
import { List, ResourceContextProvider, TopToolbar, useCanAccess, useLocaleState, useTranslate } from 'react-admin';
import { reportScheduleInputSchema, type ReportDefinition, type ReportSchedule } from '../../../schemas/reports.js';
import { EmptyState } from '../resources/ListStates.js';
import { LIST_SX, ListResults, ListSection, useLoadErrorNotice, type Column } from '../resources/ResourceList.js';
import { SlideOver, SlideOverCreateLink, slideOverTexts } from '../resources/SlideOver.js';
import { slideOverPath } from '../resources/slideOverRoute.js';
import {
  browserTimeZone,
  exactTime,
  parametersInWords,
  relativeTime,
  reportNameKey,
  scheduleInWords,
  type ParamSchema,
} from './reportRules.js';
import { SCHEDULES_PATH } from './reportTabs.js';
import { CATALOGUE_KEY } from './reportCatalogue.js';
import { ScheduleInputs, scheduleValidator } from './ScheduleInputs.js';
import { newSchedule, scheduleBody, type SchedulePrefill } from './scheduleForm.js';

const SCHEDULES = 'reportSchedules';

const SCHEDULES_NS = 'reportScreens.schedules';
const SCHEDULE_TEXTS = slideOverTexts(SCHEDULES_NS, 'reportScreens.close');

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

const columns: Column<ReportSchedule>[] = [
  { name: 'name', source: 'name', render: (s) => <WhatCell schedule={s} /> },
  { name: 'when', render: (s) => <WhenCell schedule={s} /> },
  { name: 'recipients', render: (s) => <RecipientsCell schedule={s} /> },
  { name: 'nextRun', source: 'nextRunAt', render: (s) => <NextRun schedule={s} /> },
];

/** A schedule on a phone. */
function ScheduleCard({ schedule }: { schedule: ReportSchedule }) {
  return (
    <>
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
    </>
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
    <EmptyState
      testId="report-schedules-empty"
      icon={<EventRepeatIcon />}
      title={translate('reportScreens.schedules.emptyTitle')}
      text={translate('reportScreens.schedules.empty')}
      action={<CreateButton />}
    />
  );
}

/**
 * /reports/schedules (`reportSchedules`): my scheduled reports, and their create and
 * edit forms in the shared slide-over (/reports/schedules/create, /reports/schedules/:id). A
 * schedule runs daily, weekly or monthly at a time in its time zone and emails its recipients
 * a link. 'Schedule…' in the run form opens the create form prefilled (router state).
 */
export function ReportSchedules() {
  const queryOptions = useLoadErrorNotice('reportScreens.schedules.loadError');
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
        <ListSection ns={SCHEDULES_NS}>
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
            sx={LIST_SX}
            queryOptions={queryOptions}
          >
            <ListResults<ReportSchedule>
              ns={SCHEDULES_NS}
              columns={columns}
              rowClick={(_id, _resource, record) => editPath(record as ReportSchedule)}
              card={(schedule) => <ScheduleCard schedule={schedule} />}
              cardLink={(schedule) => ({ to: editPath(schedule) })}
              empty={<SchedulesEmpty />}
              skeletonColumns={4}
              skeletonRows={4}
            />
          </List>
        </ListSection>
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
