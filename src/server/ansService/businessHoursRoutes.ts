import type { FastifyInstance } from 'fastify';
import {
  businessHoursInputSchema,
  businessHoursSchema,
  hoursExceptionFilterSchema,
  hoursExceptionInputSchema,
  hoursExceptionSchema,
  type HoursException,
  type HoursExceptionFilter,
  type HoursExceptionInput,
} from '../../../schemas/ansService.js';
import { validationErrorSchema } from '../../../schemas/shared.js';
import { exceptionProblem } from '../../common/ansService.js';
import { isTimeZone } from '../../common/timeZone.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { businessHoursRepository } from './businessHoursRepository.js';
import { ansContext, errors, groupResource, invalid, tags } from './ansShared.js';

/** The week's business hours and dated exceptions (/ans-service/business-hours and temp-business-hours), in the group's zone. */
export async function businessHoursRoutes(parent: FastifyInstance) {
  const { app, groupOf, audit } = ansContext(parent);
  const hours = businessHoursRepository(app.db);

  app.get(
    '/businessHours',
    {
      config: { access: { resource: 'businessHours', action: 'show' } },
      schema: {
        tags,
        summary: "The week's hours in the group's time zone, and whether the office is open now",
        response: { 200: businessHoursSchema, ...errors },
      },
    },
    async (request) => hours.week(groupOf(request)),
  );

  app.put(
    '/businessHours',
    {
      config: { access: { resource: 'businessHours', action: 'edit' } },
      schema: {
        tags,
        summary: "Set the week's hours and the time zone; audited",
        body: businessHoursInputSchema,
        response: { 200: businessHoursSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request) => {
      const group = groupOf(request);
      const { timeZone, days } = request.body;
      if (!isTimeZone(timeZone)) throw invalid({ timeZone: 'ansService.errors.timeZone' });
      if (new Set(days.map((d) => d.dayOfWeek)).size !== 7) throw invalid({ days: 'ansService.errors.days' });
      const before = await hours.week(group);
      await hours.saveWeek(group, timeZone, days);
      const after = await hours.week(group);
      await audit(request, 'businessHours.updated', 'account_group', group, {
        before: { timeZone: before.timeZone, days: before.days },
        after: { timeZone: after.timeZone, days: after.days },
      });
      return after;
    },
  );

  function checkException(body: HoursExceptionInput) {
    const problem = exceptionProblem(body);
    if (problem === 'endBeforeStart') throw invalid({ endDate: 'ansService.errors.endBeforeStart' });
    if (problem) throw invalid({ [body.opensAt ? 'closesAt' : 'opensAt']: 'ansService.errors.hoursRequired' });
  }

  const exceptions = {
    list: hours.listExceptions,
    get: hours.getException,
    create: hours.createException,
    update: hours.updateException,
    remove: hours.removeException,
  };
  await simpleRestRoutes<HoursException, HoursExceptionFilter, 'id', HoursExceptionInput>(app, {
    path: 'businessHours/exceptions',
    resource: 'businessHours',
    tags,
    record: hoursExceptionSchema,
    filter: hoursExceptionFilterSchema,
    summaries: {
      list: 'Dated exceptions (holidays, closures, special hours), by date, or by id when sorted (filter: from = ending on or after, id)',
      one: 'One dated exception',
    },
    ...groupResource({ groupOf, audit }, exceptions, {
      body: hoursExceptionInputSchema,
      prefix: 'hoursException',
      targetType: 'ans_hours_exception',
      check: (_group, input) => checkException(input),
      summaries: {
        create: 'Add a dated exception; audited',
        update: 'Change a dated exception; audited',
        delete: 'Remove a dated exception; audited',
      },
    }),
  });
}
