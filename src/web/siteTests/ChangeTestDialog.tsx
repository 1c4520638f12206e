import { useState } from 'react';
import Typography from '@mui/material/Typography';
import { useLocaleState, useNotify, useTranslate, useUpdate } from 'react-admin';
import type { SiteTest, SiteTestUpdate } from '../../../schemas/tests.js';
import {
  changedTestEnd,
  CUSTOMER_MAX_TEST_MINUTES,
  MAX_TEST_MINUTES,
  customMinutes,
  TEST_EXTEND_PRESETS,
  testChangeErrors,
  type TestEndChange,
} from '../../common/siteTests.js';
import { clientMessage } from '../providers/errorMessages.js';
import { formatInZone } from '../resources/zonedTime.js';
import { useSiteAudience } from '../resources/siteAudience.js';
import { useRefreshAfterTest } from './siteTestQueries.js';
import { EndNote, LengthChoice, ReasonField, TestDialog, TestForm } from './TestForm.js';

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
  const audience = useSiteAudience();
  const [updateTest] = useUpdate<SiteTest>();
  const [language = 'en'] = useLocaleState();
  const [form, setForm] = useState<FormState>({ end: 'keep', amount: '', unit: 'hours', reason: test.reason });
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const times = { startsAt: new Date(test.startsAt), endsAt: new Date(test.endsAt) };
  const endChange = endChangeOf(form);
  const maxMinutes = audience.msa ? CUSTOMER_MAX_TEST_MINUTES : MAX_TEST_MINUTES;
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
      // With returnPromise the mutation answers the saved record (react-admin's type says `void |` it).
      const changed = (await updateTest(
        audience.resource('tests'),
        { id: test.id, data: body, previousData: test },
        { returnPromise: true },
      )) as SiteTest;
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
    <TestDialog open title={translate('siteTests.change.title', { scope })} onClose={busy ? undefined : onClose}>
      <TestForm
        intro={
          <Typography variant="body2" data-testid="test-current-end">
            {test.state === 'scheduled' && `${translate('siteTests.panel.starts', { date: at(test.startsAt), timeZone })} · `}
            {translate('siteTests.change.current', { date: at(test.endsAt), timeZone })}
          </Typography>
        }
        failure={failure}
        busy={busy}
        submitLabel={translate('siteTests.change.submit')}
        onSubmit={(event) => void submit(event)}
        onClose={onClose}
      >
        <LengthChoice
          legend={translate('siteTests.change.end')}
          choices={(['keep', ...TEST_EXTEND_PRESETS, 'duration'] as const).map((choice) =>
            typeof choice === 'number'
              ? {
                  value: choice,
                  label: translate('siteTests.change.extendShort', { smart_count: choice / 60 }),
                  ariaLabel: translate('siteTests.change.extend', { smart_count: choice / 60 }),
                }
              : { value: choice, label: translate(`siteTests.change.${choice}`) },
          )}
          chosen={form.end}
          onChoose={(end) => update({ end }, ['endsAt'])}
          custom={
            form.end === 'duration'
              ? {
                  amount: form.amount,
                  unit: form.unit,
                  onAmount: (amount) => update({ amount }, ['endsAt']),
                  onUnit: (unit) => update({ unit }, ['endsAt']),
                  autoFocus: true,
                }
              : undefined
          }
          error={endError}
          help={translate(maxMinutes === CUSTOMER_MAX_TEST_MINUTES ? 'siteTests.change.endHelpCustomer' : 'siteTests.change.endHelp', {
            date: at(test.startsAt),
            timeZone,
          })}
        />
        <ReasonField
          value={form.reason}
          onChange={(reason) => update({ reason }, ['reason'])}
          error={reasonError}
          help={translate('siteTests.change.reasonHelp')}
        />
        <EndNote testId="test-new-end" text={newEnd && translate('siteTests.change.newEnd', { date: at(newEnd), timeZone })} />
      </TestForm>
    </TestDialog>
  );
}
