import type { FromSchema } from 'json-schema-to-ts';
import { ENVIRONMENTS } from './constants.js';
import { closedSchema } from './shared.js';

/** GET assets/config: what the browser needs before sign-in (variant by host name, §2; app version and env, §7). */
export const clientConfigSchema = closedSchema('ClientConfig', ['variant', 'portalName', 'version', 'environment', 'demo'], {
  variant: { type: 'string', enum: ['dealer', 'customer'] },
  portalName: { type: 'string' },
  version: { type: 'string' },
  environment: { type: 'string', enum: ENVIRONMENTS },
  /** Demo mode: the login page may point to the demo outbox. */
  demo: { type: 'boolean' },
  /** The help centre the Knowledge Base page frames (SPEC §2 knowledge-base). */
  helpCenterUrl: { type: 'string' },
  /** The staging dealer portal (SPEC §2 help menu, 'Staging Dealer Portal'); absent, the item is hidden. */
  stagingPortalUrl: { type: 'string' },
});
export type ClientConfig = FromSchema<typeof clientConfigSchema>;
