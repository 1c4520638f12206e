import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Signing a delivery by the Standard Webhooks specification, with its reference library
 * (`standardwebhooks`), not our own HMAC: `webhook-signature` is `v1,<base64 HMAC-SHA256 of
 * id.timestamp.body>`, one per valid secret, separated by spaces, so that a receiver holding
 * either secret verifies during a rotation.
 */
const SECRET_PREFIX = 'whsec_';

/** A new signing secret: 24 random bytes, base64, with the specification's prefix. */
export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

export interface SigningSecrets {
  current: string;
  previous?: string | null;
  /** When the previous secret stops signing. */
  previousUntil?: Date | null;
}

/** The secrets that sign at `now`: the current one, and the previous one within its overlap. */
export function activeSecrets({ current, previous, previousUntil }: SigningSecrets, now: Date): string[] {
  return previous && previousUntil && previousUntil.getTime() > now.getTime() ? [current, previous] : [current];
}

export interface DeliveryHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three headers of a delivery of `body` (the exact bytes sent), signed with every active secret. */
export function signDelivery(secrets: SigningSecrets, messageId: string, timestamp: Date, body: string): DeliveryHeaders {
  const signatures = activeSecrets(secrets, timestamp).map((secret) => new Webhook(secret).sign(messageId, timestamp, body));
  return {
    'webhook-id': messageId,
    'webhook-timestamp': String(Math.floor(timestamp.getTime() / 1000)),
    'webhook-signature': signatures.join(' '),
  };
}
