import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorSchema } from '../../../schemas/shared.js';
import type { HistoryChange } from '../db/accountHistory.js';
import type { ScopeUser } from '../db/siteScope.js';
import { audienceAccess, siteRowsList, type Audience, type SiteResource } from '../http/audience.js';
import { HttpError } from '../http/errors.js';
import type { ListQuery } from '../http/simpleRest.js';
import type { AccountSites, EditSite } from './accountSite.js';
import type { AuditAction } from '../../common/auditActions.js';
import type { AuditTargetType } from '../../common/auditTargets.js';

/** What every account edit shares: the audit entry with before and after, the changed fields, the route factory's settings. */

/** The fields whose values differ between two records (in `fields` order). */
export function changedFields<T extends object>(before: T, after: T, fields: readonly (keyof T)[]): (keyof T & string)[] {
  return fields.filter((f) => JSON.stringify(before[f]) !== JSON.stringify(after[f])) as (keyof T & string)[];
}

/** The audit entry of an account edit: who (from the request), which site, before and after (secrets already masked). */
export async function auditChange(
  app: FastifyInstance,
  request: FastifyRequest,
  entry: { action: AuditAction; site: EditSite; targetType: AuditTargetType; targetId: string | number; before: unknown; after: unknown },
): Promise<void> {
  await app.audit(request, {
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId,
    details: { siteNum: entry.site.siteNum, before: entry.before, after: entry.after },
  });
}

/** What the audit keeps of a row of one of the account's tables (its secrets masked), and which entry it writes. */
interface RowAudit<T> {
  action: AuditAction;
  targetType: AuditTargetType;
  /** The row as the audit keeps it; the row itself unless said. */
  audited?(row: T): unknown;
}

/**
 * Adds a row to one of an account's tables: the insert with its line in the history (`history`, the
 * line's text), then the audit entry of what it is. Answers the row.
 */
export async function addRow<T extends { id: number | string }>(
  app: FastifyInstance,
  request: FastifyRequest,
  site: EditSite,
  addition: RowAudit<T> & { history: string; add(history: HistoryChange): Promise<T> },
): Promise<T> {
  const row = await addition.add({ description: addition.history });
  const after = addition.audited ? addition.audited(row) : row;
  await auditChange(app, request, {
    action: addition.action,
    site,
    targetType: addition.targetType,
    targetId: row.id,
    before: null,
    after,
  });
  return row;
}

/**
 * Removes one of an account's rows, found in the user's scope: the delete with its line in the
 * history (`history`, the line's text), then the audit entry of what it was (`audited`: the row as
 * the audit keeps it, secrets masked). Answers the row; undefined when it was not found.
 */
export async function removeRow<T extends { id: number | string }>(
  app: FastifyInstance,
  request: FastifyRequest,
  found: { site: EditSite; row: T } | undefined,
  removal: RowAudit<T> & { history(row: T): string; remove(site: EditSite, row: T, history: HistoryChange): Promise<void> },
): Promise<T | undefined> {
  if (!found) return undefined;
  const { site, row } = found;
  await removal.remove(site, row, { description: removal.history(row) });
  const before = removal.audited ? removal.audited(row) : row;
  await auditChange(app, request, { action: removal.action, site, targetType: removal.targetType, targetId: row.id, before, after: null });
  return row;
}

/** A 400 with a message per field (the rules' locale keys), as a schema 400 answers. */
export function invalid(errors: Record<string, string>): HttpError {
  return new HttpError(400, 'validation.invalidForm', {}, errors);
}

/** The signed-in user's name, for the history's 'changed by'. */
export const actorName = (request: FastifyRequest) => request.auth!.user.username;

/** The field names of a change, in the request's language, for the history line. */
export function fieldList(request: FastifyRequest, prefix: string, fields: readonly string[]): string {
  return fields.map((f) => request.t(`${prefix}.${f}`)).join(', ');
}

/**
 * The route factory's settings every account sub-resource shares (contacts, zones, passcodes,
 * schedules, holidays), for one audience: its path, the access table's entry (the dealer's
 * <name>, the customer's msa<Name>), `id` as its only sort, the 404 on every route, and its list:
 * the account's rows (the customer's active account by default) or getMany's, a page of `page`.
 */
export function siteRowsEntity<F extends { siteNum?: number }, R>(
  sites: AccountSites,
  audience: Audience,
  name: SiteResource,
  page: (user: ScopeUser, query: ListQuery<F, 'id'>) => Promise<{ items: R[]; total: number }>,
) {
  return {
    path: name,
    resource: audienceAccess(audience, name, 'list').resource,
    sortFields: ['id'] as const,
    errors: { 404: errorSchema },
    ...siteRowsList(audience, { reachable: sites.site, notFound: 'errors.notFound', page }),
  };
}

export const notFound = () => new HttpError(404, 'errors.notFound');

/** The account a new row is added to: the body's siteNum (required), within the user's scope (else 404, as a missing one). */
export async function siteOfNew(sites: AccountSites, request: FastifyRequest, siteNum: number | undefined): Promise<EditSite> {
  if (siteNum === undefined) throw invalid({ siteNum: 'validation.required' });
  const site = await sites.site(request.auth!.user, siteNum);
  if (!site) throw notFound();
  return site;
}
