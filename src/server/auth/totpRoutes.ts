import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import {
  authenticatorConfirmSchema,
  authenticatorProofSchema,
  authenticatorSetupSchema,
  authenticatorStatusSchema,
  authenticatorVerifySchema,
  mfaChoicesSchema,
  recoveryCodesSchema,
  recoveryCodeVerifySchema,
  secondFactorResultSchema,
} from '../../../schemas/authenticator.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { APPLICATION } from '../../common/constants.js';
import { HttpError } from '../http/errors.js';
import { clearPending, sessionOf } from './authPlugin.js';
import { requirementsFor } from './contactMethods.js';
import { MFA_CODE_POLICY, TOO_MANY_ATTEMPTS_KEY } from './mfaCodes.js';
import { deriveKey, seal, unseal } from './secrets.js';
import { noticeSecurityChange, type SecurityChange } from './securityNotices.js';
import { recordCodeVerified, refuseWhileImpersonating, requireRecentProof } from './stepUp.js';
import type { ThrottlePolicy } from './throttle.js';
import {
  CUSTOMER_ISSUER,
  EPOCH_TOLERANCE_SECONDS,
  TOTP_POLICY,
  accountLabel,
  judgeTotp,
  mayRememberDevice,
  mfaChoices,
  newRecoveryCodes,
  normaliseTotpCode,
  secondFactorUse,
  setupStillOpen,
  type TotpJudgement,
} from './totpRules.js';
import {
  recoveryCodeWasUsed,
  recoveryCodesLeft,
  replaceRecoveryCodes,
  resetAuthenticator,
  spendRecoveryCode,
  spendTimeStep,
  startSetup,
  totpOf,
  type TotpRow,
} from './totpRepository.js';
import { rememberDevice, setTrustedDeviceCookie } from './trustedDevices.js';
import type { AuditAction } from '../../common/auditActions.js';
import { iso } from '../db/listing.js';
import { ownAccountAudit } from '../audit/audit.js';
import { routeOptions } from '../http/routeOptions.js';

/**
 * The key that seals authenticator secrets at rest: derived (HKDF) from the application secret,
 * SESSION_SECRET or the one generated in DATA_DIR (docs/security.md). Changing that
 * secret leaves stored authenticators unreadable: their users sign in with a recovery code or the
 * spec's text or email code and set the app up again.
 */
const SEALING_PURPOSE = 'user_totp.secret';
const sealingContext = (userId: number) => `user_totp:${userId}`;

/**
 * Wrong authenticator or recovery codes, per user across sessions, as the spec's codes are
 * (mfaCodes.ts: the attempt that reaches `maxAttempts` answers 429): then a block that doubles
 * with each further failure, up to 15 minutes; a right code clears it.
 */
const SECOND_FACTOR_THROTTLE: ThrottlePolicy = {
  freeFailures: MFA_CODE_POLICY.maxAttempts - 1,
  baseDelayMs: 60_000,
  maxDelayMs: 15 * 60_000,
};
const throttleKey = (kind: 'totp' | 'recovery', userId: number) => `${kind}:${userId}`;

const route = routeOptions(['sign-in']);
const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema, 409: errorSchema, 429: errorSchema };

type Failure = Exclude<TotpJudgement, 'accepted'> | 'unreadable';

/**
 * Authenticator app codes (TOTP) and recovery codes as another second factor, beside
 * the spec's text and email codes (mfaRoutes.ts, unchanged):
 * - /user-account: set up (step-up; the otpauth URI, its QR code and the key for manual entry),
 *   confirm with a first code (turns it on; ten recovery codes shown once), make new recovery
 *   codes and turn it off (both step-up). A user with one on is asked for a second factor at
 *   every sign-in (signIn.ts), unless the device is remembered.
 * - The MFA step: GET mfa/choices says what besides a code is on offer; mfa/verify/authenticator
 *   and mfa/verify/recoveryCode clear mfaRequired as mfa/verify does, and after sign-in count as
 *   a recent step-up (stepUp.ts) for sensitive changes.
 * - Support (application 1 with editing rights): reset a user's authenticator, with a reason.
 * Every change, use and failure is audited; never a code or a secret.
 */
export async function totpRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const db = app.db;
  const key = deriveKey(app.secrets.sessionSecret, SEALING_PURPOSE);

  const audit = ownAccountAudit(app.audit);

  /** Fresh recovery codes in place of the user's earlier ones: audited, the user told, answered once. */
  async function issueRecoveryCodes(request: FastifyRequest, action: AuditAction, notice: SecurityChange, now: Date) {
    const { user } = request.auth!;
    const recoveryCodes = newRecoveryCodes();
    await replaceRecoveryCodes(db, user.user_id, recoveryCodes, now);
    await audit(request, action, { recoveryCodes: recoveryCodes.length });
    await noticeSecurityChange(app, request, user, notice);
    return { recoveryCodes };
  }

  /** A sensitive change: the current password, or a code verified in this session a few minutes ago (stepUp.ts). */
  async function requireStepUp(request: FastifyRequest, currentPassword: string | undefined) {
    // No login step sets an authenticator up: the flag only names the rule (these routes are not on the login allow-list).
    await requireRecentProof(app, request, 'mfaRequired', currentPassword);
  }

  /** The time step of `code` for the row's secret, judged against the last one used. */
  async function check(userId: number, row: TotpRow, code: string, now: Date): Promise<{ failure?: Failure; step?: number }> {
    const secret = unseal(key, row.secretSealed, sealingContext(userId));
    if (!secret) {
      app.log.error({ userId }, 'authenticator secret could not be opened (was the session secret changed?)');
      return { failure: 'unreadable' };
    }
    const token = normaliseTotpCode(code);
    if (!token) return { failure: 'wrong' };
    const result = await verify({ secret, token, epoch: Math.floor(now.getTime() / 1000), epochTolerance: EPOCH_TOLERANCE_SECONDS });
    const matched = result.valid && 'timeStep' in result ? result.timeStep : undefined;
    const judgement = judgeTotp(matched, row.lastTimeStep);
    return judgement === 'accepted' ? { step: matched } : { failure: judgement };
  }

  /**
   * Counts this guess before it is checked (throttle.ts reserve), or refuses it while the user's
   * guesses of this kind are blocked (429, audited, not counted). Answers whether the guess, wrong,
   * starts a block.
   */
  async function reserveGuess(
    request: FastifyRequest,
    kind: 'totp' | 'recovery',
    action: AuditAction,
    details: Record<string, unknown>,
  ): Promise<{ blocks: boolean }> {
    const reservation = await app.throttle.reserve([
      { key: throttleKey(kind, request.auth!.user.user_id), policy: SECOND_FACTOR_THROTTLE },
    ]);
    if (reservation.refused) {
      await audit(request, action, { ...details, reason: 'tooManyAttempts' });
      throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
    }
    return reservation;
  }

  /** Audits a wrong code (counted by reserveGuess) and answers 401, or 429 when it starts a block. */
  async function failed(
    request: FastifyRequest,
    kind: 'totp' | 'recovery',
    action: AuditAction,
    failure: Failure | 'used',
    details: Record<string, unknown>,
    { blocks }: { blocks: boolean },
  ): Promise<never> {
    await audit(request, action, { ...details, reason: failure, ...(blocks && { blocked: true }) });
    if (blocks) throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
    const messages: Record<'totp' | 'recovery', Partial<Record<Failure | 'used', string>>> = {
      totp: {
        wrong: 'authenticator.errors.invalidCode',
        reused: 'authenticator.errors.codeReused',
        unreadable: 'authenticator.errors.unreadable',
      },
      recovery: { wrong: 'authenticator.errors.invalidRecoveryCode', used: 'authenticator.errors.recoveryCodeUsed' },
    };
    throw new HttpError(401, messages[kind][failure] ?? 'authenticator.errors.invalidCode');
  }

  async function status(userId: number) {
    const row = await totpOf(db, userId);
    const enabled = !!row?.confirmedAt;
    return {
      enabled,
      confirmedAt: iso(row?.confirmedAt ?? null),
      lastUsedAt: enabled ? iso(row!.lastUsedAt) : null,
      recoveryCodesLeft: enabled ? await recoveryCodesLeft(db, userId) : 0,
    };
  }

  // ---- /user-account ----

  app.get(
    '/user/authenticator',
    route({
      access: { resource: 'userAccount', action: 'show' },
      summary: "Whether the user's authenticator app is on, and the recovery codes left",
      response: { 200: authenticatorStatusSchema, ...errors },
    }),
    async (request) => status(request.auth!.user.user_id),
  );

  app.post(
    '/user/authenticator',
    route({
      access: { resource: 'userAccount', action: 'edit' },
      summary: 'Start setting an authenticator app up (step-up): the otpauth URI, its QR code and the key; on once a code confirms it',
      body: authenticatorProofSchema,
      response: { 200: authenticatorSetupSchema, ...errors },
    }),
    async (request) => {
      await requireStepUp(request, request.body.currentPassword);
      const { user } = request.auth!;
      const secret = generateSecret({ length: TOTP_POLICY.secretBytes });
      if (!(await startSetup(db, user.user_id, seal(key, secret, sealingContext(user.user_id)), new Date()))) {
        throw new HttpError(409, 'authenticator.errors.alreadyOn');
      }
      const issuer = user.application_num === APPLICATION.customer ? CUSTOMER_ISSUER : app.config.portalName;
      const label = accountLabel(user.username);
      const uri = generateURI({ issuer, label, secret, digits: TOTP_POLICY.digits, period: TOTP_POLICY.periodSeconds });
      const svg = await QRCode.toString(uri, {
        type: 'svg',
        errorCorrectionLevel: 'M',
        margin: 2,
        color: { dark: '#000000', light: '#ffffff' },
      });
      await audit(request, 'authenticator.setupStarted');
      return {
        uri,
        qrCode: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
        secret,
        issuer,
        label,
        digits: TOTP_POLICY.digits,
        periodSeconds: TOTP_POLICY.periodSeconds,
      };
    },
  );

  app.post(
    '/user/authenticator/confirm',
    route({
      access: { resource: 'userAccount', action: 'edit' },
      summary: 'Turn the authenticator app on with a first code from it; answers ten recovery codes, shown once',
      body: authenticatorConfirmSchema,
      response: { 200: recoveryCodesSchema, ...errors },
    }),
    async (request) => {
      refuseWhileImpersonating(request);
      const { user } = request.auth!;
      const now = new Date();
      const row = await totpOf(db, user.user_id);
      if (row?.confirmedAt) throw new HttpError(409, 'authenticator.errors.alreadyOn');
      if (!row || !setupStillOpen(row.createdAt, now)) throw new HttpError(409, 'authenticator.errors.noSetup');
      const guess = await reserveGuess(request, 'totp', 'authenticator.confirmFailed', {});
      const { failure, step } = await check(user.user_id, row, request.body.code, now);
      if (failure) return failed(request, 'totp', 'authenticator.confirmFailed', failure, {}, guess);
      if (!(await spendTimeStep(db, user.user_id, step!, now, { confirm: true }))) {
        return failed(request, 'totp', 'authenticator.confirmFailed', 'reused', {}, guess);
      }
      await app.throttle.succeed([throttleKey('totp', user.user_id)]);
      return issueRecoveryCodes(request, 'authenticator.enabled', 'authenticatorOn', now);
    },
  );

  app.post(
    '/user/authenticator/recoveryCodes',
    route({
      access: { resource: 'userAccount', action: 'edit' },
      summary: 'New recovery codes (step-up): the earlier ones stop working; shown once',
      body: authenticatorProofSchema,
      response: { 200: recoveryCodesSchema, ...errors },
    }),
    async (request) => {
      await requireStepUp(request, request.body.currentPassword);
      const { user } = request.auth!;
      if (!(await totpOf(db, user.user_id))?.confirmedAt) throw new HttpError(409, 'authenticator.errors.notOn');
      return issueRecoveryCodes(request, 'authenticator.recoveryCodesRegenerated', 'recoveryCodesRenewed', new Date());
    },
  );

  app.post(
    '/user/authenticator/disable',
    route({
      access: { resource: 'userAccount', action: 'edit' },
      summary: 'Turn the authenticator app off (step-up): its recovery codes go too',
      body: authenticatorProofSchema,
      response: { 200: authenticatorStatusSchema, ...errors },
    }),
    async (request) => {
      await requireStepUp(request, request.body.currentPassword);
      const { user } = request.auth!;
      const result = await resetAuthenticator(db, user.user_id);
      if (!result.removed) throw new HttpError(404, 'authenticator.errors.notOn');
      await audit(request, 'authenticator.disabled', result);
      await noticeSecurityChange(app, request, user, 'authenticatorOff');
      return status(user.user_id);
    },
  );

  // ---- the MFA step (SPEC §7 'mfa/*' passes while login steps are pending) ----

  app.get(
    '/mfa/choices',
    route({
      access: 'signedIn',
      summary: 'The second factors the MFA step may offer besides a text or email code',
      response: { 200: mfaChoicesSchema, ...errors },
    }),
    async (request) => {
      const { user, pending } = request.auth!;
      const row = await totpOf(db, user.user_id);
      const confirmed = !!row?.confirmedAt;
      return mfaChoices(pending, { confirmed, recoveryCodesLeft: confirmed ? await recoveryCodesLeft(db, user.user_id) : 0 });
    },
  );

  /** A second factor verified: the MFA step is done (or a step-up recorded), as mfa/verify does. */
  async function verified(
    request: FastifyRequest,
    reply: FastifyReply,
    method: 'authenticator' | 'recoveryCode',
    asked: boolean | undefined,
  ) {
    const { user, pending } = request.auth!;
    const session = sessionOf(request);
    const use = secondFactorUse(pending);
    const remember = mayRememberDevice(pending, asked);
    if (remember) {
      const token = await rememberDevice(db, user.user_id, request.headers['user-agent']);
      setTrustedDeviceCookie(reply, app.config.publicUrl, token);
    }
    if (use === 'signIn') await clearPending(app, request, 'mfaRequired');
    await recordCodeVerified(db, session.session_id, user.user_id);
    const left = await recoveryCodesLeft(db, user.user_id);
    await audit(request, method === 'authenticator' ? 'authenticator.verified' : 'recoveryCode.used', {
      use,
      rememberDevice: remember,
      ...(method === 'recoveryCode' && { recoveryCodesLeft: left }),
    });
    if (method === 'recoveryCode') await noticeSecurityChange(app, request, user, 'recoveryCodeUsed');
    return { success: true, reqs: await requirementsFor(app, request), recoveryCodesLeft: left };
  }

  /** The session may use a second factor now, and the user has an authenticator on. */
  async function usableAuthenticator(request: FastifyRequest, action: AuditAction): Promise<TotpRow> {
    const { user, pending } = request.auth!;
    if (secondFactorUse(pending) === 'notNow') throw new HttpError(400, 'steps.mfa.wrongPurpose');
    const row = await totpOf(db, user.user_id);
    if (!row?.confirmedAt) {
      await audit(request, action, { reason: 'notOn' });
      throw new HttpError(400, 'authenticator.errors.notOn');
    }
    return row;
  }

  /** Each second factor's throttle kind and the audit action of a wrong code. */
  const SECOND_FACTORS = {
    authenticator: { kind: 'totp', failedAction: 'authenticator.failed' },
    recoveryCode: { kind: 'recovery', failedAction: 'recoveryCode.failed' },
  } as const;

  /**
   * The MFA step by an authenticator code or a recovery code: the authenticator must be on, the
   * guess is counted before `attempt` checks it (answering why it failed, or nothing when right),
   * and a right one ends the user's failures of that kind before the step is done.
   */
  async function verifyWith(
    request: FastifyRequest,
    reply: FastifyReply,
    method: keyof typeof SECOND_FACTORS,
    rememberDevice: boolean | undefined,
    attempt: (userId: number, row: TotpRow) => Promise<Failure | 'used' | undefined>,
  ) {
    const { kind, failedAction } = SECOND_FACTORS[method];
    const { user, pending } = request.auth!;
    const row = await usableAuthenticator(request, failedAction);
    const use = secondFactorUse(pending);
    const guess = await reserveGuess(request, kind, failedAction, { use });
    const failure = await attempt(user.user_id, row);
    if (failure) return failed(request, kind, failedAction, failure, { use }, guess);
    await app.throttle.succeed([throttleKey(kind, user.user_id)]);
    return verified(request, reply, method, rememberDevice);
  }

  app.post(
    '/mfa/verify/authenticator',
    route({
      access: 'signedIn',
      summary: 'Check a code from the authenticator app: clears the MFA step (after sign-in: a step-up)',
      body: authenticatorVerifySchema,
      response: { 200: secondFactorResultSchema, ...errors },
    }),
    async (request, reply) =>
      verifyWith(request, reply, 'authenticator', request.body.rememberDevice, async (userId, row) => {
        const now = new Date();
        const { failure, step } = await check(userId, row, request.body.code, now);
        if (failure) return failure;
        return (await spendTimeStep(db, userId, step!, now)) ? undefined : 'reused';
      }),
  );

  app.post(
    '/mfa/verify/recoveryCode',
    route({
      access: 'signedIn',
      summary: 'Spend one recovery code: clears the MFA step (after sign-in: a step-up); each code works once',
      body: recoveryCodeVerifySchema,
      response: { 200: secondFactorResultSchema, ...errors },
    }),
    async (request, reply) =>
      verifyWith(request, reply, 'recoveryCode', request.body.rememberDevice, async (userId) => {
        if (await spendRecoveryCode(db, userId, request.body.code, new Date())) return undefined;
        return (await recoveryCodeWasUsed(db, userId, request.body.code)) ? 'used' : 'wrong';
      }),
  );
}
