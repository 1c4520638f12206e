import { normalisePhone } from '../../../common/phone.js';
import { formatPhone } from '../../../common/phoneFormat.js';

/** How a phone being typed will be stored and read ('(212) 555-0134 ext. 7'); nothing until it is a valid number. */
export function phonePreview(input: string): string | undefined {
  const stored = normalisePhone(input);
  return stored ? formatPhone(stored) : undefined;
}
