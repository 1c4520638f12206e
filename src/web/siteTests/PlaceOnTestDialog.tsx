import { useEffect, useId, useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCreate, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { SIGNAL_KINDS, type SignalKind } from '../../../schemas/events.js';
import type { SiteDetail } from '../../../schemas/sites.js';
import type { SiteTest, SiteTestInput } from '../../../schemas/tests.js';
import {
  customMinutes,
  DEFAULT_TEST_MINUTES,
  CUSTOMER_MAX_TEST_MINUTES,
  MAX_TEST_MINUTES,
  TEST_DURATION_PRESETS,
  TEST_SCOPES,
  testEndsAt,
  testRequestErrors,
  type TestErrors,
  type TestScope,
} from '../../common/siteTests.js';
import { clientMessage } from '../providers/errorMessages.js';
import { useSiteAudience } from '../resources/siteAudience.js';
import { useRefreshAfterTest, useTestSite } from './siteTestQueries.js';
import { formatInZone } from '../resources/zonedTime.js';
import { instantOfWallClock, wallClockAt } from './testTime.js';
import { EndNote, LengthChoice, ReasonField, TestDialog, TestForm } from './TestForm.js';

interface FormState {
  scope: TestScope;
  deviceNum: number | '';
  zones: number[];
  kinds: SignalKind[];
  startLater: boolean;
  /** The premises' clock, 'YYYY-MM-DDTHH:mm'. */
  startAt: string;
  preset: number | 'custom';
  customAmount: string;
  customUnit: 'hours' | 'days';
  reason: string;
}

function initialState(site: SiteDetail | undefined, devNum: number | undefined, msa: boolean): FormState {
  const start = Math.ceil((Date.now() + 3_600_000) / 900_000) * 900_000;
  return {
    scope: 'site',
    deviceNum: devNum ?? site?.devices[0]?.devNum ?? '',
    zones: [],
    kinds: [],
    startLater: false,
    startAt: wallClockAt(start, site?.timeZone ?? 'UTC'),
    preset: DEFAULT_TEST_MINUTES,
    // A customer's test lasts at most 24 hours: their custom duration starts in hours.
    customAmount: msa ? '12' : '3',
    customUnit: msa ? 'hours' : 'days',
    reason: '',
  };
}

function durationOf(form: FormState): number {
  if (form.preset !== 'custom') return form.preset;
  const amount = Number(form.customAmount.replace(',', '.'));
  return Number.isFinite(amount) ? customMinutes(amount, form.customUnit) : NaN;
}

function requestOf(site: SiteDetail, form: FormState): SiteTestInput {
  const scope = form.scope;
  const startInstant = form.startLater ? instantOfWallClock(form.startAt, site.timeZone) : NaN;
  return {
    siteNum: site.siteNum,
    scope,
    ...(scope !== 'site' && form.deviceNum !== '' && { deviceNum: form.deviceNum }),
    ...(scope === 'zones' && { zones: form.zones }),
    ...(scope === 'kinds' && { kinds: form.kinds }),
    ...(form.startLater && { startAt: Number.isNaN(startInstant) ? 'invalid' : new Date(startInstant).toISOString() }),
    durationMinutes: durationOf(form),
    reason: form.reason,
  };
}

/**
 * 'Place on test' (the spec's "No Action" state): what goes on test (the whole account,
 * one device, chosen zones of a device, or event kinds), start now or later (the premises' clock),
 * a duration (presets, 2 h by default, or custom hours or days up to 30 days), a required reason,
 * and the end it gives, in the account's time zone. The rules are src/common/siteTests.ts, as on
 * the server; a refusal keeps everything typed and shows the server's text beside its field.
 */
export function PlaceOnTestDialog({
  siteNum,
  devNum,
  open,
  onClose,
}: {
  siteNum: number;
  /** The device the page is open for: the default device. */
  devNum?: number;
  open: boolean;
  onClose: () => void;
}) {
  const { data: site, isPending, error } = useTestSite(siteNum, open && siteNum > 0);
  const translate = useTranslate();
  return (
    <TestDialog
      open={open}
      title={site ? translate('siteTests.placeOnTestOf', { name: site.siteName }) : translate('siteTests.dialog.title')}
      onClose={onClose}
    >
      {site ? (
        <PlaceOnTestForm key={site.siteNum} site={site} devNum={devNum} onClose={onClose} />
      ) : (
        <DialogContent>
          {error ? (
            <Alert severity="error">{translate(clientMessage(error, 'siteInfo.errors.load').message)}</Alert>
          ) : (
            isPending && (
              <Stack spacing={2} aria-busy="true" role="status" aria-label={translate('siteTests.dialog.loading')}>
                <Skeleton variant="rounded" height={56} />
                <Skeleton variant="rounded" height={56} />
                <Skeleton variant="rounded" height={96} />
              </Stack>
            )
          )}
        </DialogContent>
      )}
      {!site && (
        <DialogActions>
          <Button onClick={onClose}>{translate('siteTests.dialog.cancel')}</Button>
        </DialogActions>
      )}
    </TestDialog>
  );
}

/** The time now, renewed every `everyMs` (the end a 'now' test gives moves with the clock). */
function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}

function PlaceOnTestForm({ site, devNum, onClose }: { site: SiteDetail; devNum?: number; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefreshAfterTest();
  const audience = useSiteAudience();
  const [create] = useCreate<SiteTest>();
  // A customer's test lasts at most 24 hours, a dealer's 30 days: the server holds the same.
  const maxMinutes = audience.msa ? CUSTOMER_MAX_TEST_MINUTES : MAX_TEST_MINUTES;
  const [language = 'en'] = useLocaleState();
  const [form, setForm] = useState<FormState>(() => initialState(site, devNum, maxMinutes === CUSTOMER_MAX_TEST_MINUTES));
  const now = useNow(30_000);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const ids = { scope: useId(), zones: useId(), kinds: useId(), start: useId() };

  const devices = useMemo(
    () =>
      site.devices.map((d) => ({
        devNum: d.devNum,
        description: d.description ?? d.transmitterCode,
        zones: site.zones.filter((z) => z.devNum === d.devNum),
      })),
    [site],
  );
  const device = devices.find((d) => d.devNum === form.deviceNum);
  const request = requestOf(site, form);
  const clientErrors: TestErrors = testRequestErrors(
    request,
    new Date(now),
    devices.map((d) => ({ devNum: d.devNum, zones: d.zones.map((z) => z.zoneNum) })),
    maxMinutes,
  );
  const errorOf = (field: keyof TestErrors) => {
    if (serverErrors[field]) return serverErrors[field];
    const key = clientErrors[field];
    return tried && key ? translate(key) : undefined;
  };

  const minutes = durationOf(form);
  const startInstant = form.startLater ? instantOfWallClock(form.startAt, site.timeZone) : now;
  const endText =
    Number.isFinite(minutes) && !Number.isNaN(startInstant) && minutes > 0 && minutes <= maxMinutes
      ? translate('siteTests.dialog.endsAt', {
          date: formatInZone(testEndsAt(new Date(startInstant), minutes).getTime(), site.timeZone, language),
          timeZone: site.timeZone,
        })
      : null;

  const update = (patch: Partial<FormState>, clear: string[] = Object.keys(patch)) => {
    setForm((f) => ({ ...f, ...patch }));
    setServerErrors((e) => Object.fromEntries(Object.entries(e).filter(([k]) => !clear.includes(k))));
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setTried(true);
    setFailure(null);
    if (Object.keys(clientErrors).length) return;
    setBusy(true);
    try {
      const data = { ...request, reason: form.reason.trim() };
      // With returnPromise the mutation answers the created record (react-admin's type says `void |` it).
      const test = (await create(audience.resource('tests'), { data }, { returnPromise: true })) as SiteTest;
      await refresh();
      const date = formatInZone(test.state === 'scheduled' ? test.startsAt : test.endsAt, site.timeZone, language);
      notify(translate(test.state === 'scheduled' ? 'siteTests.dialog.scheduled' : 'siteTests.dialog.placed', { date }), {
        type: 'success',
      });
      onClose();
    } catch (error) {
      const message = clientMessage(error, 'siteTests.errors.save');
      setServerErrors(message.fieldErrors ?? {});
      setFailure(translate(message.message));
    } finally {
      setBusy(false);
    }
  }

  const scopeError = errorOf('scope');
  const zonesError = errorOf('zones');
  const kindsError = errorOf('kinds');
  const durationError = errorOf('durationMinutes');
  return (
    <TestForm
      intro={
        <Typography variant="body2" color="text.secondary">
          {translate('siteTests.dialog.intro')}
        </Typography>
      }
      failure={failure}
      busy={busy}
      submitLabel={translate('siteTests.dialog.submit')}
      onSubmit={(event) => void submit(event)}
      onClose={onClose}
    >
      <FormControl component="fieldset" error={!!scopeError}>
        <FormLabel component="legend" id={ids.scope}>
          {translate('siteTests.scope.label')}
        </FormLabel>
        <RadioGroup
          aria-labelledby={ids.scope}
          value={form.scope}
          onChange={(e) => update({ scope: e.target.value as TestScope }, ['scope', 'deviceNum', 'zones', 'kinds'])}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}
        >
          {TEST_SCOPES.map((scope) => (
            <FormControlLabel key={scope} value={scope} control={<Radio />} label={translate(`siteTests.scope.${scope}`)} />
          ))}
        </RadioGroup>
        {scopeError && <FormHelperText>{scopeError}</FormHelperText>}
      </FormControl>

      {form.scope !== 'site' && (
        <TextField
          select
          label={translate(form.scope === 'kinds' ? 'siteTests.dialog.kindsDevice' : 'siteTests.dialog.device')}
          value={form.scope === 'kinds' && form.deviceNum === '' ? 'all' : form.deviceNum}
          onChange={(e) => update({ deviceNum: e.target.value === 'all' ? '' : Number(e.target.value), zones: [] }, ['deviceNum', 'zones'])}
          error={!!errorOf('deviceNum')}
          helperText={errorOf('deviceNum')}
          required={form.scope !== 'kinds'}
          fullWidth
        >
          {form.scope === 'kinds' && <MenuItem value="all">{translate('siteTests.dialog.allDevices')}</MenuItem>}
          {devices.map((d) => (
            <MenuItem key={d.devNum} value={d.devNum}>
              {translate('siteTests.dialog.deviceOption', { devNum: d.devNum, description: d.description })}
            </MenuItem>
          ))}
        </TextField>
      )}

      {form.scope === 'zones' && device && (
        <FormControl component="fieldset" error={!!zonesError} required>
          <FormLabel component="legend" id={ids.zones}>
            {translate('siteTests.dialog.zones')}
          </FormLabel>
          {device.zones.length === 0 ? (
            <Typography variant="body2">{translate('siteTests.dialog.noZones')}</Typography>
          ) : (
            <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
              {device.zones.map((zone) => (
                <FormControlLabel
                  key={zone.zoneNum}
                  control={
                    <Checkbox
                      checked={form.zones.includes(zone.zoneNum)}
                      onChange={(e) =>
                        update({
                          zones: e.target.checked
                            ? [...form.zones, zone.zoneNum].sort((a, b) => a - b)
                            : form.zones.filter((z) => z !== zone.zoneNum),
                        })
                      }
                    />
                  }
                  label={translate('siteTests.dialog.zoneOption', { zone: zone.zoneNum, description: zone.description })}
                />
              ))}
            </FormGroup>
          )}
          {zonesError && <FormHelperText>{zonesError}</FormHelperText>}
        </FormControl>
      )}

      {form.scope === 'kinds' && (
        <FormControl component="fieldset" error={!!kindsError} required>
          <FormLabel component="legend" id={ids.kinds}>
            {translate('siteTests.dialog.kinds')}
          </FormLabel>
          <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: '1fr 1fr 1fr' } }}>
            {SIGNAL_KINDS.map((kind) => (
              <FormControlLabel
                key={kind}
                control={
                  <Checkbox
                    checked={form.kinds.includes(kind)}
                    onChange={(e) => update({ kinds: e.target.checked ? [...form.kinds, kind] : form.kinds.filter((k) => k !== kind) })}
                  />
                }
                label={translate(`events.kinds.${kind}`)}
              />
            ))}
          </FormGroup>
          {kindsError && <FormHelperText>{kindsError}</FormHelperText>}
        </FormControl>
      )}

      <FormControl component="fieldset" error={!!errorOf('startAt')}>
        <FormLabel component="legend" id={ids.start}>
          {translate('siteTests.dialog.start')}
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby={ids.start}
          value={form.startLater ? 'later' : 'now'}
          onChange={(e) => update({ startLater: e.target.value === 'later' }, ['startAt'])}
        >
          <FormControlLabel value="now" control={<Radio />} label={translate('siteTests.dialog.startNow')} />
          <FormControlLabel value="later" control={<Radio />} label={translate('siteTests.dialog.startLater')} />
        </RadioGroup>
        {form.startLater && (
          <TextField
            type="datetime-local"
            label={translate('siteTests.dialog.startAt', { timeZone: site.timeZone })}
            value={form.startAt}
            onChange={(e) => update({ startAt: e.target.value })}
            error={!!errorOf('startAt')}
            helperText={errorOf('startAt')}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ mt: 1, maxWidth: 320 }}
          />
        )}
      </FormControl>

      <LengthChoice
        legend={translate('siteTests.dialog.duration')}
        choices={[...TEST_DURATION_PRESETS, 'custom' as const].map((preset) =>
          preset === 'custom'
            ? { value: preset, label: translate('siteTests.dialog.custom') }
            : {
                value: preset,
                label: translate('siteTests.dialog.presetShort', { smart_count: preset / 60 }),
                ariaLabel: translate('siteTests.dialog.preset', { smart_count: preset / 60 }),
              },
        )}
        chosen={form.preset}
        onChoose={(preset) => update({ preset }, ['durationMinutes'])}
        custom={
          form.preset === 'custom'
            ? {
                amount: form.customAmount,
                unit: form.customUnit,
                onAmount: (customAmount) => update({ customAmount }, ['durationMinutes']),
                onUnit: (customUnit) => update({ customUnit }, ['durationMinutes']),
              }
            : undefined
        }
        error={durationError}
        help={translate(maxMinutes === CUSTOMER_MAX_TEST_MINUTES ? 'siteTests.dialog.customHelpCustomer' : 'siteTests.dialog.customHelp')}
      />
      <ReasonField
        value={form.reason}
        onChange={(reason) => update({ reason })}
        error={errorOf('reason')}
        help={translate('siteTests.dialog.reasonHelp')}
      />
      <EndNote testId="test-ends-at" text={endText} />
    </TestForm>
  );
}
