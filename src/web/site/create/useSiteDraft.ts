import { useCallback, useEffect, useRef, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useDataProvider } from 'react-admin';
import type { SiteCreateStep, SiteDraft } from '../../../../schemas/siteCreate.js';
import type { NewSiteValues } from './siteCreateForm.js';

/** The drafts' react-admin resource (GET/POST /api/siteDrafts, GET/PUT/DELETE /api/siteDrafts/{id}). */
export const DRAFTS = 'siteDrafts';

/** How long typing pauses before the draft is saved. */
const AUTOSAVE_DELAY_MS = 1200;

/**
 * The tab's own copy of a draft's latest values, written on every change: a reload before the next
 * save loses nothing typed but the passcodes, which are kept out of the browser's storage (the
 * server keeps them sealed; a reload within the autosave pause asks for the last one again).
 */
interface LocalCopy {
  at: number;
  step: SiteCreateStep;
  values: Omit<NewSiteValues, 'passcodes'>;
}

/** A draft's values as the tab's copy keeps them: without the passcodes. */
export function withoutPasscodes(values: NewSiteValues): Omit<NewSiteValues, 'passcodes'> {
  const { passcodes: _passcodes, ...rest } = values;
  return rest;
}
const localKey = (id: number) => `site-create-draft-${id}`;

function storage(): Storage | undefined {
  try {
    return window.sessionStorage;
  } catch {
    return undefined;
  }
}

function readCopy(id: number): LocalCopy | undefined {
  try {
    return (JSON.parse(storage()?.getItem(localKey(id)) ?? 'null') as LocalCopy | null) ?? undefined;
  } catch {
    return undefined;
  }
}

/** The tab's copy of draft `id` when it is newer than the server's (`updatedAt`), else undefined. */
export function unsavedCopy(id: number, updatedAt: string): LocalCopy | undefined {
  const copy = readCopy(id);
  return copy && copy.at > Date.parse(updatedAt) ? copy : undefined;
}

/** Forgets the tab's copy (the account was created, or the draft discarded). */
export function forgetCopy(id: number | undefined) {
  if (id !== undefined) storage()?.removeItem(localKey(id));
}

export type DraftStatus = { kind: 'idle' } | { kind: 'saving' } | { kind: 'saved'; at: Date } | { kind: 'error' };

/**
 * The stepper's draft (nothing typed is lost on reload): saved on
 * every step change and Save draft at once, and after a pause in typing. The
 * first save creates the draft (POST) and reports its id, which the page puts
 * in the URL (?draft=ID); later saves replace it (PUT). Saves run one after
 * another, the latest values each time; a failed save keeps the values in the
 * form and says so.
 */
export function useSiteDraft(
  form: UseFormReturn<NewSiteValues>,
  options: { initialId?: number; step: SiteCreateStep; onCreated: (id: number) => void },
) {
  const [draftId, setDraftId] = useState<number | undefined>(options.initialId);
  const [status, setStatus] = useState<DraftStatus>({ kind: 'idle' });
  const dataProvider = useDataProvider();
  const idRef = useRef(options.initialId);
  const stepRef = useRef(options.step);
  useEffect(() => {
    stepRef.current = options.step;
  }, [options.step]);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const paused = useRef(false);
  const onCreated = useRef(options.onCreated);
  useEffect(() => {
    onCreated.current = options.onCreated;
  }, [options.onCreated]);

  const reset = useCallback((id: number | undefined) => {
    idRef.current = id;
    setDraftId(id);
    setStatus({ kind: 'idle' });
  }, []);

  const saveNow = useCallback(
    (step: SiteCreateStep = stepRef.current): Promise<void> => {
      clearTimeout(timer.current);
      const run = async () => {
        if (paused.current) return;
        setStatus({ kind: 'saving' });
        const startedAt = Date.now();
        try {
          const data = form.getValues();
          if (idRef.current === undefined) {
            const { data: draft } = await dataProvider.create<SiteDraft>(DRAFTS, { data: { step, data } });
            idRef.current = draft.id;
            setDraftId(draft.id);
            onCreated.current(draft.id);
          } else {
            await dataProvider.update<SiteDraft>(DRAFTS, {
              id: idRef.current,
              data: { step, data },
              previousData: { id: idRef.current } as SiteDraft,
            });
          }
          setStatus({ kind: 'saved', at: new Date() });
          // The server has everything typed before this save began: the tab's copy is no longer needed.
          const id = idRef.current;
          const copy = id === undefined ? undefined : readCopy(id);
          if (copy && copy.at <= startedAt) forgetCopy(id);
        } catch {
          setStatus({ kind: 'error' });
        }
      };
      const next = chain.current.then(run, run);
      chain.current = next;
      return next;
    },
    [form, dataProvider],
  );

  /** Stops saving (the account is being created, or the draft discarded). */
  const pause = useCallback((value: boolean) => {
    paused.current = value;
    if (value) clearTimeout(timer.current);
  }, []);

  useEffect(() => {
    const subscription = form.watch((values, { name }) => {
      // What the user changed starts a save; a reset (a draft loaded, a new start) names no field.
      if (name === undefined) return;
      if (idRef.current !== undefined && !paused.current) {
        const copy: LocalCopy = { at: Date.now(), step: stepRef.current, values: withoutPasscodes(values as NewSiteValues) };
        try {
          storage()?.setItem(localKey(idRef.current), JSON.stringify(copy));
        } catch {
          // A full or refused storage: the server saves remain.
        }
      }
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void saveNow(), AUTOSAVE_DELAY_MS);
    });
    return () => {
      subscription.unsubscribe();
      clearTimeout(timer.current);
    };
  }, [form, saveNow]);

  return { draftId, status, saveNow, pause, reset };
}
