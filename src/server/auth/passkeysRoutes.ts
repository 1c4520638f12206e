import { createHmac } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import { loginRefusalSchema, loginResponseSchema, stepResultSchema } from '../../../schemas/auth.js';
import {
  passkeyAssertionSchema,
  passkeyAvailabilitySchema,
  passkeyCeremonySchema,
  passkeyRegistrationFinishSchema,
  passkeyRegistrationStartSchema,
  passkeyRenameSchema,
  passkeySchema,
  passkeysRemovedSchema,
} from '../../../schemas/passkeys.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import type { LoginVariant } from '../../common/loginFlow.js';
import { passkeyName, variantAllowsApplication } from '../../common/passkeys.js';
import type { WebauthnPurpose } from '../db/schema.js';
import { HttpError } from '../http/errors.js';
import { idParams } from '../http/simpleRestRoutes.js';
import { clearPending, sessionOf, type UserRow } from './authPlugin.js';
import { requirementsFor } from './contactMethods.js';
import { allowedOrigins, xsrfBinding } from './csrf.js';
import { TOO_MANY_ATTEMPTS_KEY } from './mfaCodes.js';
import { passkeysRepository, toPasskey, type ChallengeRow, type PasskeyRow } from './passkeysRepository.js';
import {
  PASSKEY_CEREMONY_TIMEOUT_MS,
  PASSKEY_CHALLENGE_TTL_MS,
  passkeyMfaThrottleKey,
  passkeyThrottleKeys,
  relyingParty,
} from './passkeysRules.js';
import { startSession } from './signIn.js';
import { noticeSecurityChange } from './securityNotices.js';
import { recordCodeVerified, refuseWhileImpersonating, requireRecentProof } from './stepUp.js';
import {
  ACCOUNT_POLICY,
  ADDRESS_POLICY,
  blockedFor,
  PAIR_POLICY,
  retryAfterSeconds,
  retryMinutes,
  SIGN_IN_ADDRESS_POLICY,
  signInKeys,
} from './throttle.js';
import { ownAccountAudit } from '../audit/audit.js';
import { routeOptions } from '../http/routeOptions.js';

const route = routeOptions(['passkeys']);
const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

/** Why a ceremony's answer was refused (the audit's `reason`; the user sees one of a few messages). */
class Refusal extends Error {
  constructor(
    readonly reason: string,
    readonly messageKey = 'passkeys.errors.notRecognised',
    readonly status = 401,
    readonly user?: UserRow,
  ) {
    super(reason);
  }
}

/** The challenge the browser signed, from its clientDataJSON (undefined when unreadable). */
function signedChallenge(response: { response?: { clientDataJSON?: unknown } }): string | undefined {
  const encoded = response.response?.clientDataJSON;
  if (typeof encoded !== 'string' || !isoBase64URL.isBase64URL(encoded)) return undefined;
  try {
    const parsed = JSON.parse(isoBase64URL.toUTF8String(encoded)) as { challenge?: unknown };
    return typeof parsed.challenge === 'string' ? parsed.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Why @simplewebauthn/server refused, for the audit (its messages are English sentences). */
function verificationReason(error: unknown): string {
  const message = (error as Error)?.message ?? '';
  if (/counter/i.test(message)) return 'counterRegression';
  if (/origin/i.test(message)) return 'origin';
  if (/RP ID/i.test(message)) return 'rpId';
  if (/user verification/i.test(message)) return 'userVerification';
  if (/signature/i.test(message)) return 'signature';
  return 'verification';
}

/**
 * Passkeys (WebAuthn, for a stronger sign-in) with @simplewebauthn/server:
 * - sign-in without a username (discoverable credentials, user verification required) on the
 *   dealer/staff page (account/passkey/*) and the customer page (msa/passkey/*): the passkey
 *   proves who it is and stands for the MFA step; the other login steps still apply. A passkey
 *   signs in only on its own application's page. Failures are throttled like passwords'.
 * - the MFA step of a password sign-in (mfa/passkey/*, allowed while steps are pending): a
 *   passkey of the user instead of the code; outside the steps it counts as a recent proof for
 *   sensitive changes (stepUp.ts).
 * - the user's own passkeys (user/passkeys*, /user-account): add (after a recent proof, as other
 *   sensitive changes), rename, remove.
 * - staff (application 1, users edit) remove every passkey of a user: DELETE users/:id/passkeys.
 * Challenges live in the database (passkeysRepository.ts), used once, bound to the session or,
 * before sign-in, to the browser's pre-session (csrf.ts), so any process can finish a ceremony.
 * Every change and every sign-in, refused or not, is audited.
 */
export async function passkeysRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const repo = passkeysRepository(app.db);
  const limiter = app.throttle;
  const origins = [...allowedOrigins(app.config.publicUrl, app.config.msaHosts)];
  const rp = (request: FastifyRequest) => relyingParty(request.hostname, app.config);

  /** The user handle a user's passkeys carry: stable, opaque, no personal data. */
  const userHandle = (userId: number) =>
    new Uint8Array(createHmac('sha256', app.secrets.sessionSecret).update(`webauthn-user:${userId}`).digest());

  /** What a challenge is bound to: the session, or before sign-in the browser's pre-session. */
  const sessionBinding = (request: FastifyRequest) => `session:${sessionOf(request).session_id}`;
  const browserBinding = (request: FastifyRequest) => `browser:${xsrfBinding(request.cookies) ?? ''}`;

  async function takeChallenge(
    request: FastifyRequest,
    response: { response?: { clientDataJSON?: unknown } },
    purpose: WebauthnPurpose,
    binding: string,
  ): Promise<{ challenge: string; row: ChallengeRow }> {
    const challenge = signedChallenge(response);
    const row = challenge ? await repo.takeChallenge(challenge, purpose, binding) : undefined;
    if (!challenge || !row) throw new Refusal('challenge', 'passkeys.errors.expired');
    return { challenge, row };
  }

  /** Checks an assertion against a stored passkey and records its use; throws a Refusal. */
  async function verifyAssertion(response: AuthenticationResponseJSON, challenge: string, row: ChallengeRow, passkey: PasskeyRow) {
    let result;
    try {
      result = await verifyAuthenticationResponse({
        response,
        expectedChallenge: challenge,
        expectedOrigin: origins,
        expectedRPID: row.rp_id,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(passkey.public_key),
          counter: passkey.counter,
          transports: passkey.transports as AuthenticatorTransport[],
        },
        requireUserVerification: true,
      });
    } catch (error) {
      throw new Refusal(verificationReason(error));
    }
    if (!result.verified) throw new Refusal('signature');
    const info = result.authenticationInfo;
    await repo.used(passkey.passkey_id, info.newCounter, info.credentialBackedUp);
  }

  const audit = ownAccountAudit(app.audit);

  /** The answer of a ceremony's start: its options, their challenge kept (hashed) for the finish to take, bound as said. */
  async function ceremony(
    options: { challenge: string },
    challenge: Omit<Parameters<typeof repo.saveChallenge>[0], 'challenge' | 'ttlMs'>,
  ) {
    await repo.saveChallenge({ ...challenge, challenge: options.challenge, ttlMs: PASSKEY_CHALLENGE_TTL_MS });
    return { options: { ...options } };
  }

  // ---------------------------------------------------------------- sign-in (dealer/staff and customer pages)

  const loginResponses = { 200: loginResponseSchema, 400: errorSchema, 401: loginRefusalSchema, 403: errorSchema, 429: errorSchema };
  for (const [variant, base, page] of [
    ['dealer', '/account/passkey', 'dealer and staff'],
    ['customer', '/msa/passkey', 'customer (My Security Account)'],
  ] as const) {
    app.post(
      `${base}/options`,
      route(
        {
          access: 'public',
          summary: `Start a passkey sign-in on the ${page} page: options for navigator.credentials.get (any passkey of this host)`,
          response: { 200: passkeyCeremonySchema },
        },
        {
          config: { anonymous: true },
        },
      ),
      async (request) => {
        const party = rp(request);
        const options = await generateAuthenticationOptions({
          rpID: party.rpID,
          userVerification: 'required',
          timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
        });
        return ceremony(options, { purpose: 'signIn', binding: browserBinding(request), userId: null, variant, rpID: party.rpID });
      },
    );

    app.post(
      `${base}/login`,
      route(
        {
          access: 'public',
          summary: `Sign in with a passkey on the ${page} page; the MFA step is done (the other login steps still apply)`,
          body: passkeyAssertionSchema,
          response: loginResponses,
        },
        {
          config: { anonymous: true },
        },
      ),
      async (request, reply) => signInWithPasskey(request, reply, variant),
    );
  }

  async function signInWithPasskey(request: FastifyRequest, reply: FastifyReply, variant: LoginVariant) {
    const response = (request.body as { response: AuthenticationResponseJSON }).response;
    const keys = passkeyThrottleKeys(request.ip, response.id);
    const throttled = [keys.address, keys.pair].filter((k): k is string => !!k);
    const now = new Date();
    const states = await limiter.states(throttled);
    const blocked = Math.max(...throttled.map((key) => blockedFor(states.get(key), now)));
    const failed = (details: Record<string, unknown>, user?: UserRow) =>
      app.audit(request, {
        action: 'login.failed',
        targetType: 'user',
        targetId: user?.user_id,
        details: { method: 'passkey', variant, ...details },
      });
    if (blocked > 0) {
      await failed({ throttled: true });
      reply.header('Retry-After', String(retryAfterSeconds(blocked)));
      throw new HttpError(429, 'errors.tryAgainInMinutes', { count: retryMinutes(blocked) });
    }

    /** The passkey's user once its assertion checks out on this page; a Refusal otherwise. */
    const check = async (): Promise<UserRow> => {
      const { challenge, row } = await takeChallenge(request, response, 'signIn', browserBinding(request));
      if (row.variant !== variant) throw new Refusal('challengeVariant', 'passkeys.errors.expired');
      const passkey = await repo.byCredentialId(response.id);
      if (!passkey) throw new Refusal('unknownPasskey');
      const owner = await app.db.selectFrom('users').selectAll().where('user_id', '=', passkey.user_id).executeTakeFirst();
      if (!owner || owner.disabled_at) throw new Refusal('userUnavailable', undefined, undefined, owner);
      const handle = response.response.userHandle;
      if (handle && handle !== passkey.user_handle) throw new Refusal('userHandle', undefined, undefined, owner);
      try {
        await verifyAssertion(response, challenge, row, passkey);
      } catch (error) {
        throw error instanceof Refusal ? new Refusal(error.reason, error.messageKey, error.status, owner) : error;
      }
      if (!variantAllowsApplication(variant, owner.application_num)) {
        const key = variant === 'dealer' ? 'passkeys.errors.customerPasskey' : 'passkeys.errors.dealerPasskey';
        throw new Refusal('wrongPage', key, 401, owner);
      }
      return owner;
    };

    let user: UserRow;
    try {
      user = await check();
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      await limiter.fail(
        [
          { key: keys.address, policy: ADDRESS_POLICY },
          ...(keys.pair ? [{ key: keys.pair, policy: PAIR_POLICY }] : []),
          // Toward the captcha the address's password sign-ins are then asked for (throttle.ts).
          { key: signInKeys('', request.ip).address, policy: SIGN_IN_ADDRESS_POLICY },
        ],
        new Date(),
      );
      await failed({ reason: error.reason }, error.user);
      throw new HttpError(error.status, error.messageKey);
    }
    if (keys.pair) await limiter.succeed([keys.pair]);
    if (variant === 'customer' && !user.email_verified_at) throw new HttpError(403, 'errors.emailNotVerified');
    return startSession(app, request, reply, user, 'passkey', { mfaProven: true });
  }

  // ---------------------------------------------------------------- the MFA step of a password sign-in

  /** Whether the session may use a passkey for the MFA step or as a recent proof (not in the contact step). */
  const mayVerify = (request: FastifyRequest) => !request.auth!.pending.noContactInfo && !sessionOf(request).impersonator_user_id;

  app.get(
    '/mfa/passkey',
    route({
      access: 'signedIn',
      summary: 'Whether the user has a passkey this host can use for the MFA step',
      response: { 200: passkeyAvailabilitySchema, 401: errorSchema },
    }),
    async (request) => ({
      available: mayVerify(request) && (await repo.listOf(request.auth!.user.user_id, rp(request).rpID)).length > 0,
    }),
  );

  app.post(
    '/mfa/passkey/options',
    route({
      access: 'signedIn',
      summary: "Start the MFA step (or a recent proof) with one of the user's passkeys: options for navigator.credentials.get",
      response: { 200: passkeyCeremonySchema, ...errors },
    }),
    async (request) => {
      const { user } = request.auth!;
      if (!mayVerify(request)) throw new HttpError(400, 'steps.mfa.wrongPurpose');
      const party = rp(request);
      const passkeys = await repo.listOf(user.user_id, party.rpID);
      if (!passkeys.length) throw new HttpError(400, 'passkeys.errors.none');
      const options = await generateAuthenticationOptions({
        rpID: party.rpID,
        userVerification: 'required',
        timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
        allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransport[] })),
      });
      return ceremony(options, { purpose: 'mfa', binding: sessionBinding(request), userId: user.user_id, variant: null, rpID: party.rpID });
    },
  );

  app.post(
    '/mfa/passkey/verify',
    route({
      access: 'signedIn',
      summary: 'Finish the MFA step with a passkey (clears it); outside the login steps, a recent proof for sensitive changes',
      body: passkeyAssertionSchema,
      response: { 200: stepResultSchema, ...errors },
    }),
    async (request) => {
      const { user, pending } = request.auth!;
      const session = sessionOf(request);
      if (!mayVerify(request)) throw new HttpError(400, 'steps.mfa.wrongPurpose');
      const key = passkeyMfaThrottleKey(user.user_id);
      if (await limiter.isBlocked([key])) {
        await audit(request, 'mfa.failed', { method: 'passkey', throttled: true });
        throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
      }
      const response = request.body.response as unknown as AuthenticationResponseJSON;
      let passkey: PasskeyRow | undefined;
      try {
        const { challenge, row } = await takeChallenge(request, response, 'mfa', sessionBinding(request));
        passkey = await repo.byCredentialId(response.id);
        if (!passkey || passkey.user_id !== user.user_id || row.user_id !== user.user_id) throw new Refusal('notTheUsersPasskey');
        await verifyAssertion(response, challenge, row, passkey);
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        await limiter.fail([{ key, policy: ACCOUNT_POLICY }]);
        await audit(request, 'mfa.failed', { method: 'passkey', reason: error.reason });
        throw new HttpError(error.status, error.messageKey);
      }
      await limiter.succeed([key]);
      const duringSteps = !!pending.mfaRequired;
      if (duringSteps) await clearPending(app, request, 'mfaRequired');
      await recordCodeVerified(app.db, session.session_id, user.user_id);
      await audit(request, 'mfa.verified', { method: 'passkey', passkeyId: passkey.passkey_id, atLogin: duringSteps });
      return { success: true, reqs: await requirementsFor(app, request) };
    },
  );

  // ---------------------------------------------------------------- the user's own passkeys (/user-account)

  app.get(
    '/user/passkeys',
    route({
      access: { resource: 'userAccount', action: 'show' },
      summary: "The user's passkeys, newest first",
      response: { 200: { type: 'array', items: passkeySchema }, ...errors },
    }),
    async (request) => (await repo.listOf(request.auth!.user.user_id)).map(toPasskey),
  );

  app.post(
    '/user/passkeys/registration/options',
    route({
      access: { resource: 'userAccount', action: 'edit' },
      summary:
        'Start adding a passkey: options for navigator.credentials.create. Needs the current password unless a code or passkey was verified in this session lately',
      body: passkeyRegistrationStartSchema,
      // The 403 names the field (currentPassword) the page then asks for.
      response: { 200: passkeyCeremonySchema, ...errors, 403: validationErrorSchema },
    }),
    async (request) => {
      // Passkey routes are not among the login steps' calls, so no step is pending here: a recent proof or the password.
      await requireRecentProof(app, request, 'mfaRequired', request.body.currentPassword);
      const { user } = request.auth!;
      const party = rp(request);
      const existing = await repo.listOf(user.user_id, party.rpID);
      const options = await generateRegistrationOptions({
        rpName: party.variant === 'customer' ? request.t('login.heading.customer') : app.config.portalName,
        rpID: party.rpID,
        userName: user.username,
        userDisplayName: user.name?.trim() || user.username,
        userID: userHandle(user.user_id),
        attestationType: 'none',
        timeout: PASSKEY_CEREMONY_TIMEOUT_MS,
        excludeCredentials: existing.map((p) => ({ id: p.credential_id, transports: p.transports as AuthenticatorTransport[] })),
        authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
      });
      return ceremony(options, {
        purpose: 'registration',
        binding: sessionBinding(request),
        userId: user.user_id,
        variant: null,
        rpID: party.rpID,
      });
    },
  );

  app.post(
    '/user/passkeys/registration/verify',
    route({
      access: { resource: 'userAccount', action: 'edit' },
      summary: 'Finish adding a passkey: the browser’s attestation and the name the user gave it',
      body: passkeyRegistrationFinishSchema,
      response: { 200: passkeySchema, ...errors },
    }),
    async (request) => {
      refuseWhileImpersonating(request);
      const { user } = request.auth!;
      const name = passkeyName(request.body.name);
      if (!name) throw new HttpError(400, 'validation.invalidForm', {}, { name: 'validation.required' });
      const response = request.body.response as unknown as RegistrationResponseJSON;
      let info;
      try {
        const { challenge, row } = await takeChallenge(request, response, 'registration', sessionBinding(request));
        if (row.user_id !== user.user_id) throw new Refusal('challengeUser');
        let result;
        try {
          result = await verifyRegistrationResponse({
            response,
            expectedChallenge: challenge,
            expectedOrigin: origins,
            expectedRPID: row.rp_id,
            requireUserVerification: true,
          });
        } catch (error) {
          throw new Refusal(verificationReason(error));
        }
        if (!result.verified) throw new Refusal('verification');
        info = { ...result.registrationInfo, rpID: row.rp_id };
      } catch (error) {
        if (!(error instanceof Refusal)) throw error;
        await audit(request, 'passkey.registrationFailed', { reason: error.reason });
        throw new HttpError(400, error.reason === 'challenge' ? 'passkeys.errors.expired' : 'passkeys.errors.registrationFailed');
      }
      const credentialId = info.credential.id;
      if (await repo.byCredentialId(credentialId)) {
        await audit(request, 'passkey.registrationFailed', { reason: 'alreadyRegistered' });
        throw new HttpError(409, 'passkeys.errors.alreadyRegistered');
      }
      const row = await repo.add({
        credential_id: credentialId,
        user_id: user.user_id,
        user_handle: isoBase64URL.fromBuffer(userHandle(user.user_id)),
        public_key: Buffer.from(info.credential.publicKey),
        counter: info.credential.counter,
        transports: info.credential.transports ?? [],
        device_type: info.credentialDeviceType,
        backed_up: info.credentialBackedUp,
        aaguid: info.aaguid,
        rp_id: info.rpID,
        name,
      });
      await audit(request, 'passkey.registered', {
        passkeyId: row.passkey_id,
        name,
        deviceType: row.device_type,
        backedUp: row.backed_up,
        aaguid: row.aaguid,
      });
      await noticeSecurityChange(app, request, user, 'passkeyAdded');
      return toPasskey(row);
    },
  );

  app.patch(
    '/user/passkeys/:id',
    route({
      access: { resource: 'userAccount', action: 'edit' },
      summary: 'Rename one of the user’s passkeys',
      params: idParams,
      body: passkeyRenameSchema,
      response: { 200: passkeySchema, ...errors },
    }),
    async (request) => {
      refuseWhileImpersonating(request);
      const name = passkeyName(request.body.name);
      if (!name) throw new HttpError(400, 'validation.invalidForm', {}, { name: 'validation.required' });
      const renamed = await repo.rename(request.auth!.user.user_id, request.params.id, name);
      if (!renamed) throw new HttpError(404, 'errors.notFound');
      await audit(request, 'passkey.renamed', { passkeyId: request.params.id, from: renamed.before, to: name });
      return toPasskey(renamed.row);
    },
  );

  app.delete(
    '/user/passkeys/:id',
    route({
      access: { resource: 'userAccount', action: 'edit' },
      summary: 'Remove one of the user’s passkeys: it no longer signs in',
      params: idParams,
      response: { 200: passkeysRemovedSchema, ...errors },
    }),
    async (request) => {
      refuseWhileImpersonating(request);
      const removed = await repo.remove(request.auth!.user.user_id, request.params.id);
      if (!removed) throw new HttpError(404, 'errors.notFound');
      await audit(request, 'passkey.removed', { passkeyId: removed.passkey_id, name: removed.name });
      await noticeSecurityChange(app, request, request.auth!.user, 'passkeyRemoved');
      return { removed: 1 };
    },
  );
}
