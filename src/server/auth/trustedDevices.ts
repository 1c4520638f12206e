import { randomUUID } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type { Db } from '../db/database.js';
import { cookieSecurity } from './cookies.js';
import { randomToken, sha256 } from './secrets.js';

/**
 * 'Remember this device?' (SPEC §2 mfaVerify): after a code is verified the
 * browser gets an httpOnly cookie holding a random token; the database keeps
 * its SHA-256. A sign-in that brings an unrevoked token of the same user,
 * issued less than {@link TRUSTED_DEVICE_DAYS} days ago, skips MFA
 * (signIn.ts). DELETE /api/account/trustedDevices revokes them all.
 */
export const TRUSTED_DEVICE_COOKIE = 'portal_device';
const TRUSTED_DEVICE_DAYS = 90;
export const TRUSTED_DEVICE_LIFETIME_MS = TRUSTED_DEVICE_DAYS * 24 * 60 * 60_000;
/** The cookie goes to every API call that may sign in (dealer, customer, SSO) and to nothing else. */
const TRUSTED_DEVICE_COOKIE_PATH = '/api';
const LABEL_MAX = 200;

/** A remembered device for the user: the token to put in the cookie. */
export async function rememberDevice(db: Db, userId: number, userAgent: string | undefined, now = new Date()): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('trusted_devices')
    .values({
      device_id: randomUUID(),
      user_id: userId,
      token_hash: sha256(token),
      label: userAgent ? userAgent.slice(0, LABEL_MAX) : null,
      created_at: now,
      last_used_at: null,
      revoked_at: null,
    })
    .execute();
  return token;
}

/**
 * True when `token` is an unrevoked, unexpired remembered device of the user;
 * its last use is recorded.
 */
export async function isRememberedDevice(db: Db, token: string | undefined, userId: number, now = new Date()): Promise<boolean> {
  if (!token) return false;
  const row = await db
    .updateTable('trusted_devices')
    .set({ last_used_at: now })
    .where('token_hash', '=', sha256(token))
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('created_at', '>', new Date(now.getTime() - TRUSTED_DEVICE_LIFETIME_MS))
    .returning('device_id')
    .executeTakeFirst();
  return !!row;
}

/** Revokes every remembered device of the user; answers how many there were. */
export async function revokeDevices(db: Db, userId: number, now = new Date()): Promise<number> {
  const rows = await db
    .updateTable('trusted_devices')
    .set({ revoked_at: now })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .returning('device_id')
    .execute();
  return rows.length;
}

export function setTrustedDeviceCookie(reply: FastifyReply, publicUrl: string, token: string) {
  reply.setCookie(TRUSTED_DEVICE_COOKIE, token, {
    path: TRUSTED_DEVICE_COOKIE_PATH,
    httpOnly: true,
    maxAge: TRUSTED_DEVICE_LIFETIME_MS / 1000,
    ...cookieSecurity(publicUrl),
  });
}

export function clearTrustedDeviceCookie(reply: FastifyReply) {
  reply.clearCookie(TRUSTED_DEVICE_COOKIE, { path: TRUSTED_DEVICE_COOKIE_PATH });
}
