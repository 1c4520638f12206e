import type { FastifyInstance } from 'fastify';
import {
  onCallFilterSchema,
  onCallInputSchema,
  onCallSchema,
  rotaFindingsSchema,
  type OnCallEntry,
  type OnCallFilter,
  type OnCallInput,
} from '../../../schemas/ansService.js';
import { findGapsAndConflicts, mondayOf, onCallTimeProblem, weekRange } from '../../common/ansService.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { businessHoursRepository } from './businessHoursRepository.js';
import { onCallRepository } from './onCallRepository.js';
import { ansContext, EMAIL, errors, groupResource, invalid, PHONE, tags } from './ansShared.js';

const findingsQuerystring = {
  type: 'object',
  properties: { week: { type: 'string', format: 'date' } },
} as const;

/** The on-call rota (/ans-service/on-call): entries, recurring weekly or once, and the week's gaps and conflicts. */
export async function onCallRoutes(parent: FastifyInstance) {
  const { app, groupOf, audit } = ansContext(parent);
  const onCall = onCallRepository(app.db);
  const hours = businessHoursRepository(app.db);

  function checkOnCall(body: OnCallInput) {
    const problem = onCallTimeProblem(body);
    if (problem) throw invalid({ endsAt: `ansService.errors.${problem}` });
    const bad = body.contactMethods.findIndex((m) => (m.type === 'email' ? !EMAIL.test(m.value.trim()) : !PHONE.test(m.value.trim())));
    if (bad >= 0) throw invalid({ [`contactMethods.${bad}.value`]: 'ansService.errors.contactValue' });
  }

  app.get(
    '/onCall/findings',
    {
      config: { access: { resource: 'onCall', action: 'list' } },
      schema: {
        tags,
        summary: "Gaps and conflicts of the rota over a week (week: its Monday, 'yyyy-MM-dd'; default this week) in the group's zone",
        querystring: findingsQuerystring,
        response: { 200: rotaFindingsSchema, ...errors },
      },
    },
    async (request) => {
      const group = groupOf(request);
      const timeZone = await hours.timeZone(group);
      const { from, to } = weekRange(request.query.week ?? mondayOf(new Date(), timeZone), timeZone);
      const entries = await onCall.all(group);
      const { gaps, conflicts } = findGapsAndConflicts(entries, from, to, timeZone);
      const out = (d: Date) => d.toISOString();
      return {
        from: out(from),
        to: out(to),
        timeZone,
        gaps: gaps.map((g) => ({ start: out(g.start), end: out(g.end) })),
        conflicts: conflicts.map((c) => ({ start: out(c.start), end: out(c.end), entryIds: c.entryIds })),
      };
    },
  );

  await simpleRestRoutes<OnCallEntry, OnCallFilter, 'id', OnCallInput>(app, {
    path: 'onCall',
    resource: 'onCall',
    tags,
    record: onCallSchema,
    filter: onCallFilterSchema,
    summaries: { list: 'The on-call rota, by start, or by id when sorted (filter: q, id)', one: 'One on-call entry' },
    ...groupResource({ groupOf, audit }, onCall, {
      body: onCallInputSchema,
      prefix: 'onCall',
      targetType: 'ans_on_call',
      check: (_group, input) => checkOnCall(input),
      summaries: {
        create: 'Add an on-call entry; audited',
        update: 'Change an on-call entry; audited',
        delete: 'Remove an on-call entry; audited',
      },
    }),
  });
}
