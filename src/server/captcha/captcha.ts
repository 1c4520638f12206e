import { createHash, createHmac } from 'node:crypto';
import { createChallenge, extractParams, verifySolution } from 'altcha-lib/v1';
import type { Challenge, Payload } from 'altcha-lib/v1/types';
import type { Db } from '../db/database.js';

/**
 * The self-hosted ALTCHA captcha (proof of work, ALTCHA protocol v1 as the
 * `altcha` widget 2.x speaks it: `challengeurl`, SHA-256, `maxnumber`).
 *
 * A challenge is stateless: HMAC-signed, with its expiry inside the signed
 * salt. A solved challenge is recorded in `captcha_solutions` until it would
 * have expired anyway, so each one is accepted once (replay protection, also
 * across server processes sharing the database).
 */

/** The only hash the portal issues; anything else in a payload is refused. */
export const CAPTCHA_ALGORITHM = 'SHA-256';
/** Difficulty in production: the widget tries on average maxNumber / 2 hashes. */
const DEFAULT_MAX_NUMBER = 50_000;
export const DEFAULT_TTL_MS = 10 * 60 * 1000;
/** Expired solutions are deleted on every this-many successful verifications. */
const DEFAULT_PRUNE_EVERY = 100;
/** A widget payload is a few hundred characters; refuse anything far larger before decoding. */
export const MAX_PAYLOAD_LENGTH = 2048;

export interface CaptchaOptions {
  db: Db;
  /** The application secret; the HMAC key is derived from it, never used raw. */
  secret: string;
  maxNumber?: number;
  /** How long a challenge may be solved and submitted. Negative only in tests. */
  ttlMs?: number;
  pruneEvery?: number;
}

export interface Captcha {
  /** A fresh signed challenge for the widget (GET /api/captcha/challenge). */
  challenge(): Promise<Challenge>;
  /**
   * True once for a correct, unexpired solution of a challenge this server
   * signed; false for anything else (missing, malformed, tampered, expired,
   * replayed). Only a database failure rejects.
   */
  verify(payload: unknown): Promise<boolean>;
}

/** The ALTCHA HMAC key: HMAC-SHA256(secret, 'altcha'), so the session secret itself never signs challenges. */
export function deriveCaptchaKey(secret: string): string {
  if (!secret) throw new Error('captcha: a secret is required');
  return createHmac('sha256', secret).update('altcha').digest('hex');
}

const HEX64 = /^[0-9a-f]{64}$/;
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/**
 * The widget's field value, base64(JSON {algorithm, challenge, number, salt,
 * signature, took}), decoded and shape-checked; null when it is anything else.
 */
export function decodePayload(payload: unknown): Payload | null {
  if (typeof payload !== 'string' || !payload || payload.length > MAX_PAYLOAD_LENGTH) return null;
  if (payload.length % 4 !== 0 || !BASE64.test(payload)) return null;
  let data: unknown;
  try {
    data = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return null;
  const { algorithm, challenge, number, salt, signature } = data as Record<string, unknown>;
  if (algorithm !== CAPTCHA_ALGORITHM) return null;
  if (typeof challenge !== 'string' || !HEX64.test(challenge)) return null;
  if (typeof signature !== 'string' || !HEX64.test(signature)) return null;
  if (typeof salt !== 'string' || !salt || salt.length > 512) return null;
  if (typeof number !== 'number' || !Number.isSafeInteger(number) || number < 0) return null;
  return { algorithm, challenge, number, salt, signature };
}

/** When the signed salt says the challenge expires; null when it carries no valid expiry. */
export function challengeExpiry(payload: Payload): Date | null {
  const expires = extractParams(payload).expires;
  if (!expires || !/^\d{1,12}$/.test(expires)) return null;
  return new Date(Number(expires) * 1000);
}

/** The replay-table key of a solved challenge (the signature is unique per challenge). */
export function solutionHash(payload: Payload): string {
  return createHash('sha256').update(`${payload.algorithm}:${payload.challenge}:${payload.signature}`).digest('hex');
}

export function createCaptcha(options: CaptchaOptions): Captcha {
  const { db } = options;
  const hmacKey = deriveCaptchaKey(options.secret);
  const maxNumber = options.maxNumber ?? DEFAULT_MAX_NUMBER;
  const ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
  const pruneEvery = options.pruneEvery ?? DEFAULT_PRUNE_EVERY;
  if (!Number.isSafeInteger(maxNumber) || maxNumber < 1) throw new Error('captcha: maxNumber must be a positive integer');
  let accepted = 0;

  async function prune(): Promise<void> {
    try {
      await db.deleteFrom('captcha_solutions').where('expires_at', '<', new Date()).execute();
    } catch {
      // Housekeeping only: the next round tries again; verification already succeeded.
    }
  }

  return {
    challenge: () =>
      createChallenge({
        algorithm: CAPTCHA_ALGORITHM,
        hmacKey,
        maxNumber,
        expires: new Date(Date.now() + ttlMs),
      }),

    async verify(raw) {
      const payload = decodePayload(raw);
      if (!payload) return false;
      // Every challenge the portal signs carries an expiry; one without is not ours.
      const expiresAt = challengeExpiry(payload);
      if (!expiresAt || expiresAt.getTime() <= Date.now()) return false;
      let valid: boolean;
      try {
        valid = await verifySolution(payload, hmacKey, true);
      } catch {
        return false;
      }
      if (!valid) return false;

      const inserted = await db
        .insertInto('captcha_solutions')
        .values({ challenge_hash: solutionHash(payload), expires_at: expiresAt })
        .onConflict((oc) => oc.column('challenge_hash').doNothing())
        .returning('challenge_hash')
        .executeTakeFirst();
      if (!inserted) return false; // already used: a replay

      accepted += 1;
      if (accepted % pruneEvery === 0) await prune();
      return true;
    },
  };
}
