import type { FastifyInstance } from 'fastify';
import {
  autoNotifyFilterSchema,
  autoNotifyInputSchema,
  autoNotifySchema,
  autoNotifyTestResultSchema,
  type AutoNotifyFilter,
  type AutoNotifyInput,
} from '../../../schemas/ansService.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { compileCached } from '../../common/validation.js';
import { contentRange, listQuerystringSchema, parseListQuery } from '../http/simpleRest.js';
import { autoNotifyRepository } from './autoNotifyRepository.js';
import { ansContext, EMAIL, errors, fixedOrder, idParams, invalid, notFound, PHONE, tags } from './ansShared.js';

/** Auto-notify rules (/ans-service/auto-notify): when a message of a kind arrives for accounts, notify someone by email or text; Send test. */
export async function autoNotifyRoutes(parent: FastifyInstance) {
  const { app, groupOf, audit } = ansContext(parent);
  const rules = autoNotifyRepository(app.db);
  const validateRuleFilter = compileCached(autoNotifyFilterSchema);

  async function checkRule(group: number, body: AutoNotifyInput) {
    const destination = body.destination.trim();
    if (body.channel === 'email' ? !EMAIL.test(destination) : !PHONE.test(destination)) {
      throw invalid({ destination: `ansService.errors.${body.channel === 'email' ? 'email' : 'phone'}` });
    }
    if ((await rules.foreignSites(group, body.siteNums)).length) throw invalid({ siteNums: 'ansService.errors.foreignSite' });
  }

  app.get(
    '/autoNotify',
    {
      config: { access: { resource: 'autoNotify', action: 'list' } },
      schema: {
        tags,
        summary: 'Auto-notify rules, by name (filter: kind, id)',
        querystring: listQuerystringSchema,
        response: { 200: { type: 'array', items: autoNotifySchema }, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const group = await groupOf(request);
      const query = parseListQuery<AutoNotifyFilter, never>(fixedOrder(request.query), {
        sortFields: [],
        validateFilter: validateRuleFilter,
      });
      const all = await rules.list(group, query.filter);
      const rows = all.slice(query.offset, query.offset + query.limit);
      reply.header('Content-Range', contentRange('autoNotify', query.offset, rows.length, all.length));
      return rows;
    },
  );

  app.get(
    '/autoNotify/:id',
    {
      config: { access: { resource: 'autoNotify', action: 'show' } },
      schema: { tags, summary: 'One auto-notify rule', params: idParams, response: { 200: autoNotifySchema, ...errors } },
    },
    async (request) => {
      const rule = await rules.get(await groupOf(request), request.params.id);
      if (!rule) throw notFound();
      return rule;
    },
  );

  app.post(
    '/autoNotify',
    {
      config: { access: { resource: 'autoNotify', action: 'create' } },
      schema: {
        tags,
        summary: 'Add an auto-notify rule (accounts of the group only); audited',
        body: autoNotifyInputSchema,
        response: { 201: autoNotifySchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const group = await groupOf(request);
      await checkRule(group, request.body);
      const after = await rules.create(group, request.body);
      await audit(request, 'autoNotify.created', 'ans_auto_notify', after.id, { after });
      reply.code(201);
      return after;
    },
  );

  app.put(
    '/autoNotify/:id',
    {
      config: { access: { resource: 'autoNotify', action: 'edit' } },
      schema: {
        tags,
        summary: 'Change an auto-notify rule; audited',
        params: idParams,
        body: autoNotifyInputSchema,
        response: { 200: autoNotifySchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request) => {
      const group = await groupOf(request);
      const before = await rules.get(group, request.params.id);
      if (!before) throw notFound();
      await checkRule(group, request.body);
      const after = (await rules.update(group, before.id, request.body))!;
      await audit(request, 'autoNotify.updated', 'ans_auto_notify', after.id, { before, after });
      return after;
    },
  );

  app.delete(
    '/autoNotify/:id',
    {
      config: { access: { resource: 'autoNotify', action: 'delete' } },
      schema: { tags, summary: 'Remove an auto-notify rule; audited', params: idParams, response: { 200: autoNotifySchema, ...errors } },
    },
    async (request) => {
      const before = await rules.remove(await groupOf(request), request.params.id);
      if (!before) throw notFound();
      await audit(request, 'autoNotify.deleted', 'ans_auto_notify', before.id, { before });
      return before;
    },
  );

  app.post(
    '/autoNotify/:id/test',
    {
      config: { access: { resource: 'autoNotify', action: 'edit' } },
      schema: {
        tags,
        summary: "Send a test notification through the real mail or text path (app.outbox) to the rule's person; audited",
        params: idParams,
        response: { 200: autoNotifyTestResultSchema, ...errors },
      },
    },
    async (request) => {
      const group = await groupOf(request);
      const rule = await rules.get(group, request.params.id);
      if (!rule) throw notFound();
      const t = request.t;
      const text = t('ansService.autoNotify.testText', {
        rule: rule.name,
        person: rule.personName,
        kind: t(`ansService.kinds.${rule.kind}`),
      });
      const result =
        rule.channel === 'email'
          ? await app.outbox.sendEmail({ to: rule.destination, subject: t('ansService.autoNotify.testSubject', { rule: rule.name }), text })
          : await app.outbox.sendText({ to: rule.destination, text });
      await rules.markTested(group, rule.id);
      await audit(request, 'autoNotify.tested', 'ans_auto_notify', rule.id, {
        channel: rule.channel,
        messageId: result.messageId,
        status: result.status,
      });
      return { messageId: result.messageId, status: result.status };
    },
  );
}
