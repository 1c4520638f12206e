import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import {
  ArrayInput,
  BooleanInput,
  SelectInput,
  SimpleFormIterator,
  TextInput,
  useListContext,
  useLocaleState,
  useTranslate,
} from 'react-admin';
import { ANS_CONTACT_TYPES, onCallInputSchema, type OnCallEntry, type RotaFindings } from '../../../schemas/ansService.js';
import { slideOverPath } from '../resources/slideOverRoute.js';
import { ListResults, type Column } from '../resources/ResourceList.js';
import { AnsEmpty, AnsRecordsPage } from './AnsList.js';
import { useRotaFindings } from './ansQueries.js';
import { ANS_PATHS } from './ansPaths.js';
import { formatDay, fromZonedInput, shiftWeek, toZonedInput, weekBars, zonedShort } from './ansRules.js';

const ON_CALL = 'onCall';
const BASE = ANS_PATHS.onCall;

const editPath = (entry: OnCallEntry) => slideOverPath(BASE, { mode: 'edit', id: String(entry.id) });

/** The names of the entries of a conflict. */
function namesOf(ids: readonly number[], entries: readonly OnCallEntry[]): string {
  return ids.map((id) => entries.find((e) => e.id === id)?.personName ?? `#${id}`).join(', ');
}

/** Seven bars, Monday to Sunday: covered, gaps (red, hatched) and conflicts (amber). */
function WeekChart({ findings }: { findings: RotaFindings }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const bars = weekBars(findings.from, findings.timeZone, findings.gaps, findings.conflicts);
  const weekday = new Intl.DateTimeFormat(locale, { weekday: 'short', timeZone: 'UTC' });
  return (
    <Box role="img" aria-label={translate('ansService.onCall.weekChart')} sx={{ display: 'grid', gap: 0.5 }}>
      {bars.map((bar) => (
        <Box key={bar.day} sx={{ display: 'grid', gridTemplateColumns: '3.5rem 1fr', alignItems: 'center', gap: 1 }}>
          <Typography variant="caption" color="text.secondary" sx={{ textTransform: 'capitalize' }}>
            {weekday.format(new Date(`${bar.day}T12:00:00Z`))}
          </Typography>
          <Box sx={{ position: 'relative', height: 18, borderRadius: 1, bgcolor: 'success.main', opacity: 0.9, overflow: 'hidden' }}>
            {bar.segments.map((segment, i) => (
              <Box
                key={i}
                data-kind={segment.kind}
                sx={{
                  position: 'absolute',
                  top: 0,
                  bottom: 0,
                  left: `${segment.from}%`,
                  width: `${segment.to - segment.from}%`,
                  bgcolor: segment.kind === 'gap' ? 'error.main' : 'warning.main',
                  backgroundImage:
                    segment.kind === 'gap'
                      ? 'repeating-linear-gradient(45deg, rgba(255,255,255,.35) 0 4px, transparent 4px 8px)'
                      : undefined,
                }}
              />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
}

/** The week's findings in words: each gap and conflict, or that the week is covered. */
function Findings({ findings, entries }: { findings: RotaFindings; entries: readonly OnCallEntry[] }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const at = (iso: string) => zonedShort(iso, findings.timeZone, locale);
  if (!findings.gaps.length && !findings.conflicts.length) {
    return (
      <Alert severity="success" variant="outlined" data-testid="on-call-covered">
        {translate('ansService.onCall.covered')}
      </Alert>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {findings.gaps.length > 0 && (
        <Alert severity="error" data-testid="on-call-gaps">
          <strong>{translate('ansService.onCall.gapCount', { smart_count: findings.gaps.length })}</strong>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {findings.gaps.map((gap) => (
              <li key={gap.start}>{translate('ansService.onCall.gap', { start: at(gap.start), end: at(gap.end) })}</li>
            ))}
          </Box>
        </Alert>
      )}
      {findings.conflicts.length > 0 && (
        <Alert severity="warning" data-testid="on-call-conflicts">
          <strong>{translate('ansService.onCall.conflictCount', { smart_count: findings.conflicts.length })}</strong>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {findings.conflicts.map((conflict) => (
              <li key={conflict.start}>
                {translate('ansService.onCall.conflict', {
                  names: namesOf(conflict.entryIds, entries),
                  start: at(conflict.start),
                  end: at(conflict.end),
                })}
              </li>
            ))}
          </Box>
        </Alert>
      )}
    </Box>
  );
}

/** The week being looked at, with previous, this and next week. */
function WeekPanel({ week, setWeek }: { week: string | undefined; setWeek: (week: string | undefined) => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data: findings, isPending, isError } = useRotaFindings(week);
  const { data: entries } = useListContext<OnCallEntry>();
  const monday = findings?.from ? toZonedInput(findings.from, findings.timeZone).slice(0, 10) : week;
  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }} component="section" aria-label={translate('ansService.onCall.findingsTitle')}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1.5 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1, fontSize: '1.05rem' }}>
          {monday
            ? translate('ansService.onCall.weekOf', { date: formatDay(monday, locale) })
            : translate('ansService.onCall.findingsTitle')}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'nowrap', ml: 'auto' }}>
          <Tooltip title={translate('ansService.onCall.previousWeek')}>
            <span>
              <IconButton
                aria-label={translate('ansService.onCall.previousWeek')}
                disabled={!monday}
                onClick={() => monday && setWeek(shiftWeek(monday, -1))}
              >
                <ChevronLeftIcon />
              </IconButton>
            </span>
          </Tooltip>
          <Button size="small" onClick={() => setWeek(undefined)} disabled={week === undefined}>
            {translate('ansService.onCall.thisWeek')}
          </Button>
          <Tooltip title={translate('ansService.onCall.nextWeek')}>
            <span>
              <IconButton
                aria-label={translate('ansService.onCall.nextWeek')}
                disabled={!monday}
                onClick={() => monday && setWeek(shiftWeek(monday, 1))}
              >
                <ChevronRightIcon />
              </IconButton>
            </span>
          </Tooltip>
        </Box>
      </Box>
      {isError ? (
        <Alert severity="error">{translate('ansService.onCall.loadError')}</Alert>
      ) : isPending || !findings ? (
        <Box role="status" aria-label={translate('ansService.onCall.loading')}>
          {Array.from({ length: 7 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={18} sx={{ mb: 0.5 }} />
          ))}
        </Box>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
          <WeekChart findings={findings} />
          <Box>
            <Findings findings={findings} entries={entries ?? []} />
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 1 }}>
              {translate('ansService.onCall.timeZoneNote', { zone: findings.timeZone.replaceAll('_', ' ') })}
            </Typography>
          </Box>
        </Box>
      )}
    </Paper>
  );
}

function ContactMethods({ entry }: { entry: OnCallEntry }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {entry.contactMethods.map((method, i) => (
        <Chip key={i} size="small" variant="outlined" label={`${translate(`ansService.contactTypes.${method.type}`)}: ${method.value}`} />
      ))}
    </Box>
  );
}

function When({ entry, timeZone }: { entry: OnCallEntry; timeZone: string }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const full = (iso: string) =>
    new Intl.DateTimeFormat(locale, { timeZone, dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  return (
    <>
      <Box sx={{ whiteSpace: 'nowrap' }}>
        {entry.weekly
          ? `${zonedShort(entry.startsAt, timeZone, locale)} – ${zonedShort(entry.endsAt, timeZone, locale)}`
          : `${full(entry.startsAt)} – ${full(entry.endsAt)}`}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {translate(entry.weekly ? 'ansService.onCall.weekly' : 'ansService.onCall.once')}
      </Typography>
    </>
  );
}

function Person({ entry, conflicted }: { entry: OnCallEntry; conflicted: boolean }) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
      <Box sx={{ fontWeight: 600 }}>{entry.personName}</Box>
      {conflicted && (
        <Tooltip title={translate('ansService.onCall.inConflict')}>
          <WarningAmberIcon color="warning" fontSize="small" aria-label={translate('ansService.onCall.inConflict')} role="img" />
        </Tooltip>
      )}
    </Box>
  );
}

function useConflicted(week: string | undefined): { conflicted: Set<number>; timeZone: string } {
  const { data } = useRotaFindings(week);
  return useMemo(
    () => ({ conflicted: new Set(data?.conflicts.flatMap((c) => c.entryIds) ?? []), timeZone: data?.timeZone ?? 'UTC' }),
    [data],
  );
}

/** The rota's entries, those in a conflict marked; an entry opens its form. */
function EntryResults({ week }: { week: string | undefined }) {
  const translate = useTranslate();
  const { conflicted, timeZone } = useConflicted(week);
  const columns: Column<OnCallEntry>[] = [
    { name: 'personName', render: (e) => <Person entry={e} conflicted={conflicted.has(e.id)} /> },
    { name: 'contactMethods', render: (e) => <ContactMethods entry={e} /> },
    { name: 'when', render: (e) => <When entry={e} timeZone={timeZone} /> },
  ];
  return (
    <ListResults<OnCallEntry>
      ns="ansService.onCall"
      columns={columns}
      rowClick={(_id, _resource, record) => editPath(record as OnCallEntry)}
      rowSx={(entry) => (conflicted.has(entry.id) ? { bgcolor: 'rgba(237, 108, 2, 0.08)' } : {})}
      card={(entry) => (
        <>
          <Person entry={entry} conflicted={conflicted.has(entry.id)} />
          <Box sx={{ my: 1, typography: 'body2' }}>
            <When entry={entry} timeZone={timeZone} />
          </Box>
          <ContactMethods entry={entry} />
        </>
      )}
      cardLink={(entry) => ({ to: editPath(entry), label: translate('ansService.onCall.editNamed', { name: entry.personName }) })}
      cardSx={(entry) => (conflicted.has(entry.id) ? { borderColor: 'warning.main' } : undefined)}
      empty={<OnCallEmpty />}
      skeletonColumns={3}
    />
  );
}

const PLACE = { area: 'onCall', resource: ON_CALL, basePath: BASE } as const;

const OnCallEmpty = () => <AnsEmpty {...PLACE} testId="on-call-empty" icon={<PhoneInTalkIcon />} />;

/** The entry's fields; times typed in the group's zone. */
function OnCallInputs({ timeZone }: { timeZone: string }) {
  const translate = useTranslate();
  return (
    <>
      <TextInput source="personName" label="ansService.onCall.fields.personName" fullWidth isRequired />
      <ArrayInput source="contactMethods" label="ansService.onCall.fields.contactMethods">
        <SimpleFormIterator inline disableReordering>
          <SelectInput
            source="type"
            label="ansService.onCall.fields.type"
            choices={ANS_CONTACT_TYPES.map((id) => ({ id, name: translate(`ansService.contactTypes.${id}`) }))}
            translateChoice={false}
            sx={{ minWidth: 120 }}
          />
          <TextInput source="value" label="ansService.onCall.fields.value" />
        </SimpleFormIterator>
      </ArrayInput>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <TextInput
          source="startsAt"
          label="ansService.onCall.fields.startsAt"
          type="datetime-local"
          format={(v: string) => toZonedInput(v, timeZone)}
          parse={(v: string) => fromZonedInput(v, timeZone)}
          slotProps={{ inputLabel: { shrink: true } }}
          isRequired
        />
        <TextInput
          source="endsAt"
          label="ansService.onCall.fields.endsAt"
          type="datetime-local"
          format={(v: string) => toZonedInput(v, timeZone)}
          parse={(v: string) => fromZonedInput(v, timeZone)}
          slotProps={{ inputLabel: { shrink: true } }}
          isRequired
        />
      </Box>
      <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: -1, mb: 1 }}>
        {translate('ansService.onCall.timeZoneNote', { zone: timeZone.replaceAll('_', ' ') })}
      </Typography>
      <BooleanInput source="weekly" label="ansService.onCall.fields.weekly" />
      <TextInput source="notes" label="ansService.onCall.fields.notes" fullWidth multiline minRows={2} />
    </>
  );
}

const pickInput = (values: Record<string, unknown>) => ({
  personName: values.personName,
  contactMethods: values.contactMethods,
  startsAt: values.startsAt,
  endsAt: values.endsAt,
  weekly: !!values.weekly,
  notes: values.notes ?? '',
});

/**
 * /ans-service/on-call (`onCall`): the week's coverage (a bar per day with gaps in red
 * and overlaps in amber, and the same in words), the rota's entries (those in a conflict marked),
 * and their create and edit forms in the shared slide-over; times in the group's zone.
 */
export function OnCallPage() {
  const [week, setWeek] = useState<string | undefined>();
  const { data: findings } = useRotaFindings(week);
  const timeZone = findings?.timeZone ?? 'UTC';
  // A new entry starts as the first gap of the week shown, if there is one.
  const defaults = useMemo(
    () => ({
      personName: '',
      contactMethods: [{ type: 'phone', value: '' }],
      startsAt: findings?.gaps[0]?.start ?? '',
      endsAt: findings?.gaps[0]?.end ?? '',
      weekly: false,
      notes: '',
    }),
    [findings],
  );
  return (
    <AnsRecordsPage
      {...PLACE}
      empty={false}
      form={{ schema: onCallInputSchema, defaults, transform: pickInput }}
      inputs={<OnCallInputs timeZone={timeZone} />}
    >
      <WeekPanel week={week} setWeek={setWeek} />
      <EntryResults week={week} />
    </AnsRecordsPage>
  );
}
