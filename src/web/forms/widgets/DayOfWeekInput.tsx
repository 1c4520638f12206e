import { useMemo } from 'react';
import { SelectInput, useLocaleState } from 'react-admin';
import { dateLocale, dayName, weekDays } from '../../i18n/calendar.js';
import type { LaidOutField } from '../schemaLayout.js';

/** The 'dayOfWeek' widget: 0 = Sunday … 6 = Saturday, listed in the order the user's week runs and named in their language. */
export function DayOfWeekInput({ field }: { field: LaidOutField }) {
  const [language = 'en'] = useLocaleState();
  const choices = useMemo(() => {
    const locale = dateLocale(language);
    return weekDays(locale).map((day) => ({ id: day, name: dayName(day, locale, language) }));
  }, [language]);
  return (
    <SelectInput
      source={field.source}
      label={field.label}
      choices={choices}
      translateChoice={false}
      isRequired={field.rules.required}
      fullWidth
      size="small"
    />
  );
}
