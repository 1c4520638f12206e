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
import { checkHoliday, checkWindow } from '../../common/scheduleRules.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { accountSites } from './accountSite.js';
import { holidaysRepository } from './holidaysRepository.js';
import { schedulesRepository } from './schedulesRepository.js';
import { actorName, addRow, auditChange, changedFields, fieldList, invalid, removeRow, siteOfNew, siteRowsEntity } from './changes.js';

/**
 * Open/close schedules: weekly windows (/api/schedules) and holidays (/api/holidays),
 * simple-rest, filtered by site. Rules: src/common/scheduleRules.ts (a close differs from its
 * open, overnight allowed, no overlaps; one holiday per date, special times both or neither).
 * Audited with before and after; each change in the account's history.
 */
export async function schedulesRoutes(parent: FastifyInstance, { audience = DEALER_AUDIENCE }: { audience?: Audience } = {}) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const sites = accountSites(app.db);
  const schedules = schedulesRepository(app.db);
  const holidays = holidaysRepository(app.db);
  const user = (request: FastifyRequest) => request.auth!.user;

  async function findWindow(request: FastifyRequest, id: number) {
    const site = await schedules.siteOf(user(request), id);
    if (!site) return undefined;
    const all = await schedules.list(site.siteNum);
    return { site, all, window: all.find((s) => s.scheduleId === id)! };
  }
  async function findHoliday(request: FastifyRequest, id: number) {
    const site = await holidays.siteOf(user(request), id);
    if (!site) return undefined;
    const all = await holidays.list(site.siteNum);
    return { site, all, holiday: all.find((h) => h.holidayId === id)! };
  }
  const windowText = (request: FastifyRequest, key: string, s: { name: string }, fields?: string[]) =>
    request.t(`accountEdits.history.${key}`, {
      name: s.name,
      user: actorName(request),
      fields: fields && fieldList(request, 'accountEdits.schedules.fields', fields),
    });
  const holidayText = (request: FastifyRequest, key: string, h: { name: string; date: string }, fields?: string[]) =>
    request.t(`accountEdits.history.${key}`, {
      name: h.name,
      date: h.date,
      user: actorName(request),
      fields: fields && fieldList(request, 'accountEdits.holidays.fields', fields),
    });

  // Weekly windows.
  await simpleRestRoutes<Schedule, ScheduleFilter, 'id', ScheduleInput>(app, {
    ...siteRowsEntity(sites, audience, 'schedules', schedules.page),
    tags: ['schedules'],
    record: scheduleSchema,
    filter: scheduleFilterSchema,
    summaries: {
      list: 'An account\'s weekly open/close windows (filter={"siteNum":N}), or windows by id (filter={"id":[..]}); sort: id',
      one: 'One window',
    },
    one: async (id, request) => (await findWindow(request, Number(id)))?.window,
    create: {
      summary: 'Add a weekly window',
      body: scheduleInputSchema,
      handler: async (body, request) => {
        const site = await siteOfNew(sites, request, body.siteNum);
        const values = { name: body.name.trim(), dayOfWeek: body.dayOfWeek, opensAt: body.opensAt, closesAt: body.closesAt };
        const problems = checkWindow(values, await schedules.list(site.siteNum));
        if (Object.keys(problems).length) throw invalid(problems);
        return addRow(app, request, site, {
          action: 'schedule.created',
          targetType: 'schedule',
          history: windowText(request, 'scheduleAdded', values),
          add: (history) => schedules.create(site, values, history),
        });
      },
    },
    update: {
      summary: 'Change a weekly window',
      body: scheduleInputSchema,
      handler: async (id, body, request) => {
        const found = await findWindow(request, Number(id));
        if (!found) return undefined;
        const { site, all, window: before } = found;
        const values = { name: body.name.trim(), dayOfWeek: body.dayOfWeek, opensAt: body.opensAt, closesAt: body.closesAt };
        const problems = checkWindow({ scheduleId: before.scheduleId, ...values }, all);
        if (Object.keys(problems).length) throw invalid(problems);
        const fields = changedFields<Schedule>(before, { ...before, ...values }, ['dayOfWeek', 'name', 'opensAt', 'closesAt']);
        const after = await schedules.update(
          site,
          before.scheduleId,
          values,
          fields.length ? { description: windowText(request, 'scheduleUpdated', values, fields) } : undefined,
        );
        await auditChange(app, request, {
          action: 'schedule.updated',
          site,
          targetType: 'schedule',
          targetId: after.scheduleId,
          before,
          after,
        });
        return after;
      },
    },
    delete: {
      summary: 'Remove a weekly window; answers it',
      handler: async (id, request) => {
        const found = await findWindow(request, Number(id));
        return removeRow(app, request, found && { site: found.site, row: found.window }, {
          action: 'schedule.deleted',
          targetType: 'schedule',
          history: (window) => windowText(request, 'scheduleRemoved', window),
          remove: (site, window, history) => schedules.delete(site, window.scheduleId, history),
        });
      },
    },
  });

  // Holidays.
  const holidayValues = (body: { date: string; name: string; opensAt?: string | null; closesAt?: string | null }) => ({
    date: body.date,
    name: body.name.trim(),
    opensAt: body.opensAt || null,
    closesAt: body.closesAt || null,
  });
  await simpleRestRoutes<Holiday, HolidayFilter, 'id', HolidayInput>(app, {
    ...siteRowsEntity(sites, audience, 'holidays', holidays.page),
    tags: ['schedules'],
    record: holidaySchema,
    filter: holidayFilterSchema,
    summaries: {
      list: 'An account\'s holidays, by date (filter={"siteNum":N}), or holidays by id (filter={"id":[..]}); sort: id',
      one: 'One holiday',
    },
    one: async (id, request) => (await findHoliday(request, Number(id)))?.holiday,
    create: {
      summary: 'Add a holiday: closed all day, or open at special times',
      body: holidayInputSchema,
      handler: async (body, request) => {
        const site = await siteOfNew(sites, request, body.siteNum);
        const values = holidayValues(body);
        const problems = checkHoliday(values, await holidays.list(site.siteNum));
        if (Object.keys(problems).length) throw invalid(problems);
        return addRow(app, request, site, {
          action: 'holiday.created',
          targetType: 'holiday',
          history: holidayText(request, 'holidayAdded', values),
          add: (history) => holidays.create(site, values, history),
        });
      },
    },
    update: {
      summary: 'Change a holiday',
      body: holidayInputSchema,
      handler: async (id, body, request) => {
        const found = await findHoliday(request, Number(id));
        if (!found) return undefined;
        const { site, all, holiday: before } = found;
        const values = holidayValues(body);
        const problems = checkHoliday({ holidayId: before.holidayId, ...values }, all);
        if (Object.keys(problems).length) throw invalid(problems);
        const fields = changedFields<Holiday>(before, { ...before, ...values }, ['date', 'name', 'opensAt', 'closesAt']);
        const after = await holidays.update(
          site,
          before.holidayId,
          values,
          fields.length ? { description: holidayText(request, 'holidayUpdated', values, fields) } : undefined,
        );
        await auditChange(app, request, {
          action: 'holiday.updated',
          site,
          targetType: 'holiday',
          targetId: after.holidayId,
          before,
          after,
        });
        return after;
      },
    },
    delete: {
      summary: 'Remove a holiday; answers it',
      handler: async (id, request) => {
        const found = await findHoliday(request, Number(id));
        return removeRow(app, request, found && { site: found.site, row: found.holiday }, {
          action: 'holiday.deleted',
          targetType: 'holiday',
          history: (holiday) => holidayText(request, 'holidayRemoved', holiday),
          remove: (site, holiday, history) => holidays.delete(site, holiday.holidayId, history),
        });
      },
    },
  });
}
