import { useMemo } from 'react';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useInput, useTranslate } from 'react-admin';
import { CodeCaption } from './AuditParts.js';
import { actionSuggestions, matchingActions } from './auditLogRules.js';

interface ActionFilterInputProps {
  source: string;
  /** A locale key. */
  label: string;
  /** Read by react-admin's filter form (shown without Add filter). */
  alwaysOn?: boolean;
  size?: 'small' | 'medium';
  sx?: SxProps<Theme>;
}

/**
 * The audit log's action filter, an input of react-admin's filter form: any text, which the server
 * matches as the start of the code ('users.' keeps every users.* entry), with the portal's actions
 * suggested by their sentence and code; picking one filters by that code.
 */
export function ActionFilterInput({ source, label, size = 'small', sx }: ActionFilterInputProps) {
  const translate = useTranslate();
  const { field, id } = useInput({ source });
  const suggestions = useMemo(() => actionSuggestions(translate), [translate]);
  const codes: string[] = useMemo(() => suggestions.map((s) => s.code), [suggestions]);
  const sentences = useMemo(() => new Map<string, string>(suggestions.map((s) => [s.code, s.sentence])), [suggestions]);
  const text = typeof field.value === 'string' ? field.value : '';
  const change = (next: string | null) => {
    if ((next ?? '') !== text) field.onChange(next ?? '');
  };
  return (
    <Autocomplete<string, false, false, true>
      freeSolo
      id={id}
      size={size}
      options={codes}
      value={text || null}
      inputValue={text}
      onInputChange={(_event, typed) => change(typed)}
      onChange={(_event, code) => change(code)}
      onBlur={field.onBlur}
      filterOptions={(_options, { inputValue }) => matchingActions(suggestions, inputValue).map((s) => s.code)}
      renderOption={({ key, ...props }, code) => (
        <Box component="li" key={key} {...props}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2">{sentences.get(code) ?? code}</Typography>
            <CodeCaption code={code} />
          </Box>
        </Box>
      )}
      renderInput={(params) => <TextField {...params} name={field.name} label={translate(label)} placeholder="users." />}
      slotProps={{ popper: { placement: 'bottom-start', sx: { minWidth: { sm: 360 } } } }}
      sx={sx}
    />
  );
}
