import { useCallback, useState, type RefObject } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useDataProvider } from 'react-admin';
import { TRANSMITTER_PATTERN } from '../../../../schemas/siteCreate.js';
import { normaliseTransmitter } from '../../../common/transmitter.js';
import type { PortalDataProvider } from '../../providers/dataProvider.js';
import type { NewSiteValues } from './siteCreateForm.js';

export interface TransmitterChecks {
  /** Codes found taken, with the server's message (the step's resolver shows it at the field while the code stays). */
  taken: RefObject<Map<string, string>>;
  /** Codes found free. */
  freeCodes: ReadonlySet<string>;
  checking: boolean;
  /** Checks the code of one device (when the field is left); answers whether it is free. */
  check: (index: number) => Promise<boolean>;
  /** Checks every device's code (before leaving the step); answers the first taken index, or -1. */
  checkAll: () => Promise<number>;
}

const FORMAT = new RegExp(TRANSMITTER_PATTERN);

/**
 * The devices step's transmitter check (GET /api/transmitters/availability):
 * a code taken anywhere on the platform shows the server's message at its
 * field at once, before the review. A failed check (network) blocks nothing:
 * the creation checks again.
 */
export function useTransmitterChecks(form: UseFormReturn<NewSiteValues>, taken: RefObject<Map<string, string>>): TransmitterChecks {
  const [freeCodes, setFreeCodes] = useState<ReadonlySet<string>>(new Set());
  const [pending, setPending] = useState(0);
  const dataProvider = useDataProvider<PortalDataProvider>();

  const lookUp = useCallback(
    async (raw: string): Promise<boolean> => {
      const code = normaliseTransmitter(raw);
      if (!FORMAT.test(raw) || !code) return true;
      if (taken.current.has(code)) return false;
      setPending((n) => n + 1);
      try {
        const answer = await dataProvider.transmitterAvailability(code);
        if (answer.available) {
          setFreeCodes((codes) => new Set(codes).add(code));
          return true;
        }
        taken.current.set(code, answer.message ?? code);
        return false;
      } catch {
        return true;
      } finally {
        setPending((n) => n - 1);
      }
    },
    [taken, dataProvider],
  );

  const check = useCallback(
    async (index: number) => {
      const free = await lookUp(form.getValues(`devices.${index}.transmitterCode`) ?? '');
      if (!free) await form.trigger(`devices.${index}.transmitterCode`);
      return free;
    },
    [form, lookUp],
  );

  const checkAll = useCallback(async () => {
    const results = await Promise.all(form.getValues('devices').map((d) => lookUp(d.transmitterCode)));
    return results.indexOf(false);
  }, [form, lookUp]);

  return { taken, freeCodes, checking: pending > 0, check, checkAll };
}
