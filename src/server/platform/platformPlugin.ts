import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { auditLog, type Audit } from '../audit/audit.js';
import { hashSecret, hmac, normaliseAnswer, randomToken, safeEqual, sha256, verifySecret } from '../auth/secrets.js';
import { throttle } from '../auth/throttle.js';
import { resolveSessionSecret } from '../config.js';
import { redisBus, type RedisBus } from '../realtime/backplane.js';

/** app.secrets: the session secret and the hashing and signing helpers of auth/secrets.ts. */
interface Secrets {
  /** The application secret (SESSION_SECRET, or one kept in the data dir). */
  readonly sessionSecret: string;
  /** Argon2id hash of a password or security answer. */
  hash: typeof hashSecret;
  /** Checks a password against its hash; as slow for a missing hash as for a wrong password. */
  verify: typeof verifySecret;
  normaliseAnswer: typeof normaliseAnswer;
  /** 256 random bits (by default), base64url. */
  randomToken: typeof randomToken;
  /** SHA-256, base64url: how tokens are stored. */
  sha256: typeof sha256;
  /** HMAC-SHA-256, base64url: signs with a key (the session secret, or one derived from it). */
  hmac: typeof hmac;
  /** Constant-time string comparison. */
  safeEqual: typeof safeEqual;
}

type Throttle = ReturnType<typeof throttle>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The audit log: `app.audit(request, entry)`, and `app.audit.system(entry)` for an entry without a request. */
    audit: Audit;
    /** Sign-in throttling with growing delays (auth/throttle.ts) over this app's database. */
    throttle: Throttle;
    secrets: Secrets;
    /** This process's Redis connections (REDIS_URL), shared by every backplane channel; null without Redis. */
    redisBus: RedisBus | null;
  }
}

/**
 * The shared services every feature uses, as decorators (Fastify's way for
 * them) rather than module functions each feature wires to the database:
 * audit, throttle, secrets and the Redis bus. Needs app.db and app.config; the session secret is resolved here, once.
 */
export const platformPlugin = fp(
  async (app: FastifyInstance) => {
    const sessionSecret = resolveSessionSecret(app.config);
    app.decorate('audit', auditLog(app.db));
    app.decorate('throttle', throttle(app.db));
    app.decorate('secrets', {
      sessionSecret,
      hash: hashSecret,
      verify: verifySecret,
      normaliseAnswer,
      randomToken,
      sha256,
      hmac,
      safeEqual,
    } satisfies Secrets);
    const bus = app.config.redisUrl ? await redisBus({ url: app.config.redisUrl, log: app.log.child({ component: 'redis' }) }) : null;
    app.decorate('redisBus', bus);
    app.addHook('onClose', async () => bus?.close());
  },
  { name: 'platform' },
);
