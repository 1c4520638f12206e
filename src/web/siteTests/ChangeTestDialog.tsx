import { useId, useState } from 'react';
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
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import CheckIcon from '@mui/icons-material/Check';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import type { SiteTest, SiteTestUpdate } from '../../../schemas/tests.js';
import {
  changedTestEnd,
  CUSTOMER_MAX_TEST_MINUTES,
  MAX_TEST_MINUTES,
  customMinutes,
  TEST_EXTEND_PRESETS,
  TEST_REASON_MAX,
  testChangeErrors,
  type TestEndChange,
} from '../../common/siteTests.js';
import { clientMessage } from '../providers/errorMessages.js';
import { formatInZone } from '../resources/zonedTime.js';
import { useSiteAudience } from '../resources/siteAudience.js';
import { useRefreshAfterTest, useSiteTestsApi } from './siteTestsApi.js';

/** The end chosen: kept, pushed back by a preset, or a new duration from the start. */
type EndChoice = 'keep' | (typeof TEST_EXTEND_PRESETS)[number] | 'duration';

interface FormState {
  end: EndChoice;
  amount: string;
  unit: 'hours' | 'days';
  reason: string;
}

function endChangeOf(form: FormState): TestEndChange | null {
  if (form.end === 'keep') return null;
  if (form.end !== 'duration') return { extendMinutes: form.end };
  const amount = Number(form.amount.replace(',', '.'));
  return { durationMinutes: form.amount.trim() && Number.isFinite(amount) ? customMinutes(amount, form.unit) : NaN };
}

/**
 * 'Change' on a test in force or scheduled (/site/info's tests panel): push its end back by 1, 2
 * or 4 hours or give a new duration from its start (never beyond 30 days from the start, always
 * after now), and change its reason. PUT /api/tests/{id}, audited server-side with before and
 * after. The rules are src/common/siteTests.ts, as on the server; a refusal keeps what was typed.
 */
export function ChangeTestDialog({
  test,
  scope,
  timeZone,
  onClose,
}: {
  test: SiteTest;
  /** What the test covers, in words (the panel's summary). */
  scope: string;
  timeZone: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshAfterTest();
  const siteTestsApi = useSiteTestsApi();
  const [language = 'en'] = useLocaleState();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const ids = { title: useId(), end: useId(), endHelp: useId() };
  const [form, setForm] = useState<FormState>({ end: 'keep', amount: '', unit: 'hours', reason: test.reason });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const times = { startsAt: new Date(test.startsAt), endsAt: new Date(test.endsAt) };
  const endChange = endChangeOf(form);
  const maxMinutes = useSiteAudience().msa ? CUSTOMER_MAX_TEST_MINUTES : MAX_TEST_MINUTES;
  const clientErrors = testChangeErrors(times, { end: endChange, reason: form.reason }, new Date(), maxMinutes);
  const at = (instant: Date | string) => formatInZone(instant instanceof Date ? instant.getTime() : instant, timeZone, language);
  const newEnd = endChange && !clientErrors.endsAt ? changedTestEnd(times, endChange) : null;
  // A chosen end is checked at once (a preset may go past 30 days); the reason once saving was tried.
  const endError =
    serverErrors.endsAt ??
    (clientErrors.endsAt && (form.end !== 'duration' || form.amount.trim() || tried) ? translate(clientErrors.endsAt) : undefined);
  const reasonError = serverErrors.reason ?? (tried && clientErrors.reason ? translate(clientErrors.reason) : undefined);

  function update(patch: Partial<FormState>, fields: string[]) {
    setForm((current) => ({ ...current, ...patch }));
    setFailure(null);
    setServerErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))));
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    if (Object.keys(clientErrors).length) return;
    const reason = form.reason.trim();
    const body: SiteTestUpdate = {
      ...(newEnd && { endsAt: newEnd.toISOString() }),
      ...(reason !== test.reason && { reason }),
    };
    if (!body.endsAt && !body.reason) {
      setFailure(translate('siteTests.change.nothing'));
      return;
    }
    setBusy(true);
    try {
      const changed = await siteTestsApi.change(test.id, body);
      notify(translate('siteTests.change.saved', { date: at(changed.endsAt), timeZone }), { type: 'success' });
      onClose();
    } catch (error) {
      const message = clientMessage(error, 'siteTests.errors.change');
      setServerErrors(message.fieldErrors ?? {});
      setFailure(translate(message.message));
    } finally {
      setBusy(false);
      await refresh();
    }
  }

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={ids.title} fullScreen={phone} fullWidth maxWidth="sm">
      <DialogTitle id={ids.title}>{translate('siteTests.change.title', { scope })}</DialogTitle>
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2.5}>
            <Typography variant="body2" data-testid="test-current-end">
              {test.state === 'scheduled' && `${translate('siteTests.panel.starts', { date: at(test.startsAt), timeZone })} · `}
              {translate('siteTests.change.current', { date: at(test.endsAt), timeZone })}
            </Typography>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}

            <FormControl component="fieldset" error={!!endError}>
              <FormLabel component="legend" id={ids.end} sx={{ mb: 1 }}>
                {translate('siteTests.change.end')}
              </FormLabel>
              <Box role="group" aria-labelledby={ids.end} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
                {(['keep', ...TEST_EXTEND_PRESETS, 'duration'] as const).map((choice) => {
                  const on = form.end === choice;
                  const hours = typeof choice === 'number' ? choice / 60 : 0;
                  return (
                    <Chip
                      key={choice}
                      label={
                        typeof choice === 'number'
                          ? translate('siteTests.change.extendShort', { smart_count: hours })
                          : translate(`siteTests.change.${choice}`)
                      }
                      aria-label={typeof choice === 'number' ? translate('siteTests.change.extend', { smart_count: hours }) : undefined}
                      aria-pressed={on}
                      color={on ? 'primary' : 'default'}
                      variant={on ? 'filled' : 'outlined'}
                      icon={on ? <CheckIcon fontSize="small" /> : undefined}
                      onClick={() => update({ end: choice }, ['endsAt'])}
                      sx={{ minWidth: 56 }}
                    />
                  );
                })}
              </Box>
              {form.end === 'duration' && (
                <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
                  <TextField
                    label={translate('siteTests.dialog.customAmount')}
                    value={form.amount}
                    onChange={(e) => update({ amount: e.target.value }, ['endsAt'])}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'aria-describedby': ids.endHelp } }}
                    error={!!endError}
                    autoFocus
                    sx={{ width: 120 }}
                  />
                  <TextField
                    select
                    label={translate('siteTests.dialog.unit')}
                    value={form.unit}
                    onChange={(e) => update({ unit: e.target.value as 'hours' | 'days' }, ['endsAt'])}
                    sx={{ width: 140 }}
                  >
                    <MenuItem value="hours">{translate('siteTests.dialog.hours')}</MenuItem>
                    <MenuItem value="days">{translate('siteTests.dialog.days')}</MenuItem>
                  </TextField>
                </Stack>
              )}
              <FormHelperText id={ids.endHelp}>
                {endError ??
                  translate(maxMinutes === CUSTOMER_MAX_TEST_MINUTES ? 'siteTests.change.endHelpCustomer' : 'siteTests.change.endHelp', {
                    date: at(test.startsAt),
                    timeZone,
                  })}
              </FormHelperText>
            </FormControl>

            <TextField
              label={translate('siteTests.dialog.reason')}
              value={form.reason}
              onChange={(e) => update({ reason: e.target.value }, ['reason'])}
              required
              multiline
              minRows={2}
              error={!!reasonError}
              helperText={reasonError ?? `${translate('siteTests.change.reasonHelp')} ${form.reason.length}/${TEST_REASON_MAX}`}
              slotProps={{ htmlInput: { maxLength: TEST_REASON_MAX } }}
              fullWidth
            />

            {newEnd && (
              <Alert severity="info" icon={false} aria-live="polite" data-testid="test-new-end">
                {translate('siteTests.change.newEnd', { date: at(newEnd), timeZone })}
              </Alert>
            )}
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
            {translate('siteTests.change.submit')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
