import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import type { LoginRequirements, MfaContactType, MfaPurpose } from '../../../schemas/auth.js';
import { contactType, maskContact, mfaPurpose } from '../../common/loginFlow.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../http/errors.js';
import { sha256 } from './secrets.js';
import type { Pending } from './requirements.js';
import { toLoginRequirements } from './requirements.js';

/**
 * A user's contact methods (user_contact_methods: one per type) and the state
 * of the MFA part of the login steps (SPEC §4): which code purpose a session
 * expects, whether identity is proven yet, and the reqs a step answers with.
 */

export interface Contact {
  type: MfaContactType;
  value: string;
}

/**
 * The stored form of a contact: an email trimmed and lower-cased, a phone as
 * its digits with the leading '+' kept ('+1 (312) 555-0187' → '+13125550187').
 */
export function normaliseContact(value: string, type: MfaContactType): string {
  const text = value.trim();
  if (type === 'email') return text.toLowerCase();
  return (text.startsWith('+') ? '+' : '') + text.replace(/\D/g, '');
}

/**
 * §5 contact info: a phone or an email, of the given type when one is given.
 * The contact normalised and its type, or undefined when it is neither or not of that type.
 */
export function parseContact(value: string, expected?: MfaContactType): Contact | undefined {
  const type = contactType(value);
  if (!type || (expected && expected !== type)) return undefined;
  return { type, value: normaliseContact(value, type) };
}

/**
 * The code purpose a session expects (SPEC §4 'MFA purpose'), or undefined
 * when no code is due. Outside the first-login steps a user confirms a newly
 * saved (unverified) contact method with a deviceVerification code.
 */
export function expectedMfaPurpose(pending: Pending, hasUnverifiedContact: boolean): MfaPurpose | undefined {
  if (pending.noContactInfo || pending.mfaRequired) {
    return mfaPurpose({
      noContactInfo: !!pending.noContactInfo,
      passwordResetRequired: !!pending.passwordResetRequired,
      mfaRequired: !!pending.mfaRequired,
    });
  }
  return hasUnverifiedContact ? 'deviceVerification' : undefined;
}

/**
 * Every code purpose a session may ask for now: during the contact and MFA
 * login steps only the one §4 names; after them, besides a deviceVerification
 * code for a contact waiting to be confirmed, an identityVerification code
 * that proves the person for a sensitive change (stepUp.ts).
 */
export function allowedMfaPurposes(pending: Pending, hasUnverifiedContact: boolean): MfaPurpose[] {
  const expected = expectedMfaPurpose(pending, hasUnverifiedContact);
  if (pending.noContactInfo || pending.mfaRequired) return expected ? [expected] : [];
  return expected ? [expected, 'identityVerification'] : ['identityVerification'];
}

/** Identity is proven once the contact and MFA steps are done: the later steps wait for it. */
export function identityProven(pending: Pending): boolean {
  return !pending.noContactInfo && !pending.mfaRequired;
}

/** Refuses a step that must wait for the MFA code (changing a password, username, questions or terms). */
export function requireIdentityProven(request: FastifyRequest): void {
  if (!identityProven(request.auth?.pending ?? {})) throw new HttpError(403, 'steps.mfaFirst');
}

/** The matching expression for a stored value of `type`, normalised as {@link normaliseContact} does. */
function storedNormalised(type: MfaContactType) {
  return type === 'email' ? sql<string>`lower(trim(value))` : sql<string>`regexp_replace(value, '[^0-9+]', '', 'g')`;
}

export async function contactMethodsOf(db: Db, userId: number) {
  return db
    .selectFrom('user_contact_methods')
    .select(['type', 'value', 'verified_at'])
    .where('user_id', '=', userId)
    .orderBy(sql`case when type = 'cellPhone' then 0 else 1 end`)
    .execute();
}

/** Verified contact methods, the phone first (where a code goes by default, §4). */
export async function verifiedContacts(db: Db, userId: number): Promise<Contact[]> {
  const rows = await contactMethodsOf(db, userId);
  return rows.filter((r) => r.verified_at).map(({ type, value }) => ({ type, value }));
}

/** True when another user holds this contact as a verified contact method. */
async function heldByAnotherUser(db: Db, userId: number, contact: Contact): Promise<boolean> {
  const row = await db
    .selectFrom('user_contact_methods')
    .select('user_id')
    .where('type', '=', contact.type)
    .where('user_id', '<>', userId)
    .where('verified_at', 'is not', null)
    .where(storedNormalised(contact.type), '=', contact.value)
    .executeTakeFirst();
  return !!row;
}

/** 409 with a field error when another user already holds the contact. */
export async function refuseContactOfAnotherUser(db: Db, userId: number, contact: Contact, field: string): Promise<void> {
  if (await heldByAnotherUser(db, userId, contact)) {
    throw new HttpError(409, 'steps.contact.taken', {}, { [field]: 'steps.contact.taken' });
  }
}

/**
 * Saves the user's contact method of the contact's type (replacing the one
 * there was). A verified one also fills the user's profile email or phone
 * when it is empty.
 */
export async function saveContact(db: Db, userId: number, contact: Contact, verified: boolean, now = new Date()): Promise<void> {
  await db
    .insertInto('user_contact_methods')
    .values({ user_id: userId, type: contact.type, value: contact.value, verified_at: verified ? now : null })
    .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ value: contact.value, verified_at: verified ? now : null }))
    .execute();
  if (!verified) return;
  const column = contact.type === 'email' ? 'email' : 'phone_number';
  await db
    .updateTable('users')
    .set({ [column]: contact.value, updated_at: now })
    .where('user_id', '=', userId)
    .where(column, 'is', null)
    .execute();
}

/** One pending replacement per user and type (one_time_tokens, kind 'pendingContact'). */
const PENDING_CONTACT_KIND = 'pendingContact';
const PENDING_CONTACT_TTL_MS = 24 * 60 * 60_000;
const pendingContactKey = (userId: number, type: MfaContactType) => sha256(`${PENDING_CONTACT_KIND}:${userId}:${type}`);

/**
 * A new contact for a type the user already has a verified one of: kept
 * aside until a deviceVerification code confirms it, while the verified one
 * stays in force (it is never silently replaced).
 */
export async function savePendingContact(db: Db, userId: number, contact: Contact, now = new Date()): Promise<void> {
  const expires = new Date(now.getTime() + PENDING_CONTACT_TTL_MS);
  await db
    .insertInto('one_time_tokens')
    .values({
      token_hash: pendingContactKey(userId, contact.type),
      kind: PENDING_CONTACT_KIND,
      user_id: userId,
      payload: JSON.stringify(contact),
      created_at: now,
      expires_at: expires,
    })
    .onConflict((oc) =>
      oc.column('token_hash').doUpdateSet({ payload: JSON.stringify(contact), created_at: now, expires_at: expires, used_at: null }),
    )
    .execute();
}

/** The replacements waiting for their code, the phone first. */
export async function pendingContactsOf(db: Db, userId: number, now = new Date()): Promise<Contact[]> {
  const rows = await db
    .selectFrom('one_time_tokens')
    .select('payload')
    .where('kind', '=', PENDING_CONTACT_KIND)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
  const contacts = rows.map((r) => (typeof r.payload === 'string' ? JSON.parse(r.payload) : r.payload) as Contact);
  return contacts.sort((a, b) => (a.type === b.type ? 0 : a.type === 'cellPhone' ? -1 : 1));
}

/** A replacement confirmed (or superseded): it waits no more. */
export async function clearPendingContact(db: Db, userId: number, type: MfaContactType): Promise<void> {
  await db.deleteFrom('one_time_tokens').where('token_hash', '=', pendingContactKey(userId, type)).execute();
}

/** The contacts waiting for a confirmation code: saved unverified ones, then pending replacements. */
export async function unverifiedContactsOf(db: Db, userId: number): Promise<Contact[]> {
  const saved = (await contactMethodsOf(db, userId)).filter((c) => !c.verified_at).map(({ type, value }) => ({ type, value }));
  return [...saved, ...(await pendingContactsOf(db, userId))];
}

/** True when the user has a saved contact method, or a replacement, that no code has confirmed yet. */
async function hasUnverifiedContact(db: Db, userId: number): Promise<boolean> {
  return (await unverifiedContactsOf(db, userId)).length > 0;
}

/** The code purposes the request's session may ask for now ({@link allowedMfaPurposes}). */
export async function sessionMfaPurposes(app: FastifyInstance, request: FastifyRequest): Promise<MfaPurpose[]> {
  const auth = request.auth!;
  const unverified = identityProven(auth.pending) && (await hasUnverifiedContact(app.db, auth.user.user_id));
  return allowedMfaPurposes(auth.pending, unverified);
}

/** The code purpose the request's session expects now ({@link expectedMfaPurpose}). */
async function sessionMfaPurpose(app: FastifyInstance, request: FastifyRequest): Promise<MfaPurpose | undefined> {
  const auth = request.auth!;
  const unverified = identityProven(auth.pending) && (await hasUnverifiedContact(app.db, auth.user.user_id));
  return expectedMfaPurpose(auth.pending, unverified);
}

/**
 * The session's LoginRequirements (§3 reqs) now. While a code is due and one
 * was sent, mfaSentTo names where it went; else where the next one would go.
 */
export async function requirementsFor(app: FastifyInstance, request: FastifyRequest): Promise<LoginRequirements> {
  const { user, pending } = request.auth!;
  const contacts = await verifiedContacts(app.db, user.user_id);
  const reqs = toLoginRequirements(pending, { betaUser: user.beta_user, contacts });
  const purpose = pending.noContactInfo || pending.mfaRequired ? await sessionMfaPurpose(app, request) : undefined;
  if (!purpose) return reqs;
  const sent = await app.db
    .selectFrom('mfa_codes')
    .select(['contact_type', 'contact_value'])
    .where('user_id', '=', user.user_id)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!sent) return reqs;
  return { ...reqs, mfaSentTo: maskContact(sent.contact_value, sent.contact_type), mfaSentToMsg: sent.contact_type };
}
