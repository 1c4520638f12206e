import type { FastifyInstance } from 'fastify';
import {
  autoNotifyFilterSchema,
  autoNotifyInputSchema,
  autoNotifySchema,
  autoNotifyTestResultSchema,
  type AutoNotifyFilter,
  type AutoNotifyInput,
  type AutoNotifyRule,
} from '../../../schemas/ansService.js';
import { idParams, simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { autoNotifyRepository } from './autoNotifyRepository.js';
import { ansContext, EMAIL, errors, groupResource, invalid, notFound, PHONE, tags } from './ansShared.js';

/** Auto-notify rules (/ans-service/auto-notify): when a message of a kind arrives for accounts, notify someone by email or text; Send test. */
export async function autoNotifyRoutes(parent: FastifyInstance) {
  const { app, groupOf, audit } = ansContext(parent);
  const rules = autoNotifyRepository(app.db);

  async function checkRule(group: number, body: AutoNotifyInput) {
    const destination = body.destination.trim();
    if (body.channel === 'email' ? !EMAIL.test(destination) : !PHONE.test(destination)) {
      throw invalid({ destination: `ansService.errors.${body.channel === 'email' ? 'email' : 'phone'}` });
    }
    if ((await rules.foreignSites(group, body.siteNums)).length) throw invalid({ siteNums: 'ansService.errors.foreignSite' });
  }

  await simpleRestRoutes<AutoNotifyRule, AutoNotifyFilter, 'id', AutoNotifyInput>(app, {
    path: 'autoNotify',
    resource: 'autoNotify',
    tags,
    record: autoNotifySchema,
    filter: autoNotifyFilterSchema,
    summaries: { list: 'Auto-notify rules, by name, or by id when sorted (filter: kind, id)', one: 'One auto-notify rule' },
    ...groupResource({ groupOf, audit }, rules, {
      body: autoNotifyInputSchema,
      prefix: 'autoNotify',
      targetType: 'ans_auto_notify',
      check: checkRule,
      summaries: {
        create: 'Add an auto-notify rule (accounts of the group only); audited',
        update: 'Change an auto-notify rule; audited',
        delete: 'Remove an auto-notify rule; audited',
      },
    }),
  });

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
      const group = groupOf(request);
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
