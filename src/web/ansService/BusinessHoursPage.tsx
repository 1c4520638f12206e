import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import { useCanAccess, useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { BusinessHours } from '../../../schemas/ansService.js';
import { failureMessage } from '../providers/errorMessages.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { BUSINESS_HOURS_KEY, FINDINGS_KEY, useBusinessHours } from './ansQueries.js';
import { ANS_PATHS } from './ansPaths.js';
import { MONDAY_FIRST, isOvernight, weekdayNames } from './ansRules.js';

type Day = BusinessHours['days'][number];

/** The zones Intl knows (the group's own kept, should it be missing). */
function zoneOptions(current: string): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return known.includes(current) ? known : [current, ...known];
}

function OpenNowChip({ open }: { open: boolean }) {
  const translate = useTranslate();
  return (
    <Chip
      data-testid="office-open-now"
      color={open ? 'success' : 'default'}
      variant={open ? 'filled' : 'outlined'}
      label={translate(open ? 'ansService.businessHours.openNow' : 'ansService.businessHours.closedNow')}
    />
  );
}

function DayRow({ day, name, onChange, readOnly }: { day: Day; name: string; onChange: (day: Day) => void; readOnly: boolean }) {
  const translate = useTranslate();
  const overnight = day.open && isOvernight(day.opensAt, day.closesAt);
  /** Opens or closes at: its input, named with the day for a screen reader. */
  const timeField = (which: 'opensAt' | 'closesAt', value: string) => (
    <TextField
      type="time"
      size="small"
      label={translate(`ansService.businessHours.${which}`)}
      value={value}
      disabled={readOnly}
      onChange={(e) => onChange({ ...day, [which]: e.target.value })}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { 'aria-label': `${name}: ${translate(`ansService.businessHours.${which}`)}` },
      }}
      sx={{ width: 150 }}
    />
  );
  return (
    <Box
      component="li"
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr auto', sm: '10rem 8rem 1fr' },
        alignItems: 'center',
        gap: { xs: 1, sm: 2 },
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Typography sx={{ fontWeight: 600, textTransform: 'capitalize' }}>{name}</Typography>
      <FormControlLabel
        control={<Switch checked={day.open} disabled={readOnly} onChange={(e) => onChange({ ...day, open: e.target.checked })} />}
        label={translate(day.open ? 'ansService.businessHours.open' : 'ansService.businessHours.closed')}
        sx={{ mr: 0 }}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', gridColumn: { xs: '1 / -1', sm: 'auto' } }}>
        {day.open && (
          <>
            {timeField('opensAt', day.opensAt)}
            {timeField('closesAt', day.closesAt === '24:00' ? '23:59' : day.closesAt)}
            {overnight && <Chip size="small" variant="outlined" label={translate('ansService.businessHours.overnight')} />}
          </>
        )}
      </Box>
    </Box>
  );
}

/** The editable week, started from the saved one (a new save remounts it: its key). */
function HoursForm({ data }: { data: BusinessHours }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { canAccess: canEdit } = useCanAccess({ resource: 'businessHours', action: 'edit' });
  const [timeZone, setTimeZone] = useState(data.timeZone);
  const [days, setDays] = useState<Day[]>(data.days);
  const [saving, setSaving] = useState(false);
  const names = useMemo(() => weekdayNames(locale), [locale]);
  const zones = useMemo(() => zoneOptions(timeZone || 'UTC'), [timeZone]);
  const changed = timeZone !== data.timeZone || JSON.stringify(days) !== JSON.stringify(data.days);

  const save = async () => {
    setSaving(true);
    try {
      const saved = await dataProvider.saveBusinessHours({ timeZone, days });
      queryClient.setQueryData(BUSINESS_HOURS_KEY, saved);
      void queryClient.invalidateQueries({ queryKey: FINDINGS_KEY });
      notify('ansService.businessHours.saved', { type: 'success' });
    } catch (error) {
      notify(failureMessage(error, 'ansService.businessHours.saveError'), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Autocomplete
          options={zones}
          value={timeZone}
          disableClearable
          disabled={!canEdit}
          onChange={(_e, value) => value && setTimeZone(value)}
          getOptionLabel={(zone) => zone.replaceAll('_', ' ')}
          renderInput={(params) => <TextField {...params} size="small" label={translate('ansService.businessHours.timeZone')} />}
          sx={{ width: { xs: '100%', sm: 320 } }}
        />
        <OpenNowChip open={data.openNow} />
      </Box>
      <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} aria-label={translate('ansService.businessHours.heading')}>
        {MONDAY_FIRST.map((dow) => {
          const day = days.find((d) => d.dayOfWeek === dow);
          if (!day) return null;
          return (
            <DayRow
              key={dow}
              day={day}
              name={names[dow]}
              readOnly={!canEdit}
              onChange={(next) => setDays((all) => all.map((d) => (d.dayOfWeek === dow ? next : d)))}
            />
          );
        })}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', mt: 2 }}>
        <Button component={RouterLink} to={ANS_PATHS.tempBusinessHours} startIcon={<EventBusyIcon />}>
          {translate('ansService.businessHours.exceptionsLink')}
        </Button>
        {canEdit && (
          <Button variant="contained" disabled={!changed || saving} onClick={() => void save()}>
            {translate('ansService.businessHours.save')}
          </Button>
        )}
      </Box>
    </>
  );
}

/**
 * /ans-service/business-hours (`businessHours`): the week's opening hours in the group's
 * time zone, whether the office is open now (the week and its dated exceptions, the server's
 * isOfficeOpen), and a link to the holidays and closures.
 */
export function BusinessHoursPage() {
  const translate = useTranslate();
  const { data, isPending, isError } = useBusinessHours();
  if (isError) return <Alert severity="error">{translate('ansService.businessHours.loadError')}</Alert>;
  return (
    <Box component="section" aria-label={translate('ansService.businessHours.heading')}>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 760 }}>
        {translate('ansService.businessHours.intro')}
      </Typography>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, maxWidth: 880 }}>
        {isPending || !data ? (
          <Box role="status" aria-label={translate('ansService.businessHours.loading')}>
            <Skeleton variant="rounded" height={40} sx={{ mb: 2, maxWidth: 360 }} />
            {Array.from({ length: 7 }, (_, i) => (
              <Skeleton key={i} variant="text" height={44} />
            ))}
          </Box>
        ) : (
          <HoursForm key={data.updatedAt ?? 'default'} data={data} />
        )}
      </Paper>
    </Box>
  );
}
