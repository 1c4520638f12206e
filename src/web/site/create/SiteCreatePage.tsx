import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepContent from '@mui/material/StepContent';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useDataProvider, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { FormProvider, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { SITE_CREATE_LIMITS, type SiteCreateStep, type SiteDraft } from '../../../../schemas/siteCreate.js';
import { normaliseTransmitter } from '../../../common/transmitter.js';
import type { PortalDataProvider } from '../../providers/dataProvider.js';
import { failureMessage } from '../../providers/errorMessages.js';
import { visuallyHidden } from '../../resources/visuallyHidden.js';
import { PageSkeleton } from '../info/SiteInfoParts.js';
import { DraftChooser, savedTime } from './DraftChooser.js';
import {
  emptyValues,
  firstStepOf,
  STEPS,
  stepOfField,
  stepProblems,
  toPayload,
  valuesFromDraft,
  type NewSiteValues,
} from './siteCreateForm.js';
import { ContactsStep, DevicesStep, PasscodesStep, ZonesStep } from './SiteCreateRows.js';
import { ReviewStep } from './SiteCreateReview.js';
import { AccountStep, AddressStep } from './SiteCreateSteps.js';
import { DRAFTS, forgetCopy, unsavedCopy, useSiteDraft } from './useSiteDraft.js';
import { useTransmitterChecks } from './useTransmitterChecks.js';

/** The shell's confirmation dialog, given by the app (features do not import each other). */
export type ConfirmDialogComponent = ComponentType<{
  open: boolean;
  title: string;
  message: string;
  onCancel: () => void;
  onConfirm: () => Promise<void> | void;
}>;

type Phase = { kind: 'loading' } | { kind: 'choose'; drafts: SiteDraft[] } | { kind: 'edit' };

/** The value at a field path of the form ('devices.0.transmitterCode'). */
function valueAt(values: unknown, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined), values);
}

/** react-hook-form's nested errors from flat paths. */
function nested(flat: Record<string, string>): FieldErrors<NewSiteValues> {
  const root: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = root;
    keys.slice(0, -1).forEach((key, i) => {
      node[key] ??= /^\d+$/.test(keys[i + 1]) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    node[keys.at(-1)!] = { type: 'validate', message };
  }
  return root as FieldErrors<NewSiteValues>;
}

/** The flat paths of react-hook-form's nested errors. */
function errorPaths(errors: unknown, prefix = ''): string[] {
  if (!errors || typeof errors !== 'object') return [];
  if ('message' in errors && typeof (errors as { message?: unknown }).message === 'string') return [prefix];
  return Object.entries(errors).flatMap(([key, value]) => (key === 'ref' ? [] : errorPaths(value, prefix ? `${prefix}.${key}` : key)));
}

function Loading() {
  const translate = useTranslate();
  return (
    <PageSkeleton label={translate('siteCreate.loading')}>
      <Skeleton variant="rounded" height={56} />
      <Skeleton variant="text" width="40%" height={36} />
      <Skeleton variant="rounded" height={180} />
    </PageSkeleton>
  );
}

/**
 * /site/create (SPEC §6 allowCreateAccountFlag): the new account
 * step by step: account, address, transmitter and devices, contacts, zones,
 * passcodes, review. One react-hook-form holds every value; each step is
 * validated on Next by its own rules (siteCreateForm.ts stepProblems: the
 * schema's messages and the account rules the server applies). The draft is
 * saved on every step change and while typing (useSiteDraft.ts), so a reload
 * of /site/create?draft=ID restores the step and every value; entering with
 * drafts offers to resume one or start new. Create answers the new account
 * (status pending) and opens /site/info; the server's field messages (a
 * transmitter clash) return the user to their step, at the field.
 */
export function SiteCreatePage({ ConfirmDialog }: { ConfirmDialog: ConfirmDialogComponent }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  // Every draft of the user (at most SITE_CREATE_LIMITS.draftsPerUser), in the server's order: the latest first.
  const listDrafts = () =>
    dataProvider
      .getList<SiteDraft>(DRAFTS, {
        pagination: { page: 1, perPage: SITE_CREATE_LIMITS.draftsPerUser },
        sort: { field: '', order: 'ASC' },
        filter: {},
      })
      .then(({ data }) => data);
  const [locale] = useLocaleState();
  const [params, setParams] = useSearchParams();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const draftParam = Number(params.get('draft')) || undefined;

  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [step, setStep] = useState<SiteCreateStep>('account');
  const [visited, setVisited] = useState(0);
  const [stepInvalid, setStepInvalid] = useState(false);
  const [notice, setNotice] = useState<string>();
  const [createError, setCreateError] = useState<string>();
  const [creating, setCreating] = useState(false);
  const [discarding, setDiscarding] = useState<SiteDraft | { id: number; name: string }>();
  /** The step the resolver validates: set with the step, before any validation of it. */
  const stepRef = useRef<SiteCreateStep>('account');
  /** The server's messages by field, kept while the field holds the value it refused. */
  const serverErrors = useRef(new Map<string, { value: unknown; message: string }>());
  const validateOnStep = useRef(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const translateRef = useRef(translate);
  useEffect(() => {
    translateRef.current = translate;
  }, [translate]);
  const takenRef = useRef(new Map<string, string>());

  const resolver = useCallback<Resolver<NewSiteValues>>(async (values) => {
    const t = translateRef.current;
    const current = stepRef.current;
    const flat: Record<string, string> = {};
    for (const [path, m] of Object.entries(await stepProblems(current, values))) flat[path] = t(m.message, m.args ?? {});
    const inStep = (path: string) => current === 'review' || stepOfField(path) === current;
    values.devices.forEach((device, i) => {
      const path = `devices.${i}.transmitterCode`;
      const taken = takenRef.current.get(normaliseTransmitter(device.transmitterCode));
      if (taken && inStep(path) && !flat[path]) flat[path] = taken;
    });
    for (const [path, { value, message }] of serverErrors.current) {
      if (valueAt(values, path) !== value) serverErrors.current.delete(path);
      else if (inStep(path) && !flat[path]) flat[path] = message;
    }
    return Object.keys(flat).length ? { values: {}, errors: nested(flat) } : { values, errors: {} };
  }, []);

  const form = useForm<NewSiteValues>({ defaultValues: emptyValues(), resolver, mode: 'onTouched' });
  const checks = useTransmitterChecks(form, takenRef);

  const onDraftCreated = useCallback(
    (id: number) => {
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          next.set('draft', String(id));
          return next;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  const draft = useSiteDraft(form, { initialId: draftParam, step, onCreated: onDraftCreated });

  const openDraft = useCallback(
    (loaded: SiteDraft) => {
      draft.reset(loaded.id);
      onDraftCreated(loaded.id);
      // What this tab typed after the last save (a reload within the autosave pause) wins over the
      // server's copy; the passcodes, which the tab does not keep, come from the server's.
      const local = unsavedCopy(loaded.id, loaded.updatedAt);
      form.reset(valuesFromDraft(local ? { ...(loaded.data as object), ...local.values } : loaded.data));
      const index = Math.max(0, STEPS.indexOf(local?.step ?? loaded.step));
      stepRef.current = STEPS[index];
      setStep(STEPS[index]);
      setVisited(index);
      setPhase({ kind: 'edit' });
    },
    [draft, form, onDraftCreated],
  );

  const startNew = useCallback(() => {
    draft.reset(undefined);
    form.reset(emptyValues());
    stepRef.current = 'account';
    setStep('account');
    setVisited(0);
    setParams({}, { replace: true });
    setPhase({ kind: 'edit' });
  }, [draft, form, setParams]);

  // Entering: the draft of the URL, or the choice among the user's drafts, or a new account.
  useEffect(() => {
    let cancelled = false;
    const load = async () => {
      if (draftParam) {
        try {
          const { data: loaded } = await dataProvider.getOne<SiteDraft>(DRAFTS, { id: draftParam });
          if (!cancelled) openDraft(loaded);
          return;
        } catch (error) {
          if (cancelled) return;
          if ((error as { status?: number }).status !== 404) throw error;
          setNotice(translate('siteCreate.draft.notFound'));
        }
      }
      const drafts = await listDrafts().catch(() => []);
      if (cancelled) return;
      if (drafts.length && !draftParam) setPhase({ kind: 'choose', drafts });
      else startNew();
    };
    load().catch(() => !cancelled && startNew());
    return () => {
      cancelled = true;
    };
    // Only on entering: later URL changes are the page's own (the new draft's id).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // A new step: its heading takes the focus (screen readers hear where they are); errors found elsewhere show now.
  useEffect(() => {
    if (phase.kind !== 'edit') return;
    if (validateOnStep.current) {
      validateOnStep.current = false;
      void form.trigger().then(() => {
        const first = errorPaths(form.formState.errors)[0];
        if (first) form.setFocus(first as never);
      });
    } else {
      headingRef.current?.focus();
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [step]);

  const index = STEPS.indexOf(step);

  const goTo = (target: SiteCreateStep, { validate = false } = {}) => {
    setStepInvalid(false);
    form.clearErrors();
    validateOnStep.current = validate;
    stepRef.current = target;
    setStep(target);
    setVisited((v) => Math.max(v, STEPS.indexOf(target)));
    void draft.saveNow(target);
  };

  const invalid = () => {
    setStepInvalid(true);
    const first = errorPaths(form.formState.errors)[0];
    if (first) form.setFocus(first as never);
  };

  const next = async () => {
    let ok = await form.trigger();
    if (step === 'devices') {
      const clash = await checks.checkAll();
      if (clash >= 0) ok = (await form.trigger()) && false;
    }
    if (!ok) return invalid();
    goTo(STEPS[index + 1]);
  };

  const create = async () => {
    setCreateError(undefined);
    stepRef.current = 'review';
    if (!(await form.trigger())) {
      const target = firstStepOf(errorPaths(form.formState.errors));
      if (target && target !== 'review') return goTo(target, { validate: true });
      return invalid();
    }
    setCreating(true);
    draft.pause(true);
    try {
      const created = await dataProvider.createSite(toPayload(form.getValues(), draft.draftId));
      forgetCopy(draft.draftId);
      notify(translate('siteCreate.created', { siteNum: created.siteNum }), { type: 'success' });
      navigate(`/site/info?sn=${created.siteNum}`);
    } catch (error) {
      draft.pause(false);
      setCreating(false);
      const body = (error as { body?: { message?: string; errors?: Record<string, string> } }).body;
      const fields = body?.errors ?? {};
      const values = form.getValues();
      for (const [path, message] of Object.entries(fields)) serverErrors.current.set(path, { value: valueAt(values, path), message });
      const target = firstStepOf(Object.keys(fields));
      setCreateError(translate(failureMessage(error, 'siteCreate.errors.createFailed')));
      if (target && target !== 'review') goTo(target, { validate: true });
    }
  };

  const discard = async (target: { id: number }) => {
    draft.pause(true);
    try {
      await dataProvider.delete<SiteDraft>(DRAFTS, { id: target.id });
      forgetCopy(target.id);
      notify(translate('siteCreate.draft.discarded'), { type: 'info' });
      setDiscarding(undefined);
      const drafts = await listDrafts().catch(() => []);
      draft.pause(false);
      if (phase.kind === 'choose' && drafts.length) setPhase({ kind: 'choose', drafts });
      else startNew();
    } catch (error) {
      draft.pause(false);
      setDiscarding(undefined);
      notify(translate(failureMessage(error, 'siteCreate.errors.discardFailed')), { type: 'error' });
    }
  };

  const stepsWithErrors = useMemo(
    () => new Set(errorPaths(form.formState.errors).map(stepOfField)),
    // formState is a proxy: read it each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [form.formState.errors, form.formState.submitCount, step, stepInvalid],
  );

  const status = draft.status;
  const statusText =
    status.kind === 'saving'
      ? translate('siteCreate.draft.saving')
      : status.kind === 'saved'
        ? translate('siteCreate.draft.saved', { time: savedTime(status.at, locale, false) })
        : '';

  const body = (
    <Box component="section" aria-labelledby="site-create-step" sx={{ pt: phone ? 1 : 3 }}>
      {!phone && (
        <Typography variant="overline" color="text.secondary" component="p">
          {translate('siteCreate.stepOf', { current: index + 1, total: STEPS.length })}
        </Typography>
      )}
      {/* On phones the stepper's own label names the step just above: the heading stays for screen readers and focus. */}
      <Typography
        id="site-create-step"
        ref={headingRef}
        tabIndex={-1}
        variant="h5"
        component="h2"
        sx={{ outline: 'none', ...(phone ? visuallyHidden : {}) }}
      >
        {translate(`siteCreate.steps.${step}`)}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {translate(`siteCreate.stepIntro.${step}`)}
      </Typography>
      {stepInvalid && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {translate('siteCreate.errors.stepInvalid')}
        </Alert>
      )}
      {createError && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" onClose={() => setCreateError(undefined)}>
          {createError}
        </Alert>
      )}
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void (step === 'review' ? create() : next());
        }}
        onChange={() => stepInvalid && setStepInvalid(false)}
      >
        {step === 'account' && <AccountStep />}
        {step === 'address' && <AddressStep />}
        {step === 'devices' && <DevicesStep checks={checks} />}
        {step === 'contacts' && <ContactsStep />}
        {step === 'zones' && <ZonesStep />}
        {step === 'passcodes' && <PasscodesStep />}
        {step === 'review' && <ReviewStep values={form.getValues()} onEdit={(s) => goTo(s)} />}
        {/* Phones: Next first, then Save draft and Back, Discard last; wider: Back and Save draft left, Discard and Next right. */}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 3, alignItems: { sm: 'center' } }}>
          <Button onClick={() => goTo(STEPS[index - 1])} disabled={index === 0 || creating} sx={{ order: { xs: 3, sm: 0 } }}>
            {translate('siteCreate.actions.back')}
          </Button>
          <Button variant="outlined" onClick={() => void draft.saveNow()} disabled={creating} sx={{ order: { xs: 2, sm: 0 } }}>
            {translate('siteCreate.actions.saveDraft')}
          </Button>
          <Box sx={{ flex: 1, display: { xs: 'none', sm: 'block' } }} />
          {draft.draftId !== undefined && (
            <Button
              color="error"
              onClick={() => setDiscarding({ id: draft.draftId!, name: form.getValues('account.siteName') })}
              disabled={creating}
              sx={{ order: { xs: 4, sm: 0 } }}
            >
              {translate('siteCreate.actions.discard')}
            </Button>
          )}
          <Button
            type="submit"
            variant="contained"
            disabled={creating}
            startIcon={creating ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
            sx={{ order: { xs: 1, sm: 0 } }}
          >
            {step === 'review'
              ? translate(creating ? 'siteCreate.actions.creating' : 'siteCreate.actions.create')
              : translate('siteCreate.actions.next')}
          </Button>
        </Stack>
        <Typography
          role="status"
          aria-live="polite"
          variant="body2"
          color={status.kind === 'error' ? 'error' : 'text.secondary'}
          sx={{ mt: 1.5, minHeight: '1.5em' }}
        >
          {status.kind === 'error' ? translate('siteCreate.draft.notSaved') : statusText}
        </Typography>
      </form>
    </Box>
  );

  const stepLabel = (s: SiteCreateStep, i: number): ReactNode => {
    const label = <StepLabel error={stepsWithErrors.has(s) && s !== step}>{translate(`siteCreate.steps.${s}`)}</StepLabel>;
    return i <= visited && s !== step ? (
      <StepButton onClick={() => goTo(s)} disabled={creating}>
        {label}
      </StepButton>
    ) : (
      label
    );
  };

  return (
    <Stack spacing={2}>
      <Typography color="text.secondary">{translate('siteCreate.intro')}</Typography>
      {notice && (
        <Alert severity="info" onClose={() => setNotice(undefined)}>
          {notice}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2, md: 3 } }}>
        {phase.kind === 'loading' && <Loading />}
        {phase.kind === 'choose' && (
          <DraftChooser drafts={phase.drafts} onResume={openDraft} onDiscard={(d) => setDiscarding(d)} onStartNew={startNew} />
        )}
        {phase.kind === 'edit' && (
          <FormProvider {...form}>
            <Stepper
              activeStep={index}
              orientation={phone ? 'vertical' : 'horizontal'}
              alternativeLabel={!phone}
              nonLinear
              component="nav"
              aria-label={translate('siteCreate.stepper')}
            >
              {STEPS.map((s, i) => (
                <Step key={s} completed={i < visited && s !== step} aria-current={s === step ? 'step' : undefined}>
                  {stepLabel(s, i)}
                  {phone && <StepContent sx={{ pl: 1.5, pr: 0, ml: 1.5 }}>{s === step ? body : null}</StepContent>}
                </Step>
              ))}
            </Stepper>
            {!phone && body}
          </FormProvider>
        )}
      </Paper>
      {discarding && (
        <ConfirmDialog
          open
          title={translate('siteCreate.draft.discardTitle')}
          message={translate('siteCreate.draft.discardText', { name: discarding.name || translate('siteCreate.draft.unnamed') })}
          onCancel={() => setDiscarding(undefined)}
          onConfirm={() => discard(discarding)}
        />
      )}
    </Stack>
  );
}
