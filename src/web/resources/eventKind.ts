import type { EventKind } from '../../../schemas/events.js';

/**
 * One colour per event kind (the Contact ID families), wherever kinds are shown: the history's
 * kind tags and the dashboard's charts. Distinct in light and dark; the kind's name
 * (`events.kinds.*`) is always written beside it, so colour is never the only cue.
 */
export const KIND_COLORS: Record<EventKind, string> = {
  alarm: '#d32f2f',
  trouble: '#ed6c02',
  openClose: '#0288d1',
  test: '#7b1fa2',
  restore: '#2e7d32',
  other: '#757575',
  change: '#5d4037',
};
