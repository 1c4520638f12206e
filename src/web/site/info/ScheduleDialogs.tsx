import { useState } from 'react';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useDataProvider, useTranslate } from 'react-admin';
import type { Locale } from 'date-fns';
import { holidaysUi, SCHEDULE_NAME_MAX, schedulesUi } from '../../../../schemas/schedules.js';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { checkHoliday, checkWindow, isOvernight } from '../../../common/scheduleRules.js';
import { EditDialog, EditField, OrderedFields } from './EditDialog.js';
import { mergeErrors } from './editRules.js';
import { dayName, weekDays } from './siteInfoRules.js';
import type { useAccountEdit } from './useAccountEdit.js';
import { useSiteAudience } from '../../resources/siteAudience.js';

type SiteSchedule = SiteDetail['schedules'][number];
type SiteHoliday = SiteDetail['holidays'][number];
type Edit = ReturnType<typeof useAccountEdit>;

const drop = (field: string) => (errors: Record<string, string>) => {
  const { [field]: _dropped, ...rest } = errors;
  return rest;
};

/**
 * Adds or edits a weekly window: day, name, opening and closing time. A close earlier than the
 * open runs overnight (said below the times); the schedule rule (src/common/scheduleRules.ts)
 * names a close equal to the open and an overlap with another window as they are typed.
 */
export function ScheduleDialog({
  site,
  window,
  onClose,
  edit,
  locale,
  language,
}: {
  site: SiteDetail;
  window?: SiteSchedule;
  onClose: () => void;
  edit: Edit;
  locale: Locale;
  language: string;
}) {
  const audience = useSiteAudience();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [form, setForm] = useState(() =>
    window
      ? { dayOfWeek: window.dayOfWeek, name: window.name, opensAt: window.opensAt, closesAt: window.closesAt }
      : {
          // A new window starts on the first day of the week with none, so it opens without an overlap.
          dayOfWeek: weekDays(locale).find((day) => !site.schedules.some((s) => s.dayOfWeek === day)) ?? 1,
          name: '',
          opensAt: '09:00',
          closesAt: '17:00',
        },
  );
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const complete = Boolean(form.opensAt && form.closesAt);
  const rule = complete ? checkWindow({ scheduleId: window?.scheduleId, ...form }, site.schedules) : {};
  const errors = mergeErrors({ name: submitted && !form.name.trim() ? 'validation.required' : undefined, ...rule }, serverErrors);
  const t = (key: string) => translate(`accountEdits.schedules.fields.${key}`);
  const set = (key: keyof typeof form, value: string | number) => {
    setForm((f) => ({ ...f, [key]: value }));
    setServerErrors(drop(key));
  };

  async function save() {
    setSubmitted(true);
    if (!form.name.trim() || !complete || Object.keys(rule).length) return;
    const data = { ...form, name: form.name.trim() };
    const outcome = await edit.run(
      () =>
        window
          ? dataProvider.update(audience.resource('schedules'), { id: window.scheduleId, data, previousData: { id: window.scheduleId } })
          : dataProvider.create(audience.resource('schedules'), { data: { siteNum: site.siteNum, ...data } }),
      { key: 'accountEdits.schedules.saved' },
    );
    if (outcome.ok) onClose();
    else {
      setServerErrors(outcome.fieldErrors);
      setFailure(outcome.message);
    }
  }

  return (
    <EditDialog
      open
      title={translate(window ? 'accountEdits.schedules.editTitle' : 'accountEdits.schedules.addTitle')}
      busy={edit.busy}
      error={failure}
      onClose={onClose}
      onSubmit={() => void save()}
    >
      <OrderedFields
        ui={schedulesUi}
        inputs={{
          dayOfWeek: (
            <EditField select label={t('dayOfWeek')} value={form.dayOfWeek} onChange={(e) => set('dayOfWeek', Number(e.target.value))}>
              {weekDays(locale).map((day) => (
                <MenuItem key={day} value={day}>
                  {dayName(day, locale, language)}
                </MenuItem>
              ))}
            </EditField>
          ),
          name: (
            <EditField
              label={t('name')}
              required
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              error={errors.name}
              slotProps={{ htmlInput: { maxLength: SCHEDULE_NAME_MAX } }}
            />
          ),
          opensAt: (
            <EditField
              label={t('opensAt')}
              type="time"
              required
              value={form.opensAt}
              onChange={(e) => set('opensAt', e.target.value)}
              error={errors.opensAt}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ),
          closesAt: (
            <EditField
              label={t('closesAt')}
              type="time"
              required
              value={form.closesAt}
              onChange={(e) => set('closesAt', e.target.value)}
              error={errors.closesAt}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ),
        }}
      />
      {complete && !errors.closesAt && isOvernight(form.opensAt, form.closesAt) && (
        <Typography variant="body2" color="text.secondary" role="status">
          {translate('accountEdits.schedules.overnight')}
        </Typography>
      )}
    </EditDialog>
  );
}

/** Adds or edits a holiday: a date and a name, closed all day or open at special times. */
export function HolidayDialog({
  site,
  holiday,
  onClose,
  edit,
}: {
  site: SiteDetail;
  holiday?: SiteHoliday;
  onClose: () => void;
  edit: Edit;
}) {
  const audience = useSiteAudience();
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  const [form, setForm] = useState(() =>
    holiday
      ? {
          date: holiday.date,
          name: holiday.name,
          closedAllDay: holiday.opensAt === null,
          opensAt: holiday.opensAt ?? '',
          closesAt: holiday.closesAt ?? '',
        }
      : { date: '', name: '', closedAllDay: true, opensAt: '', closesAt: '' },
  );
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string>();
  const [submitted, setSubmitted] = useState(false);
  const draft = {
    holidayId: holiday?.holidayId,
    date: form.date,
    opensAt: form.closedAllDay ? null : form.opensAt || null,
    closesAt: form.closedAllDay ? null : form.closesAt || null,
  };
  const rule = checkHoliday(draft, site.holidays);
  if (!form.closedAllDay && submitted && !draft.opensAt && !draft.closesAt) rule.opensAt = 'accountEdits.holidays.bothTimes';
  const errors = mergeErrors(
    {
      name: submitted && !form.name.trim() ? 'validation.required' : undefined,
      date: submitted && !form.date ? 'accountEdits.holidays.dateFormat' : undefined,
      ...rule,
    },
    serverErrors,
  );
  const t = (key: string) => translate(`accountEdits.holidays.fields.${key}`);
  const set = (key: keyof typeof form, value: string | boolean) => {
    setForm((f) => ({ ...f, [key]: value }));
    setServerErrors(drop(key));
  };

  async function save() {
    setSubmitted(true);
    if (!form.name.trim() || !form.date || Object.keys(rule).length || (!form.closedAllDay && (!draft.opensAt || !draft.closesAt))) return;
    const data = { date: form.date, name: form.name.trim(), opensAt: draft.opensAt, closesAt: draft.closesAt };
    const outcome = await edit.run(
      () =>
        holiday
          ? dataProvider.update(audience.resource('holidays'), { id: holiday.holidayId, data, previousData: { id: holiday.holidayId } })
          : dataProvider.create(audience.resource('holidays'), { data: { siteNum: site.siteNum, ...data } }),
      { key: 'accountEdits.holidays.saved' },
    );
    if (outcome.ok) onClose();
    else {
      setServerErrors(outcome.fieldErrors);
      setFailure(outcome.message);
    }
  }

  return (
    <EditDialog
      open
      title={translate(holiday ? 'accountEdits.holidays.editTitle' : 'accountEdits.holidays.addTitle')}
      busy={edit.busy}
      error={failure}
      onClose={onClose}
      onSubmit={() => void save()}
    >
      <OrderedFields
        ui={holidaysUi}
        inputs={{
          date: (
            <EditField
              label={t('date')}
              type="date"
              required
              value={form.date}
              onChange={(e) => set('date', e.target.value)}
              error={errors.date}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ),
          name: (
            <EditField
              label={t('name')}
              required
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              error={errors.name}
              slotProps={{ htmlInput: { maxLength: SCHEDULE_NAME_MAX } }}
            />
          ),
        }}
      />
      <FormControlLabel
        control={<Checkbox checked={form.closedAllDay} onChange={(e) => set('closedAllDay', e.target.checked)} />}
        label={t('closedAllDay')}
      />
      <OrderedFields
        ui={holidaysUi}
        inputs={{
          opensAt: !form.closedAllDay && (
            <EditField
              label={t('opensAt')}
              type="time"
              required
              value={form.opensAt}
              onChange={(e) => set('opensAt', e.target.value)}
              error={errors.opensAt}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ),
          closesAt: !form.closedAllDay && (
            <EditField
              label={t('closesAt')}
              type="time"
              required
              value={form.closesAt}
              onChange={(e) => set('closesAt', e.target.value)}
              error={errors.closesAt}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          ),
        }}
      />
    </EditDialog>
  );
}
