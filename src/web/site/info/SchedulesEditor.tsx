import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Locale } from 'date-fns';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { isOvernight } from '../../../common/scheduleRules.js';
import { ConfirmRemove } from './ConfirmRemove.js';
import { HolidayDialog, ScheduleDialog } from './ScheduleDialogs.js';
import { Empty, InfoTable } from './SiteInfoParts.js';
import { formatClock, formatDay, groupSchedulesByDay } from './siteInfoRules.js';
import { useAccountEdit } from './useAccountEdit.js';
import { useSiteAudience } from '../../resources/siteAudience.js';
import { dayName } from '../../i18n/calendar.js';

type SiteSchedule = SiteDetail['schedules'][number];
type SiteHoliday = SiteDetail['holidays'][number];

interface Props {
  site: SiteDetail;
  locale: Locale;
  language: string;
}

/** 'Opens 08:00 – 17:00', with 'closes the next day' for an overnight window. */
function useHours(locale: Locale) {
  const translate = useTranslate();
  return (opensAt: string, closesAt: string) => {
    const hours = translate('siteInfo.schedules.period', { opens: formatClock(opensAt, locale), closes: formatClock(closesAt, locale) });
    return isOvernight(opensAt, closesAt) ? `${hours} (${translate('accountEdits.schedules.overnight')})` : hours;
  };
}

/** The weekly windows being edited: one row per window, by the locale's week, each with Edit and Remove; Add below. */
export function SchedulesEditor({ site, locale, language }: Props) {
  const audience = useSiteAudience();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const edit = useAccountEdit();
  const hours = useHours(locale);
  const [editing, setEditing] = useState<SiteSchedule | 'new' | null>(null);
  const [removing, setRemoving] = useState<SiteSchedule | null>(null);
  const t = (key: string, args?: Record<string, unknown>) => translate(`accountEdits.schedules.${key}`, args);
  const rows = groupSchedulesByDay(site.schedules, locale).flatMap((day) => day.periods);
  return (
    <Box>
      {rows.length === 0 ? (
        <Empty>{translate('siteInfo.schedules.empty')}</Empty>
      ) : (
        <InfoTable
          label={translate('siteInfo.sections.schedules')}
          actions
          head={[
            translate('siteInfo.schedules.day'),
            translate('siteInfo.schedules.name'),
            translate('siteInfo.schedules.hours'),
            translate('accountEdits.actions'),
          ]}
        >
          {rows.map((s) => {
            const day = dayName(s.dayOfWeek, locale, language);
            return (
              <TableRow key={s.scheduleId}>
                <TableCell component="th" scope="row">
                  {day}
                </TableCell>
                <TableCell>{s.name}</TableCell>
                <TableCell>{hours(s.opensAt, s.closesAt)}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton aria-label={t('editLabel', { day, name: s.name })} onClick={() => setEditing(s)}>
                    <EditOutlinedIcon />
                  </IconButton>
                  <IconButton aria-label={t('removeLabel', { day, name: s.name })} onClick={() => setRemoving(s)}>
                    <DeleteOutlineIcon />
                  </IconButton>
                </TableCell>
              </TableRow>
            );
          })}
        </InfoTable>
      )}
      <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setEditing('new')} sx={{ mt: 1 }}>
        {t('add')}
      </Button>
      {editing !== null && (
        <ScheduleDialog
          key={editing === 'new' ? 'new' : editing.scheduleId}
          site={site}
          window={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          locale={locale}
        />
      )}
      <ConfirmRemove
        open={removing !== null}
        title={t('removeTitle')}
        text={
          removing
            ? t('removeText', {
                day: dayName(removing.dayOfWeek, locale, language),
                name: removing.name,
                hours: hours(removing.opensAt, removing.closesAt),
              })
            : ''
        }
        busy={edit.busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          const window = removing!;
          void edit
            .run(
              () => dataProvider.delete(audience.resource('schedules'), { id: window.scheduleId, previousData: { id: window.scheduleId } }),
              { key: 'accountEdits.schedules.removed' },
            )
            .then(() => setRemoving(null));
        }}
      />
    </Box>
  );
}

/** The account's holidays: closed all day or special hours; with Add, Edit and Remove while `editable`. */
export function HolidaysList({ site, locale, editable }: Omit<Props, 'language'> & { editable: boolean }) {
  const audience = useSiteAudience();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const edit = useAccountEdit();
  const [editing, setEditing] = useState<SiteHoliday | 'new' | null>(null);
  const [removing, setRemoving] = useState<SiteHoliday | null>(null);
  const t = (key: string, args?: Record<string, unknown>) => translate(`accountEdits.holidays.${key}`, args);
  const hoursOf = (h: SiteHoliday) =>
    h.opensAt && h.closesAt
      ? t('specialHours', { opens: formatClock(h.opensAt, locale), closes: formatClock(h.closesAt, locale) })
      : t('closedAllDay');
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 700 }}>
        {t('title')}
      </Typography>
      {site.holidays.length === 0 ? (
        <Empty>{t('empty')}</Empty>
      ) : (
        <InfoTable
          label={t('title')}
          actions={editable}
          head={
            editable
              ? [t('fields.date'), t('fields.name'), translate('siteInfo.schedules.hours'), translate('accountEdits.actions')]
              : [t('fields.date'), t('fields.name'), translate('siteInfo.schedules.hours')]
          }
        >
          {site.holidays.map((h) => (
            <TableRow key={h.holidayId}>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(h.date, locale)}</TableCell>
              <TableCell>{h.name}</TableCell>
              <TableCell>{hoursOf(h)}</TableCell>
              {editable && (
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton aria-label={t('editLabel', { name: h.name })} onClick={() => setEditing(h)}>
                    <EditOutlinedIcon />
                  </IconButton>
                  <IconButton aria-label={t('removeLabel', { name: h.name })} onClick={() => setRemoving(h)}>
                    <DeleteOutlineIcon />
                  </IconButton>
                </TableCell>
              )}
            </TableRow>
          ))}
        </InfoTable>
      )}
      {editable && (
        <>
          <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setEditing('new')} sx={{ mt: 1 }}>
            {t('add')}
          </Button>
          {editing !== null && (
            <HolidayDialog
              key={editing === 'new' ? 'new' : editing.holidayId}
              site={site}
              holiday={editing === 'new' ? undefined : editing}
              onClose={() => setEditing(null)}
            />
          )}
          <ConfirmRemove
            open={removing !== null}
            title={t('removeTitle', { name: removing?.name ?? '' })}
            text={removing ? t('removeText', { date: formatDay(removing.date, locale) }) : ''}
            busy={edit.busy}
            onCancel={() => setRemoving(null)}
            onConfirm={() => {
              const holiday = removing!;
              void edit
                .run(
                  () =>
                    dataProvider.delete(audience.resource('holidays'), { id: holiday.holidayId, previousData: { id: holiday.holidayId } }),
                  { key: 'accountEdits.holidays.removed' },
                )
                .then(() => setRemoving(null));
            }}
          />
        </>
      )}
    </Box>
  );
}
