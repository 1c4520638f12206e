import { useEffect, useState } from 'react';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import { useTranslate } from 'react-admin';
import { EVENT_KINDS, type EventKind } from '../../../../schemas/events.js';
import {
  MAX_QUERY_LENGTH,
  RANGE_PRESETS,
  customRangeError,
  hasNarrowingFilters,
  type HistoryFilterState,
  type RangePreset,
} from './historyRules.js';

/** How long typing pauses before the search is sent. */
const SEARCH_DEBOUNCE_MS = 350;

export interface ZoneOption {
  zone: number;
  description: string | null;
}

export interface HistoryFiltersProps {
  state: HistoryFilterState;
  onChange: (patch: Partial<HistoryFilterState>) => void;
  onClear: () => void;
  alarmOnly: boolean;
  devices: readonly { devNum: number; transmitterCode: string; description: string | null }[];
  zones: readonly ZoneOption[];
  /** In an accordion, closed at first (phones). */
  compact: boolean;
}

/** The search box: typed text goes to the filter after a pause; a change of the URL (Clear filters) comes back into it. */
function SearchBox({ value, onChange }: { value: string; onChange: (q: string) => void }) {
  const translate = useTranslate();
  const [text, setText] = useState(value);
  const [synced, setSynced] = useState(value);
  if (value !== synced) {
    setSynced(value);
    setText(value);
  }
  useEffect(() => {
    if (text.trim() === value.trim()) return undefined;
    const timer = setTimeout(() => onChange(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value, onChange]);
  return (
    <TextField
      size="small"
      type="search"
      label={translate('events.filters.search')}
      helperText={translate('events.filters.searchHelp')}
      value={text}
      onChange={(e) => setText(e.target.value)}
      slotProps={{
        htmlInput: { maxLength: MAX_QUERY_LENGTH },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
      sx={{ minWidth: 220 }}
    />
  );
}

function zoneLabel(option: ZoneOption | string, translate: (key: string, args?: Record<string, unknown>) => string): string {
  if (typeof option === 'string') return option;
  return option.description
    ? translate('events.filters.zoneOption', { zone: option.zone, description: option.description })
    : String(option.zone);
}

/** The zone: one of the zones seen in the list, or any number typed. */
function ZoneFilter({ value, zones, onChange }: { value?: number; zones: readonly ZoneOption[]; onChange: (zone?: number) => void }) {
  const translate = useTranslate();
  const selected = value === undefined ? null : (zones.find((z) => z.zone === value) ?? { zone: value, description: null });
  return (
    <Autocomplete<ZoneOption, false, false, true>
      freeSolo
      size="small"
      options={zones}
      value={selected}
      getOptionLabel={(option) => zoneLabel(option, translate)}
      isOptionEqualToValue={(option, v) => option.zone === v.zone}
      onChange={(_, option) => {
        if (option === null || option === '') return onChange(undefined);
        if (typeof option === 'string') {
          const n = Number(option.trim());
          return onChange(/^\d{1,9}$/.test(option.trim()) ? n : undefined);
        }
        return onChange(option.zone);
      }}
      autoSelect
      sx={{ minWidth: 200 }}
      renderInput={(params) => (
        <TextField {...params} label={translate('events.filters.zone')} helperText={translate('events.filters.zoneHelp')} />
      )}
    />
  );
}

/** The period: the presets, and two dates for Custom (from ≤ to). */
function PeriodPicker({ state, onChange }: Pick<HistoryFiltersProps, 'state' | 'onChange'>) {
  const translate = useTranslate();
  const error = customRangeError(state);
  return (
    <Stack spacing={1}>
      <ToggleButtonGroup
        size="small"
        exclusive
        color="primary"
        value={state.preset}
        aria-label={translate('events.range.label')}
        onChange={(_, preset: RangePreset | null) => preset && onChange({ preset, from: undefined, to: undefined })}
        sx={{ flexWrap: 'wrap' }}
      >
        {RANGE_PRESETS.map((preset) => (
          <ToggleButton key={preset} value={preset}>
            {translate(`events.range.${preset}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {state.preset === 'custom' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          {/* Each day bounds the other; the range's error shows under the second. */}
          <DayField
            label={translate('events.range.from')}
            value={state.from}
            onChange={(from) => onChange({ from })}
            error={!!error}
            bounds={{ max: state.to }}
          />
          <DayField
            label={translate('events.range.to')}
            value={state.to}
            onChange={(to) => onChange({ to })}
            error={!!error}
            helperText={error ? translate(error) : undefined}
            bounds={{ min: state.from }}
          />
        </Stack>
      )}
    </Stack>
  );
}

/** A day of a custom range ('yyyy-MM-dd'), empty as undefined. */
function DayField(props: {
  label: string;
  value: string | undefined;
  onChange: (day: string | undefined) => void;
  error: boolean;
  helperText?: string;
  bounds: { min?: string; max?: string };
}) {
  return (
    <TextField
      size="small"
      type="date"
      label={props.label}
      value={props.value ?? ''}
      onChange={(e) => props.onChange(e.target.value || undefined)}
      error={props.error}
      helperText={props.helperText}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: props.bounds }}
    />
  );
}

function KindChips({ value, onChange }: { value: EventKind[]; onChange: (kinds: EventKind[]) => void }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} role="group" aria-label={translate('events.kinds.label')}>
      {EVENT_KINDS.map((kind) => {
        const on = value.includes(kind);
        return (
          <Chip
            key={kind}
            label={translate(`events.kinds.${kind}`)}
            color={on ? 'primary' : 'default'}
            variant={on ? 'filled' : 'outlined'}
            aria-pressed={on}
            onClick={() => onChange(on ? value.filter((k) => k !== kind) : [...value, kind])}
          />
        );
      })}
    </Stack>
  );
}

/** The history filters: period, kinds (not on alarm history), device, zone and search; in an accordion on phones. */
export function HistoryFilters({ state, onChange, onClear, alarmOnly, devices, zones, compact }: HistoryFiltersProps) {
  const translate = useTranslate();
  const narrowing = hasNarrowingFilters(state, alarmOnly);
  const active =
    (!alarmOnly ? state.kinds.length : 0) + [state.zone, state.device].filter((v) => v !== undefined).length + (state.q.trim() ? 1 : 0);
  const content = (
    <Stack spacing={2}>
      <PeriodPicker state={state} onChange={onChange} />
      {!alarmOnly && <KindChips value={state.kinds} onChange={(kinds) => onChange({ kinds })} />}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}>
        {devices.length > 1 && (
          <TextField
            select
            size="small"
            label={translate('events.filters.device')}
            value={state.device ?? ''}
            onChange={(e) => onChange({ device: e.target.value === '' ? undefined : Number(e.target.value) })}
            sx={{ minWidth: 200 }}
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
          >
            <MenuItem value="">{translate('events.filters.allDevices')}</MenuItem>
            {devices.map((d) => (
              <MenuItem key={d.devNum} value={d.devNum}>
                {d.description ? `${d.transmitterCode} – ${d.description}` : d.transmitterCode}
              </MenuItem>
            ))}
          </TextField>
        )}
        <ZoneFilter value={state.zone} zones={zones} onChange={(zone) => onChange({ zone })} />
        <SearchBox value={state.q} onChange={(q) => onChange({ q })} />
        {narrowing && (
          <Button onClick={onClear} sx={{ alignSelf: { sm: 'center' } }}>
            {translate('events.filters.clear')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
  if (!compact) return <section aria-label={translate('events.filters.title')}>{content}</section>;
  return (
    <Accordion disableGutters variant="outlined">
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls="history-filters" id="history-filters-header">
        <Typography>
          {translate('events.filters.title')}
          {active > 0 && ` · ${translate('events.filters.active', { smart_count: active })}`}
        </Typography>
      </AccordionSummary>
      <AccordionDetails id="history-filters">{content}</AccordionDetails>
    </Accordion>
  );
}
