import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { Locale } from 'date-fns';
import { holidaysUi, SCHEDULE_NAME_MAX, schedulesUi } from '../../../../schemas/schedules.js';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { checkHoliday, checkWindow, isOvernight } from '../../../common/scheduleRules.js';
import { EditDialog, EditField, OrderedFields } from './EditDialog.js';
import { mergeErrors } from './editRules.js';
import { dayName, weekDays } from '../../i18n/calendar.js';
import { useEditor, type AccountEdit, type EditorSave } from './useAccountEdit.js';

type SiteSchedule = SiteDetail['schedules'][number];
type SiteHoliday = SiteDetail['holidays'][number];

/** The inputs a window and a holiday share: the name, and the opening and closing times. */
function nameAndTimes({
  form,
  errors,
  set,
  t,
}: {
  form: { name: string; opensAt: string; closesAt: string };
  errors: Record<string, string>;
  set: (key: 'name' | 'opensAt' | 'closesAt', value: string) => void;
  /** The field's label in the dialog's own locale keys. */
  t: (key: string) => string;
}) {
  const time = (key: 'opensAt' | 'closesAt') => (
    <EditField
      label={t(key)}
      type="time"
      required
      value={form[key]}
      onChange={(e) => set(key, e.target.value)}
      error={errors[key]}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return {
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
    opensAt: time('opensAt'),
    closesAt: time('closesAt'),
  };
}

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
  edit: AccountEdit;
  locale: Locale;
  language: string;
}) {
  const translate = useTranslate();
  const editor = useEditor(edit, onClose, () =>
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
  const { form, set } = editor;
  const complete = Boolean(form.opensAt && form.closesAt);
  const rule = complete ? checkWindow({ scheduleId: window?.scheduleId, ...form }, site.schedules) : {};
  const errors = mergeErrors(
    { name: editor.submitted && !form.name.trim() ? 'validation.required' : undefined, ...rule },
    editor.serverErrors,
  );
  const t = (key: string) => translate(`accountEdits.schedules.fields.${key}`);

  function request(): EditorSave | undefined {
    if (!form.name.trim() || !complete || Object.keys(rule).length) return undefined;
    const data = { ...form, name: form.name.trim() };
    return { resource: 'schedules', id: window?.scheduleId, siteNum: site.siteNum, data, success: { key: 'accountEdits.schedules.saved' } };
  }

  const shared = nameAndTimes({ form, errors, set, t });
  return (
    <EditDialog
      {...editor.dialog(request)}
      title={translate(window ? 'accountEdits.schedules.editTitle' : 'accountEdits.schedules.addTitle')}
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
          ...shared,
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
  edit: AccountEdit;
}) {
  const translate = useTranslate();
  const editor = useEditor(edit, onClose, () =>
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
  const { form, set } = editor;
  const draft = {
    holidayId: holiday?.holidayId,
    date: form.date,
    opensAt: form.closedAllDay ? null : form.opensAt || null,
    closesAt: form.closedAllDay ? null : form.closesAt || null,
  };
  const rule = checkHoliday(draft, site.holidays);
  if (!form.closedAllDay && editor.submitted && !draft.opensAt && !draft.closesAt) rule.opensAt = 'accountEdits.holidays.bothTimes';
  const errors = mergeErrors(
    {
      name: editor.submitted && !form.name.trim() ? 'validation.required' : undefined,
      date: editor.submitted && !form.date ? 'accountEdits.holidays.dateFormat' : undefined,
      ...rule,
    },
    editor.serverErrors,
  );
  const t = (key: string) => translate(`accountEdits.holidays.fields.${key}`);

  function request(): EditorSave | undefined {
    if (!form.name.trim() || !form.date || Object.keys(rule).length || (!form.closedAllDay && (!draft.opensAt || !draft.closesAt))) {
      return undefined;
    }
    const data = { date: form.date, name: form.name.trim(), opensAt: draft.opensAt, closesAt: draft.closesAt };
    return { resource: 'holidays', id: holiday?.holidayId, siteNum: site.siteNum, data, success: { key: 'accountEdits.holidays.saved' } };
  }

  const shared = nameAndTimes({ form, errors, set, t });
  return (
    <EditDialog
      {...editor.dialog(request)}
      title={translate(holiday ? 'accountEdits.holidays.editTitle' : 'accountEdits.holidays.addTitle')}
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
          name: shared.name,
        }}
      />
      <FormControlLabel
        control={<Checkbox checked={form.closedAllDay} onChange={(e) => set('closedAllDay', e.target.checked)} />}
        label={t('closedAllDay')}
      />
      <OrderedFields
        ui={holidaysUi}
        inputs={{
          opensAt: !form.closedAllDay && shared.opensAt,
          closesAt: !form.closedAllDay && shared.closesAt,
        }}
      />
    </EditDialog>
  );
}
