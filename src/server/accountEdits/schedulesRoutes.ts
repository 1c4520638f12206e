import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { audienceAccess, DEALER_AUDIENCE, withDefaultSite, type Audience } from '../http/audience.js';
import {
  holidayFilterSchema,
  holidayInputSchema,
  holidaySchema,
  scheduleFilterSchema,
  scheduleInputSchema,
  scheduleSchema,
  type Holiday,
  type HolidayFilter,
  type Schedule,
  type ScheduleFilter,
} from '../../../schemas/schedules.js';
import { errorSchema, INT4_MAX, validationErrorSchema } from '../../../schemas/shared.js';
import { checkHoliday, checkWindow } from '../../common/scheduleRules.js';
import { accountSites } from './accountSite.js';
import { holidaysRepository } from './holidaysRepository.js';
import { schedulesRepository } from './schedulesRepository.js';
import { actorName, auditChange, changedFields, fieldList, invalid, listAnswer, listQuery, notFound } from './changes.js';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: INT4_MAX } } } as const;
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };

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
  const windowList = listAnswer<ScheduleFilter>(scheduleFilterSchema);
  const holidayList = listAnswer<HolidayFilter>(holidayFilterSchema);
  const user = (request: FastifyRequest) => request.auth!.user;

  async function findWindow(request: FastifyRequest, id: number) {
    const site = await schedules.siteOf(user(request), id);
    if (!site) throw notFound();
    const all = await schedules.list(site.siteNum);
    return { site, all, window: all.find((s) => s.scheduleId === id)! };
  }
  async function findHoliday(request: FastifyRequest, id: number) {
    const site = await holidays.siteOf(user(request), id);
    if (!site) throw notFound();
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
  app.get(
    '/schedules',
    {
      config: { access: audienceAccess(audience, 'schedules', 'list') },
      schema: {
        tags: ['schedules'],
        summary: 'An account\'s weekly open/close windows (filter={"siteNum":N})',
        querystring: listQuery,
        response: { 200: { type: 'array', items: scheduleSchema }, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { filter, offset, limit } = windowList.filter(await withDefaultSite(audience, request.auth!.user, request.query));
      if (!(await sites.site(user(request), filter.siteNum))) throw notFound();
      return windowList.send(reply, 'schedules', await schedules.list(filter.siteNum), offset, limit);
    },
  );
  app.get(
    '/schedules/:id',
    {
      config: { access: audienceAccess(audience, 'schedules', 'show') },
      schema: { tags: ['schedules'], summary: 'One window', params: idParams, response: { 200: scheduleSchema, ...errors } },
    },
    async (request) => (await findWindow(request, request.params.id)).window,
  );
  app.post(
    '/schedules',
    {
      config: { access: audienceAccess(audience, 'schedules', 'create') },
      schema: {
        tags: ['schedules'],
        summary: 'Add a weekly window',
        body: scheduleInputSchema,
        response: { 201: scheduleSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.siteNum === undefined) throw invalid({ siteNum: 'validation.required' });
      const site = await sites.site(user(request), body.siteNum);
      if (!site) throw notFound();
      const values = { name: body.name.trim(), dayOfWeek: body.dayOfWeek, opensAt: body.opensAt, closesAt: body.closesAt };
      const problems = checkWindow(values, await schedules.list(site.siteNum));
      if (Object.keys(problems).length) throw invalid(problems);
      const created = await schedules.create(site, values, { description: windowText(request, 'scheduleAdded', values) });
      await auditChange(app, request, {
        action: 'schedule.created',
        site,
        targetType: 'schedule',
        targetId: created.scheduleId,
        before: null,
        after: created,
      });
      reply.status(201);
      return created;
    },
  );
  app.put(
    '/schedules/:id',
    {
      config: { access: audienceAccess(audience, 'schedules', 'edit') },
      schema: {
        tags: ['schedules'],
        summary: 'Change a weekly window',
        params: idParams,
        body: scheduleInputSchema,
        response: { 200: scheduleSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { site, all, window: before } = await findWindow(request, request.params.id);
      const body = request.body;
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
  );
  app.delete(
    '/schedules/:id',
    {
      config: { access: audienceAccess(audience, 'schedules', 'delete') },
      schema: {
        tags: ['schedules'],
        summary: 'Remove a weekly window; answers it',
        params: idParams,
        response: { 200: scheduleSchema, ...errors },
      },
    },
    async (request) => {
      const { site, window } = await findWindow(request, request.params.id);
      await schedules.delete(site, window.scheduleId, { description: windowText(request, 'scheduleRemoved', window) });
      await auditChange(app, request, {
        action: 'schedule.deleted',
        site,
        targetType: 'schedule',
        targetId: window.scheduleId,
        before: window,
        after: null,
      });
      return window;
    },
  );

  // Holidays.
  const holidayValues = (body: { date: string; name: string; opensAt?: string | null; closesAt?: string | null }) => ({
    date: body.date,
    name: body.name.trim(),
    opensAt: body.opensAt || null,
    closesAt: body.closesAt || null,
  });
  app.get(
    '/holidays',
    {
      config: { access: audienceAccess(audience, 'holidays', 'list') },
      schema: {
        tags: ['schedules'],
        summary: 'An account\'s holidays, by date (filter={"siteNum":N})',
        querystring: listQuery,
        response: { 200: { type: 'array', items: holidaySchema }, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { filter, offset, limit } = holidayList.filter(await withDefaultSite(audience, request.auth!.user, request.query));
      if (!(await sites.site(user(request), filter.siteNum))) throw notFound();
      return holidayList.send(reply, 'holidays', await holidays.list(filter.siteNum), offset, limit);
    },
  );
  app.get(
    '/holidays/:id',
    {
      config: { access: audienceAccess(audience, 'holidays', 'show') },
      schema: { tags: ['schedules'], summary: 'One holiday', params: idParams, response: { 200: holidaySchema, ...errors } },
    },
    async (request) => (await findHoliday(request, request.params.id)).holiday,
  );
  app.post(
    '/holidays',
    {
      config: { access: audienceAccess(audience, 'holidays', 'create') },
      schema: {
        tags: ['schedules'],
        summary: 'Add a holiday: closed all day, or open at special times',
        body: holidayInputSchema,
        response: { 201: holidaySchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.siteNum === undefined) throw invalid({ siteNum: 'validation.required' });
      const site = await sites.site(user(request), body.siteNum);
      if (!site) throw notFound();
      const values = holidayValues(body);
      const problems = checkHoliday(values, await holidays.list(site.siteNum));
      if (Object.keys(problems).length) throw invalid(problems);
      const created = await holidays.create(site, values, { description: holidayText(request, 'holidayAdded', values) });
      await auditChange(app, request, {
        action: 'holiday.created',
        site,
        targetType: 'holiday',
        targetId: created.holidayId,
        before: null,
        after: created,
      });
      reply.status(201);
      return created;
    },
  );
  app.put(
    '/holidays/:id',
    {
      config: { access: audienceAccess(audience, 'holidays', 'edit') },
      schema: {
        tags: ['schedules'],
        summary: 'Change a holiday',
        params: idParams,
        body: holidayInputSchema,
        response: { 200: holidaySchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { site, all, holiday: before } = await findHoliday(request, request.params.id);
      const values = holidayValues(request.body);
      const problems = checkHoliday({ holidayId: before.holidayId, ...values }, all);
      if (Object.keys(problems).length) throw invalid(problems);
      const fields = changedFields<Holiday>(before, { ...before, ...values }, ['date', 'name', 'opensAt', 'closesAt']);
      const after = await holidays.update(
        site,
        before.holidayId,
        values,
        fields.length ? { description: holidayText(request, 'holidayUpdated', values, fields) } : undefined,
      );
      await auditChange(app, request, { action: 'holiday.updated', site, targetType: 'holiday', targetId: after.holidayId, before, after });
      return after;
    },
  );
  app.delete(
    '/holidays/:id',
    {
      config: { access: audienceAccess(audience, 'holidays', 'delete') },
      schema: {
        tags: ['schedules'],
        summary: 'Remove a holiday; answers it',
        params: idParams,
        response: { 200: holidaySchema, ...errors },
      },
    },
    async (request) => {
      const { site, holiday } = await findHoliday(request, request.params.id);
      await holidays.delete(site, holiday.holidayId, { description: holidayText(request, 'holidayRemoved', holiday) });
      await auditChange(app, request, {
        action: 'holiday.deleted',
        site,
        targetType: 'holiday',
        targetId: holiday.holidayId,
        before: holiday,
        after: null,
      });
      return holiday;
    },
  );
}
