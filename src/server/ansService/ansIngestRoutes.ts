import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { ansMessageIngestResultSchema, ansMessageIngestSchema } from '../../../schemas/ansService.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { matchingRules } from '../../common/ansService.js';
import { requireIntegrationKey } from '../http/integrationKey.js';
import { ansIngestRepository, type IngestedMessage } from './ansIngestRepository.js';
import { INGEST_LIMIT } from '../http/rateLimit.js';

/**
 * The answering service's call centre hands over the messages it took (server to server, POST
 * /api/integrations/ansMessages with the integration key): stored all or none, then each
 * message sets off the group's auto-notify rules ('when a message of kind K arrives for accounts
 * A, notify P by email or text') through the real mail and text path (app.outbox).
 */
export async function ansIngestRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const repo = ansIngestRepository(app.db);

  app.post(
    '/integrations/ansMessages',
    {
      config: { access: 'credential', xsrf: false, anonymous: true, rateLimit: INGEST_LIMIT },
      schema: {
        tags: ['integrations'],
        summary: 'Hand over answering-service messages (call centre; Authorization: Bearer <integration key>); auto-notify rules fire',
        body: ansMessageIngestSchema,
        response: { 202: ansMessageIngestResultSchema, 400: validationErrorSchema, 401: errorSchema },
      },
      onRequest: requireIntegrationKey(app.config.integrationApiKey),
    },
    async (request, reply) => {
      const outcome = await repo.ingest(request.body.messages);
      if (!outcome.ok) {
        return reply.status(400).send({
          message: request.t('validation.invalidForm'),
          errors: Object.fromEntries(Object.entries(outcome.errors).map(([field, key]) => [field, request.t(key)])),
        });
      }
      const rules = await repo.activeRules([...new Set(outcome.messages.map((m) => m.siteGroupNum))]);
      const t = request.t;
      const notifyText = (message: IngestedMessage, rule: (typeof rules)[number]) => {
        const kind = t(`ansService.kinds.${message.item.kind}`);
        const text = t('ansService.autoNotify.messageText', {
          kind,
          time: `${format(new TZDate(new Date(message.item.takenAt).getTime(), message.timeZone), 'yyyy-MM-dd HH:mm')} (${message.timeZone})`,
          rule: rule.name,
          caller: message.item.callerName,
          number: message.item.callerNumber,
          account: message.siteNum === null ? t('ansService.autoNotify.noAccount') : `${message.siteNum} ${message.siteName ?? ''}`.trim(),
          text: message.item.text,
        });
        return {
          subject: t('ansService.autoNotify.messageSubject', { kind, group: message.groupName, caller: message.item.callerName }),
          text,
        };
      };
      let notified = 0;
      for (const message of outcome.messages) {
        const fired = matchingRules(
          { kind: message.item.kind, siteNum: message.siteNum },
          rules.filter((r) => r.site_group_num === message.siteGroupNum).map((r) => ({ ...r, siteNums: r.site_nums })),
        );
        const sent: { rule: number; channel: string; status: string }[] = [];
        for (const rule of fired) {
          const { subject, text } = notifyText(message, rule);
          const result =
            rule.channel === 'email'
              ? await app.outbox.sendEmail({ to: rule.destination, subject, text })
              : await app.outbox.sendText({ to: rule.destination, text });
          sent.push({ rule: rule.rule_id, channel: rule.channel, status: result.status });
        }
        if (fired.length) {
          await repo.markNotified(
            message.messageId,
            fired.map((r) => r.person_name),
          );
          notified += fired.length;
        }
        await app.audit(request, {
          action: 'ansMessages.received',
          actorUserId: null,
          targetType: 'ans_messages',
          targetId: message.messageId,
          details: { siteGroupNum: message.siteGroupNum, kind: message.item.kind, autoNotify: sent },
        });
      }
      return reply.status(202).send({ accepted: outcome.messages.length, notified });
    },
  );
}
