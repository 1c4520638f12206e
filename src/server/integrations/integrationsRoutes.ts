import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { alarmIngestResultSchema, alarmIngestSchema } from '../../../schemas/live.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { requireIntegrationKey } from '../http/integrationKey.js';
import { alarmsRepository } from './alarmsRepository.js';
import { startAlarmSimulator } from './alarmSimulator.js';
import { INGEST_LIMIT } from '../http/rateLimit.js';

/**
 * The monitoring platform's calls (server to server): POST
 * /api/integrations/alarms takes a batch of alarm events, authenticated by
 * `Authorization: Bearer ${INTEGRATION_API_KEY}`, stores them all or none, and
 * pushes `alarm` to the live subscribers of each alarm's account group.
 */
export async function integrationsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const key = app.config.integrationApiKey;
  if (!key) app.log.warn('INTEGRATION_API_KEY is not set: the alarm ingest call refuses every request');
  const alarms = alarmsRepository(app.db);

  app.post(
    '/integrations/alarms',
    {
      config: { access: 'credential', xsrf: false, anonymous: true, rateLimit: INGEST_LIMIT },
      schema: {
        tags: ['integrations'],
        summary: 'Ingest a batch of alarm events (monitoring platform; Authorization: Bearer <integration key>)',
        body: alarmIngestSchema,
        response: { 202: alarmIngestResultSchema, 400: validationErrorSchema, 401: errorSchema },
      },
      onRequest: requireIntegrationKey(key),
    },
    async (request, reply) => {
      const started = performance.now();
      const outcome = await alarms.ingest(request.body.alarms);
      if (!outcome.ok) {
        const message = request.t('live.unknownTransmitter');
        return reply.status(400).send({
          message: request.t('validation.invalidForm'),
          errors: Object.fromEntries(outcome.unknown.map((i) => [`alarms.${i}.transmitterCode`, message])),
        });
      }
      // An alarm covered by a test of its account is stored marked 'on test', not pushed as a live alarm notice.
      for (const alarm of outcome.alarms) if (!alarm.onTest) await app.realtime.publishAlarm(alarm.siteGroupNum, alarm.event);
      app.metrics.alarmsIngested.inc(outcome.alarms.length);
      app.metrics.ingestDuration.observe((performance.now() - started) / 1000);
      // The monitoring platform calls with a key, not a session: no actor.
      await app.audit(request, {
        action: 'alarms.ingested',
        actorUserId: null,
        targetType: 'alarm_events',
        details: {
          count: outcome.alarms.length,
          first: outcome.alarms[0].event.alarmNum,
          onTest: outcome.alarms.filter((a) => a.onTest).length,
        },
      });
      return reply.status(202).send({ accepted: outcome.alarms.length });
    },
  );

  if (app.config.alarmSimulator) startAlarmSimulator(app);
}
