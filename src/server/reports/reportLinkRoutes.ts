import { randomInt } from 'node:crypto';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reportCodeVerifySchema, requestReportCodeSchema } from '../../../schemas/auth.js';
import { reportCodeResponseSchema } from '../../../schemas/dealer.js';
import { reportDownloadGrantSchema } from '../../../schemas/reports.js';
import { closedObject, errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { maskEmail } from '../../common/loginFlow.js';
import { cookieSecurity } from '../auth/cookies.js';
import { MFA_CODE_POLICY, TOO_MANY_ATTEMPTS_KEY } from '../auth/mfaCodes.js';
import { hmac, safeEqual } from '../auth/secrets.js';
import { HttpError } from '../http/errors.js';
import { reportFiles } from './reportFiles.js';
import { reportLinks, type ReportLinkRow } from './reportLinksRepository.js';
import { reportRunsRepository, type RunRow } from './reportRunsRepository.js';
import type { AuditAction } from '../../common/auditActions.js';

/**
 * Report download by emailed link (SPEC §2 reports-download/{id}, §4 Report
 * download, §7 mfa/requestReportCode and "download report from code", §9):
 *
 * - POST /api/mfa/requestReportCode {linkID, type email, mfaType
 *   reportingVerification, resendCode}: emails a six-digit code to the link's
 *   address and answers where it went (masked), the scheduled report and
 *   whether the recipient is internal staff (isTRMUser), the report's name and
 *   the run (runId: its page in the portal). On opening (resendCode
 *   false) a code still valid is not sent again; Resend Code within 30 s, or
 *   more than 10 codes an hour, answers 429 as sign-in codes do.
 * - POST /api/report/download/exchange {linkID, code}: spends the code (single
 *   use, 10 minutes, 5 wrong guesses) and sets the download token, an HttpOnly
 *   cookie signed by the server, good for that link only, for DOWNLOAD_TOKEN_MS;
 *   answers its expiry (the page keeps it in local storage), the file name
 *   and the run (the verified view's way to its page, /reports/{runId}).
 * - GET /api/report/download/{linkID}: the file, for the run's owner signed in
 *   or with the link's token; 401 asks for a code, 404 an unknown link, 410 an
 *   expired link or deleted report, 409 a report not ready.
 *
 * Codes live in report_link_codes as an HMAC under the server secret, like
 * sign-in codes (auth/mfaCodes.ts, whose limits they share). Every step is audited.
 */

const DOWNLOAD_COOKIE = 'report_download';
const DOWNLOAD_PATH = '/api/report/download';
/** How long a verified browser may download that link's report again without a code. */
const DOWNLOAD_TOKEN_MS = 60 * 60_000;
const CODE_DIGITS = 6;

const errors = { 401: errorSchema, 404: errorSchema, 409: errorSchema, 410: errorSchema, 429: errorSchema };
const attachment = (fileName: string) => `attachment; filename="${fileName.replace(/[^\w.-]/g, '_')}"`;

export async function reportLinkRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const links = reportLinks(app.db);
  const runs = reportRunsRepository(app.db);
  const files = reportFiles(app.db);
  const secret = app.secrets.sessionSecret;
  const tags = ['reports'];
  const codeDigest = (linkId: string, code: string) => hmac(secret, `report-link:${linkId}:${code}`);
  const tokenSignature = (linkId: string, expires: number) => hmac(secret, `report-download:${linkId}:${expires}`);

  async function audit(
    request: FastifyRequest,
    action: AuditAction,
    link: ReportLinkRow | undefined,
    details: Record<string, unknown> = {},
  ) {
    await app.audit(request, {
      action,
      targetType: 'report_run',
      targetId: link?.report_run_id,
      details: { linkId: link?.link_id ?? null, ...details },
    });
  }

  /** The link and its run, or the page's error: unknown 404, expired or deleted 410, not ready 409. */
  async function usableLink(linkId: string, now = new Date()): Promise<{ link: ReportLinkRow; run: RunRow }> {
    const link = await links.get(linkId);
    if (!link) throw new HttpError(404, 'reportDownload.errors.notFound');
    const run = await runs.byId(link.report_run_id);
    if (!run || new Date(link.expires_at) <= now) throw new HttpError(410, 'reportDownload.errors.expired');
    if (run.status !== 'done' || !run.file_name) throw new HttpError(409, 'reports.errors.notReady');
    return { link, run };
  }

  app.post(
    '/mfa/requestReportCode',
    {
      config: { access: 'public', anonymous: true },
      schema: {
        tags,
        summary: "Email a code to open a report link (sent to the link's address)",
        body: requestReportCodeSchema,
        response: { 200: reportCodeResponseSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { linkID, type, mfaType, resendCode } = request.body;
      if (type !== 'email' || mfaType !== 'reportingVerification') throw new HttpError(400, 'reportDownload.errors.badRequest');
      const { link, run } = await usableLink(linkID);
      const now = new Date();
      const recent = await app.db
        .selectFrom('report_link_codes')
        .select(['created_at', 'expires_at', 'used_at', 'attempts'])
        .where('link_id', '=', link.link_id)
        .where('created_at', '>', new Date(now.getTime() - 60 * 60_000))
        .orderBy('created_at', 'desc')
        .execute();
      const internal = await app.db
        .selectFrom('users')
        .select('user_id')
        .where(({ fn }) => fn('lower', ['email']), '=', link.email.toLowerCase())
        .where('application_num', '=', 1)
        .where('disabled_at', 'is', null)
        .executeTakeFirst();
      const answer = {
        emailAddress: maskEmail(link.email),
        schedReportID: run.schedule_id ?? 0,
        isTRMUser: internal !== undefined,
        reportName: run.report_name,
        runId: run.report_run_id,
      };
      const live = recent[0];
      if (!resendCode && live && !live.used_at && new Date(live.expires_at) > now && live.attempts < MFA_CODE_POLICY.maxAttempts) {
        // The page was opened again while its code is still good: that code stands.
        return answer;
      }
      const last = recent[0]?.created_at;
      const blocked = last !== undefined && now.getTime() - new Date(last).getTime() < MFA_CODE_POLICY.resendBlockMs;
      // Opened again within 30 s of a code (spent or locked since): nothing is sent; the page's Resend Code counts down.
      if (blocked && !resendCode) return answer;
      if (blocked || recent.length >= MFA_CODE_POLICY.maxRequestsPerHour) {
        await audit(request, 'reportLink.codeRefused', link);
        throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
      }
      const code = String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
      await app.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('report_link_codes')
          .set({ used_at: now })
          .where('link_id', '=', link.link_id)
          .where('used_at', 'is', null)
          .execute();
        await trx
          .insertInto('report_link_codes')
          .values({
            link_id: link.link_id,
            code_hash: codeDigest(link.link_id, code),
            created_at: now,
            expires_at: new Date(now.getTime() + MFA_CODE_POLICY.ttlMs),
          })
          .execute();
      });
      const sent = await app.outbox.sendEmail({
        to: link.email,
        subject: request.t('reports.email.codeSubject'),
        text: request.t('reports.email.codeBody', { code, reportName: run.report_name }),
      });
      await audit(request, 'reportLink.codeSent', link, { to: answer.emailAddress, delivery: sent.status });
      return answer;
    },
  );

  app.post(
    '/report/download/exchange',
    {
      config: { access: 'public', anonymous: true },
      schema: {
        tags,
        summary: 'Trade a report code for a download token (an HttpOnly cookie for that link)',
        body: reportCodeVerifySchema,
        response: { 200: reportDownloadGrantSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { linkID, code } = request.body;
      const { link, run } = await usableLink(linkID);
      const now = new Date();
      const row = await app.db
        .selectFrom('report_link_codes')
        .selectAll()
        .where('link_id', '=', link.link_id)
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .orderBy('created_at', 'desc')
        .executeTakeFirst();
      const wrong = async () => {
        await audit(request, 'reportLink.codeRejected', link);
        return new HttpError(400, 'reportDownload.errors.wrongCode', {}, { code: 'reportDownload.errors.wrongCode' });
      };
      if (!row) throw await wrong();
      // Counted before the comparison, refused past the limit in the same statement (mfaCodes.ts).
      const reserved = await app.db
        .updateTable('report_link_codes')
        .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
        .where('code_id', '=', row.code_id)
        .where('attempts', '<', MFA_CODE_POLICY.maxAttempts)
        .returning('attempts')
        .executeTakeFirst();
      if (!reserved) throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
      if (!safeEqual(row.code_hash, codeDigest(link.link_id, code))) {
        if (reserved.attempts >= MFA_CODE_POLICY.maxAttempts) {
          await audit(request, 'reportLink.codeLocked', link);
          throw new HttpError(429, TOO_MANY_ATTEMPTS_KEY);
        }
        throw await wrong();
      }
      const spent = await app.db
        .updateTable('report_link_codes')
        .set({ used_at: now })
        .where('code_id', '=', row.code_id)
        .where('used_at', 'is', null)
        .returning('code_id')
        .executeTakeFirst();
      if (!spent) throw await wrong();
      const expires = Math.min(now.getTime() + DOWNLOAD_TOKEN_MS, new Date(link.expires_at).getTime());
      reply.setCookie(DOWNLOAD_COOKIE, `${link.link_id}.${expires}.${tokenSignature(link.link_id, expires)}`, {
        ...cookieSecurity(app.config.publicUrl),
        httpOnly: true,
        path: DOWNLOAD_PATH,
        expires: new Date(expires),
      });
      await audit(request, 'reportLink.verified', link);
      return { expiresAt: new Date(expires).toISOString(), fileName: run.file_name!, runId: run.report_run_id };
    },
  );

  /** Whether the request carries this link's unexpired download token. */
  function hasToken(request: FastifyRequest, linkId: string): boolean {
    const [id, expires, signature] = (request.cookies[DOWNLOAD_COOKIE] ?? '').split('.');
    if (id !== linkId || !expires || !signature) return false;
    return Number(expires) > Date.now() && safeEqual(signature, tokenSignature(linkId, Number(expires)));
  }

  app.get(
    '/report/download/:linkID',
    {
      config: { access: 'credential', xsrf: false },
      schema: {
        tags,
        summary: "A linked report's file: for its owner signed in, or with the link's download token",
        params: closedObject({ linkID: requestReportCodeSchema.properties.linkID }),
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/pdf'],
        response: { 200: { description: 'The file', type: 'string' }, ...errors },
      },
    },
    async (request, reply) => {
      const { link, run } = await usableLink(request.params.linkID);
      const owner = request.auth !== null && request.auth?.user.user_id === run.user_id;
      const via = owner ? 'session' : hasToken(request, link.link_id) ? 'token' : null;
      if (!via) throw new HttpError(401, 'reportDownload.errors.codeRequired');
      await audit(request, 'reportRun.downloaded', link, { via: `link:${via}` });
      reply
        .header('Content-Type', run.content_type ?? 'application/octet-stream')
        .header('Content-Disposition', attachment(run.file_name!))
        .header('Cache-Control', 'no-store');
      if (run.size_bytes !== null) reply.header('Content-Length', String(run.size_bytes));
      return reply.send(files.reader(run.report_run_id) as unknown as string);
    },
  );
}
