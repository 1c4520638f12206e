import { createCipheriv, createDecipheriv, createHmac, hash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import argon2 from 'argon2';

/**
 * Hashing and tokens for sign-in. Passwords and security answers: argon2id at
 * 19 MiB and 2 passes (OWASP's minimum). Session, refresh and one-time tokens:
 * 256 random bits, stored as SHA-256 (they are unguessable, so a fast hash is
 * enough and lets the database find them by index).
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashSecret(plain: string): Promise<string> {
  return argon2.hash(plain, ARGON2_OPTIONS);
}

/** A hash of nothing anyone knows, verified when the user does not exist so both paths cost the same. */
let dummyHash: Promise<string> | undefined;

export async function verifySecret(hash: string | null | undefined, plain: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashSecret(randomBytes(16).toString('hex'));
    await argon2.verify(await dummyHash, plain).catch(() => false);
    return false;
  }
  return argon2.verify(hash, plain).catch(() => false);
}

/** Security answers compare without regard to case or spacing. */
export function normaliseAnswer(answer: string): string {
  return answer.trim().replace(/\s+/g, ' ').toLowerCase();
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** One-shot (crypto.hash): half the cost of a Hash object, and a signed-in call hashes its session cookie. */
export function sha256(value: string): string {
  return hash('sha256', value, 'base64url');
}

export function hmac(key: string, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * A 256-bit key for one purpose, derived from the application secret with HKDF-SHA-256
 * (RFC 5869): each purpose gets its own key, and none of them reveals the secret or another.
 */
export function deriveKey(secret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'portal-key-derivation', purpose, 32));
}

const SEALED_VERSION = 'v1';

/**
 * Encrypts a secret kept at rest (AES-256-GCM, a random 96-bit nonce): 'v1.' and base64url of
 * nonce, tag and ciphertext. `context` (such as the owner's id) is authenticated, not stored:
 * a value copied to another row does not open there.
 */
export function seal(key: Buffer, plain: string, context: string): string {
  const nonce = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, nonce);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `${SEALED_VERSION}.${Buffer.concat([nonce, cipher.getAuthTag(), body]).toString('base64url')}`;
}

/** The plain text of {@link seal}, or undefined when the key, the context or the value is not the one it was sealed with. */
export function unseal(key: Buffer, sealed: string, context: string): string | undefined {
  const [version, data] = sealed.split('.');
  if (version !== SEALED_VERSION || !data) return undefined;
  const bytes = Buffer.from(data, 'base64url');
  if (bytes.length < 28) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(context));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return undefined;
  }
}
