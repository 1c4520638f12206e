import { useCallback, useEffect, useRef, useState } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import type { PortalDataProvider } from '../../providers/dataProvider.js';
import { clientMessage } from '../../providers/errorMessages.js';
import { useSiteAudience } from '../../resources/siteAudience.js';
import { REVEAL_MS } from './siteInfoRules.js';

/**
 * The passcodes shown in clear: each reveal is the audited POST, the clear value stays for
 * {@link REVEAL_MS} and is then masked again (Hide masks it at once). Nothing survives a change
 * of account or leaving the page.
 */
export function usePasscodeReveal(siteNum: number) {
  const notify = useNotify();
  const audience = useSiteAudience();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const [revealed, setRevealed] = useState<ReadonlyMap<number, string>>(new Map());
  const [pending, setPending] = useState<ReadonlySet<number>>(new Set());
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  /** The account on screen: an answer for another one is dropped. */
  const shown = useRef(siteNum);

  const hide = useCallback((passcodeId: number) => {
    clearTimeout(timers.current.get(passcodeId));
    timers.current.delete(passcodeId);
    setRevealed((current) => {
      if (!current.has(passcodeId)) return current;
      const next = new Map(current);
      next.delete(passcodeId);
      return next;
    });
  }, []);

  /**
   * Reveals one passcode (the customer's with their password). Null when shown; else the
   * server's texts per field (a wrong password), for the caller's form; other failures are notified.
   */
  const reveal = useCallback(
    async (passcodeId: number, password?: string): Promise<Record<string, string> | null> => {
      setPending((current) => new Set(current).add(passcodeId));
      try {
        const { passcode } = await dataProvider.revealPasscode(audience.resource('sites'), siteNum, passcodeId, password);
        if (shown.current !== siteNum) return null;
        clearTimeout(timers.current.get(passcodeId));
        timers.current.set(
          passcodeId,
          setTimeout(() => hide(passcodeId), REVEAL_MS),
        );
        setRevealed((current) => new Map(current).set(passcodeId, passcode));
        return null;
      } catch (error) {
        const { message, fieldErrors } = clientMessage(error, 'siteInfo.passcodes.revealError');
        if (fieldErrors) return fieldErrors;
        notify(message, { type: 'error' });
        return null;
      } finally {
        setPending((current) => {
          const next = new Set(current);
          next.delete(passcodeId);
          return next;
        });
      }
    },
    [siteNum, hide, notify, audience, dataProvider],
  );

  // Another account, or leaving the page: every clear value goes.
  useEffect(() => {
    shown.current = siteNum;
    const own = timers.current;
    return () => {
      for (const timer of own.values()) clearTimeout(timer);
      own.clear();
      setRevealed(new Map());
    };
  }, [siteNum]);

  return { revealed, pending, reveal, hide };
}
