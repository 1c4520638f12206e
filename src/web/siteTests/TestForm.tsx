import { useId, type FormEvent, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import { useTranslate } from 'react-admin';
import { TEST_REASON_MAX } from '../../common/siteTests.js';

/**
 * The parts the place and change dialogs share, so that both read and behave alike: the dialog,
 * its form with the failure and the two buttons, the length chips, the reason and the end note.
 */

type Unit = 'hours' | 'days';

/** A test's dialog, named by its title, full screen on a phone. */
export function TestDialog({
  open,
  title,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onClose?: () => void;
  children: ReactNode;
}) {
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {children}
    </Dialog>
  );
}

/** The dialog's form: `intro` above the failure's message, the fields, then Cancel and the submit button (a spinner while busy). */
export function TestForm({
  intro,
  failure,
  busy,
  submitLabel,
  onSubmit,
  onClose,
  children,
}: {
  intro: ReactNode;
  failure: string | null;
  busy: boolean;
  submitLabel: string;
  onSubmit: (event: FormEvent) => void;
  onClose: () => void;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'contents' }}>
      <DialogContent dividers>
        <Stack spacing={2.5}>
          {intro}
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          {children}
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {translate('siteTests.dialog.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </Box>
  );
}

/**
 * How long a test lasts (or, on a change, where it ends): chips that say whether they are pressed,
 * and while the custom choice is pressed an amount in hours or days. Below, the rule's message or
 * the help, which the amount input names as its description.
 */
export function LengthChoice<C extends string | number>({
  legend,
  choices,
  chosen,
  onChoose,
  custom,
  error,
  help,
}: {
  legend: string;
  choices: { value: C; label: string; ariaLabel?: string }[];
  chosen: C;
  onChoose: (choice: C) => void;
  /** The amount and its unit, shown while the custom choice is chosen. */
  custom?: { amount: string; unit: Unit; onAmount: (amount: string) => void; onUnit: (unit: Unit) => void; autoFocus?: boolean };
  error?: string;
  help: string;
}) {
  const translate = useTranslate();
  const legendId = useId();
  const helpId = `${legendId}-help`;
  return (
    <FormControl component="fieldset" error={!!error}>
      <FormLabel component="legend" id={legendId} sx={{ mb: 1 }}>
        {legend}
      </FormLabel>
      <Box role="group" aria-labelledby={legendId} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        {choices.map(({ value, label, ariaLabel }) => {
          const on = chosen === value;
          return (
            <Chip
              key={value}
              label={label}
              aria-label={ariaLabel}
              aria-pressed={on}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              icon={on ? <CheckIcon fontSize="small" /> : undefined}
              onClick={() => onChoose(value)}
              sx={{ minWidth: 56 }}
            />
          );
        })}
      </Box>
      {custom && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          <TextField
            label={translate('siteTests.dialog.customAmount')}
            value={custom.amount}
            onChange={(e) => custom.onAmount(e.target.value)}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-describedby': helpId } }}
            error={!!error}
            autoFocus={custom.autoFocus}
            sx={{ width: 120 }}
          />
          <TextField
            select
            label={translate('siteTests.dialog.unit')}
            value={custom.unit}
            onChange={(e) => custom.onUnit(e.target.value as Unit)}
            sx={{ width: 140 }}
          >
            <MenuItem value="hours">{translate('siteTests.dialog.hours')}</MenuItem>
            <MenuItem value="days">{translate('siteTests.dialog.days')}</MenuItem>
          </TextField>
        </Stack>
      )}
      <FormHelperText id={helpId}>{error ?? help}</FormHelperText>
    </FormControl>
  );
}

/** The test's reason, required: the rule's message, or the help and the characters typed of the most allowed. */
export function ReasonField({
  value,
  onChange,
  error,
  help,
}: {
  value: string;
  onChange: (reason: string) => void;
  error?: string;
  help: string;
}) {
  const translate = useTranslate();
  return (
    <TextField
      label={translate('siteTests.dialog.reason')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      required
      multiline
      minRows={2}
      error={!!error}
      helperText={error ?? `${help} ${value.length}/${TEST_REASON_MAX}`}
      slotProps={{ htmlInput: { maxLength: TEST_REASON_MAX } }}
      fullWidth
    />
  );
}

/** The end the form gives, read out politely as it changes; nothing while there is none. */
export function EndNote({ text, testId }: { text: string | null; testId: string }) {
  if (!text) return null;
  return (
    <Alert severity="info" icon={false} aria-live="polite" data-testid={testId}>
      {text}
    </Alert>
  );
}
