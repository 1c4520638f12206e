import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { DEALER_AUDIENCE, type Audience } from '../http/audience.js';
import {
  holidayFilterSchema,
  holidayInputSchema,
  holidaySchema,
  scheduleFilterSchema,
  scheduleInputSchema,
  scheduleSchema,
  type Holiday,
  type HolidayFilter,
  type HolidayInput,
  type Schedule,
  type ScheduleFilter,
  type ScheduleInput,
} from '../../../schemas/schedules.js';
import type { AuditAction } from '../../common/auditActions.js';
import { checkHoliday, checkWindow } from '../../common/scheduleRules.js';
import type { HistoryChange } from '../db/accountHistory.js';
import type { ScopeUser, SiteRowsFilter } from '../db/siteScope.js';
import type { ListQuery } from '../http/simpleRest.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { accountSites, type EditSite } from './accountSite.js';
import { holidaysRepository, type HolidayValues } from './holidaysRepository.js';
import { schedulesRepository, type ScheduleValues } from './schedulesRepository.js';
import { actorName, addRow, auditChange, changedFields, fieldList, invalid, removeRow, siteOfNew, siteRowsEntity } from './changes.js';

/** The repository of a table of open/close rows (siteRows): a window's or a holiday's. */
interface OpenCloseRepository<V, R> {
  siteOf(user: ScopeUser, id: number): Promise<EditSite | undefined>;
  list(siteNum: number): Promise<R[]>;
  page(user: ScopeUser, query: ListQuery<SiteRowsFilter, 'id'>): Promise<{ items: R[]; total: number }>;
  create(target: EditSite, values: V, history: HistoryChange): Promise<R>;
  update(target: EditSite, id: number, values: V, history: HistoryChange | undefined): Promise<R>;
  delete(target: EditSite, id: number, history: HistoryChange): Promise<void>;
}

/** What tells weekly windows from holidays; the routes, the rules' check, the history and the audit are the same. */
interface OpenCloseRows<R extends { id: number }, I extends { siteNum?: number }, V> {
  /** The path, the access table's entry and the locale folder of the field names (accountEdits.<name>.fields). */
  name: 'schedules' | 'holidays';
  /** The audit's action and target type (<noun>.created, …) and the history's keys (<noun>Added, …). */
  noun: 'schedule' | 'holiday';
  repository: OpenCloseRepository<V, R>;
  record: Record<string, unknown>;
  filter: Record<string, unknown>;
  body: Record<string, unknown>;
  summaries: { list: string; one: string; create: string; update: string; delete: string };
  values(body: I): V;
  /** The rules' problems with `values` among the account's rows; `before`, the row they change. */
  problems(values: V, all: R[], before?: R): Record<string, string>;
  /** The fields a change compares, in the history's order. */
  fields: readonly (keyof R & keyof V)[];
  /** The history line's parameters of a row (its name; a holiday's date too). */
  describe(row: V | R): Record<string, string>;
}

/**
 * Open/close schedules: weekly windows (/api/schedules) and holidays (/api/holidays),
 * simple-rest, filtered by site. Rules: src/common/scheduleRules.ts (a close differs from its
 * open, overnight allowed, no overlaps; one holiday per date, special times both or neither).
 * Audited with before and after; each change in the account's history.
 */
export async function schedulesRoutes(parent: FastifyInstance, { audience = DEALER_AUDIENCE }: { audience?: Audience } = {}) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const sites = accountSites(app.db);

  async function openCloseRoutes<R extends { id: number }, F extends SiteRowsFilter, I extends { siteNum?: number }, V>(
    rows: OpenCloseRows<R, I, V>,
  ) {
    const { name, noun, repository } = rows;
    const action = (verb: 'created' | 'updated' | 'deleted') => `${noun}.${verb}` as AuditAction;
    async function find(request: FastifyRequest, id: number) {
      const site = await repository.siteOf(request.auth!.user, id);
      if (!site) return undefined;
      const all = await repository.list(site.siteNum);
      return { site, all, row: all.find((r) => r.id === id)! };
    }
    const text = (request: FastifyRequest, change: 'Added' | 'Updated' | 'Removed', row: V | R, fields?: string[]) =>
      request.t(`accountEdits.history.${noun}${change}`, {
        ...rows.describe(row),
        user: actorName(request),
        fields: fields && fieldList(request, `accountEdits.${name}.fields`, fields),
      });
    const checked = (values: V, all: R[], before?: R) => {
      const problems = rows.problems(values, all, before);
      if (Object.keys(problems).length) throw invalid(problems);
      return values;
    };

    await simpleRestRoutes<R, F, 'id', I>(app, {
      ...siteRowsEntity(sites, audience, name, repository.page),
      tags: ['schedules'],
      record: rows.record,
      filter: rows.filter,
      summaries: { list: rows.summaries.list, one: rows.summaries.one },
      one: async (id, request) => (await find(request, Number(id)))?.row,
      create: {
        summary: rows.summaries.create,
        body: rows.body,
        handler: async (body, request) => {
          const site = await siteOfNew(sites, request, body.siteNum);
          const values = checked(rows.values(body), await repository.list(site.siteNum));
          return addRow(app, request, site, {
            action: action('created'),
            targetType: noun,
            history: text(request, 'Added', values),
            add: (history) => repository.create(site, values, history),
          });
        },
      },
      update: {
        summary: rows.summaries.update,
        body: rows.body,
        handler: async (id, body, request) => {
          const found = await find(request, Number(id));
          if (!found) return undefined;
          const { site, all, row: before } = found;
          const values = checked(rows.values(body), all, before);
          const fields = changedFields<R>(before, { ...before, ...values }, rows.fields);
          const after = await repository.update(
            site,
            before.id,
            values,
            fields.length ? { description: text(request, 'Updated', values, fields) } : undefined,
          );
          await auditChange(app, request, { action: action('updated'), site, targetType: noun, targetId: after.id, before, after });
          return after;
        },
      },
      delete: {
        summary: rows.summaries.delete,
        handler: async (id, request) => {
          const found = await find(request, Number(id));
          return removeRow(app, request, found && { site: found.site, row: found.row }, {
            action: action('deleted'),
            targetType: noun,
            history: (row) => text(request, 'Removed', row),
            remove: (site, row, history) => repository.delete(site, row.id, history),
          });
        },
      },
    });
  }

  await openCloseRoutes<Schedule, ScheduleFilter, ScheduleInput, ScheduleValues>({
    name: 'schedules',
    noun: 'schedule',
    repository: schedulesRepository(app.db),
    record: scheduleSchema,
    filter: scheduleFilterSchema,
    body: scheduleInputSchema,
    summaries: {
      list: 'An account\'s weekly open/close windows (filter={"siteNum":N}), or windows by id (filter={"id":[..]}); sort: id',
      one: 'One window',
      create: 'Add a weekly window',
      update: 'Change a weekly window',
      delete: 'Remove a weekly window; answers it',
    },
    values: (body) => ({ name: body.name.trim(), dayOfWeek: body.dayOfWeek, opensAt: body.opensAt, closesAt: body.closesAt }),
    problems: (values, all, before) => checkWindow({ scheduleId: before?.scheduleId, ...values }, all),
    fields: ['dayOfWeek', 'name', 'opensAt', 'closesAt'],
    describe: (window) => ({ name: window.name }),
  });

  await openCloseRoutes<Holiday, HolidayFilter, HolidayInput, HolidayValues>({
    name: 'holidays',
    noun: 'holiday',
    repository: holidaysRepository(app.db),
    record: holidaySchema,
    filter: holidayFilterSchema,
    body: holidayInputSchema,
    summaries: {
      list: 'An account\'s holidays, by date (filter={"siteNum":N}), or holidays by id (filter={"id":[..]}); sort: id',
      one: 'One holiday',
      create: 'Add a holiday: closed all day, or open at special times',
      update: 'Change a holiday',
      delete: 'Remove a holiday; answers it',
    },
    values: (body) => ({ date: body.date, name: body.name.trim(), opensAt: body.opensAt || null, closesAt: body.closesAt || null }),
    problems: (values, all, before) => checkHoliday({ holidayId: before?.holidayId, ...values }, all),
    fields: ['date', 'name', 'opensAt', 'closesAt'],
    describe: (holiday) => ({ name: holiday.name, date: holiday.date }),
  });
}
