import { SearchInput, SelectInput } from 'react-admin';

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

/**
 * A list's choice filter, always shown: the choices' names from `<choiceKeys>.<id>`, the label
 * `<ns>.filters.<source>`, and `<ns>.filters.any` for no choice.
 */
export function choiceFilter(
  ns: string,
  translate: Translate,
  { source, ids, choiceKeys, minWidth }: { source: string; ids: readonly string[]; choiceKeys: string; minWidth: number },
) {
  return (
    <SelectInput
      key={source}
      source={source}
      label={`${ns}.filters.${source}`}
      alwaysOn
      choices={ids.map((id) => ({ id, name: translate(`${choiceKeys}.${id}`) }))}
      translateChoice={false}
      emptyText={`${ns}.filters.any`}
      helperText={false}
      sx={{ minWidth }}
    />
  );
}
