import { useEffect, useMemo, useRef } from 'react';
import Box from '@mui/material/Box';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Locale } from 'date-fns';
import { holidayInputSchema, holidaysUi, scheduleInputSchema, schedulesUi } from '../../../../schemas/schedules.js';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { lazySchemaValidator } from '../../forms/lazySchemaValidator.js';
import type { SchemaFormSlot } from '../../forms/SchemaForm.js';
import { CheckboxInput } from '../../forms/widgets/CheckboxInput.js';
import { TimeOfDayInput } from '../../forms/widgets/TimeOfDayInput.js';
import { weekDays } from '../../i18n/calendar.js';
import { AccountDialog } from './AccountDialog.js';
import { holidayPayload, holidayProblems, windowPayload, windowProblems } from './editRules.js';

type SiteSchedule = SiteDetail['schedules'][number];
type SiteHoliday = SiteDetail['holidays'][number];

const TIMES = ['opensAt', 'closesAt'];

/**
 * The schedule rules speak of both times at once (an overlap is said on the opening time, a
 * missing special time on the other one), but a form checks only the field being edited: when
 * one of `watch` changes, both times are checked again.
 */
function RecheckTimes({ watch }: { watch: string[] }) {
  const { trigger } = useFormContext();
  const key = JSON.stringify(useWatch({ name: watch }));
  const previous = useRef(key);
  useEffect(() => {
    if (key === previous.current) return;
    previous.current = key;
    void trigger(TIMES);
  }, [key, trigger]);
  return null;
}

/**
 * Adds or edits a weekly window, drawn from the window's schema and schedulesUi: day, name,
 * opening and closing time. A close earlier than the open runs overnight (said below the close);
 * the schedule rule (src/common/scheduleRules.ts) names a close equal to the open and an overlap
 * with another window as they are typed.
 */
export function ScheduleDialog({
  site,
  window,
  onClose,
  locale,
}: {
  site: SiteDetail;
  window?: SiteSchedule;
  onClose: () => void;
  locale: Locale;
}) {
  const validate = useMemo(
    () => lazySchemaValidator(scheduleInputSchema, (values) => windowProblems(values, site.schedules)),
    [site.schedules],
  );
  return (
    <AccountDialog
      name="schedules"
      siteNum={site.siteNum}
      edit={window && { id: window.scheduleId, row: window }}
      defaults={{
        // A new window starts on the first day of the week with none, so it opens without an overlap.
        dayOfWeek: weekDays(locale).find((day) => !site.schedules.some((s) => s.dayOfWeek === day)) ?? 1,
        name: '',
        opensAt: '09:00',
        closesAt: '17:00',
      }}
      schema={scheduleInputSchema}
      ui={schedulesUi}
      validate={validate}
      transform={windowPayload}
      texts={{
        title: window ? 'accountEdits.schedules.editTitle' : 'accountEdits.schedules.addTitle',
        saved: 'accountEdits.schedules.saved',
      }}
      onClose={onClose}
    >
      <RecheckTimes watch={['dayOfWeek', ...TIMES]} />
    </AccountDialog>
  );
}

/**
 * holidaysUi's `specialHours`: 'Closed all day' across the row, then the special opening and
 * closing times while it is not ticked.
 */
export const HOLIDAY_SLOTS: Record<string, SchemaFormSlot> = {
  specialHours: (field) => <SpecialHours field={field} />,
};

function SpecialHours({ field }: { field: Parameters<SchemaFormSlot>[0] }) {
  const closedAllDay: unknown = useWatch({ name: 'closedAllDay' });
  return (
    <>
      {field.source === 'opensAt' && (
        <Box sx={{ gridColumn: '1 / -1' }}>
          <CheckboxInput source="closedAllDay" label="accountEdits.holidays.fields.closedAllDay" />
        </Box>
      )}
      {!closedAllDay && <TimeOfDayInput field={field} />}
    </>
  );
}

/** Adds or edits a holiday, drawn from the holiday's schema and holidaysUi: a date and a name, closed all day or open at special times. */
export function HolidayDialog({ site, holiday, onClose }: { site: SiteDetail; holiday?: SiteHoliday; onClose: () => void }) {
  const validate = useMemo(
    () => lazySchemaValidator(holidayInputSchema, (values) => holidayProblems(values, site.holidays)),
    [site.holidays],
  );
  return (
    <AccountDialog
      name="holidays"
      siteNum={site.siteNum}
      edit={holiday && { id: holiday.holidayId, row: { ...holiday, closedAllDay: holiday.opensAt === null } }}
      defaults={{ date: null, name: '', closedAllDay: true, opensAt: null, closesAt: null }}
      schema={holidayInputSchema}
      ui={holidaysUi}
      slots={HOLIDAY_SLOTS}
      validate={validate}
      transform={holidayPayload}
      texts={{
        title: holiday ? 'accountEdits.holidays.editTitle' : 'accountEdits.holidays.addTitle',
        saved: 'accountEdits.holidays.saved',
      }}
      onClose={onClose}
    >
      <RecheckTimes watch={TIMES} />
    </AccountDialog>
  );
}
