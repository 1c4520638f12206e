import { lazy, Suspense, type ReactNode } from 'react';
import Skeleton from '@mui/material/Skeleton';
import type { LaidOutField } from './schemaLayout.js';
import { CalendarDateInput } from './widgets/CalendarDateInput.js';
import { CheckboxInput } from './widgets/CheckboxInput.js';
import { DayOfWeekInput } from './widgets/DayOfWeekInput.js';
import { PasscodeInput } from './widgets/PasscodeInput.js';
import { TimeOfDayInput } from './widgets/TimeOfDayInput.js';

/** A custom input for a widget the form does not draw itself: gets the field's rules and labels. */
export type SchemaFormSlot = (field: LaidOutField) => ReactNode;

// libphonenumber is a large library: only the forms with a phone load it.
const PhoneInput = lazy(() => import('./widgets/PhoneInput.js').then((m) => ({ default: m.PhoneInput })));

/**
 * The named widgets every schema form knows, by the name a UI hint gives (`widget: 'phone'`):
 * inputs that more than one entity uses (a phone number, a passcode with reveal, a time of day,
 * a recurrence). A form's own one-off inputs are its `slots`. Each widget is a react-admin input
 * bound to `field.source`, with the schema's rules in `field.rules` and its hint's `options`.
 */
export const WIDGETS: Record<string, SchemaFormSlot> = {
  checkbox: (field) => <CheckboxInput source={field.source} label={field.label} />,
  date: (field) => <CalendarDateInput field={field} />,
  dayOfWeek: (field) => <DayOfWeekInput field={field} />,
  passcode: (field) => <PasscodeInput field={field} />,
  phone: (field) => (
    <Suspense fallback={<Skeleton variant="rounded" height={40} sx={{ my: 1 }} />}>
      <PhoneInput field={field} />
    </Suspense>
  ),
  timeOfDay: (field) => <TimeOfDayInput field={field} />,
};
