import type { SxProps, Theme } from '@mui/material/styles';
import { DateInput, SearchInput, SelectInput } from 'react-admin';
import { boundaryDay, dayBoundary } from './dayRange.js';

type Translate = (key: string) => string;

/** A list's search box (`filter.q`), always shown, named `<ns>.filters.search` for the eye and for screen readers. */
export function searchFilter(ns: string, translate: Translate) {
  const label = translate(`${ns}.filters.search`);
  return (
    <SearchInput
      key="q"
      source="q"
      alwaysOn
      placeholder={label}
      inputProps={{ 'aria-label': label }}
      sx={{ width: { xs: '100%', sm: 340 } }}
    />
  );
}

/** A filter's minimum width, or its widths by breakpoint. */
type Width = number | Partial<Record<'xs' | 'sm' | 'md', number>>;

interface ChoiceFilterOptions {
  source: string;
  ids: readonly string[];
  choiceKeys: string | ((id: string) => string);
  minWidth: Width;
}

/**
 * A list's choice filter, always shown: the choices' names from `<choiceKeys>.<id>` (or the key
 * `choiceKeys(id)` names), the label `<ns>.filters.<source>`, and `<ns>.filters.any` for no choice.
 */
export function choiceFilter(ns: string, translate: Translate, { source, ids, choiceKeys, minWidth }: ChoiceFilterOptions) {
  const choiceKey = typeof choiceKeys === 'string' ? (id: string) => `${choiceKeys}.${id}` : choiceKeys;
  return (
    <SelectInput
      key={source}
      source={source}
      label={`${ns}.filters.${source}`}
      alwaysOn
      choices={ids.map((id) => ({ id, name: translate(choiceKey(id)) }))}
      translateChoice={false}
      emptyText={`${ns}.filters.any`}
      helperText={false}
      sx={{ minWidth }}
    />
  );
}

/**
 * A list's from and to day filters (`filter.from`, `filter.to`: the instants the days start and the
 * 'to' day ends), labelled `<ns>.filters.from` and `<ns>.filters.to`.
 */
export function dayRangeFilters(ns: string, { alwaysOn = true, sx }: { alwaysOn?: boolean; sx?: SxProps<Theme> } = {}) {
  return ([false, true] as const).map((end) => {
    const source = end ? 'to' : 'from';
    return (
      <DateInput
        key={source}
        source={source}
        label={`${ns}.filters.${source}`}
        alwaysOn={alwaysOn}
        helperText={false}
        format={(v: string) => boundaryDay(v, end)}
        parse={(v: string) => dayBoundary(v, end)}
        sx={sx}
      />
    );
  });
}
