import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { sql } from 'kysely';
import { alarmEventSchema, type AlarmEvent } from '../../../schemas/dealer.js';
import { RECENT_ALARMS_MAX, recentAlarmsQuerySchema } from '../../../schemas/live.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { APPLICATION } from '../../common/constants.js';
import type { Db } from '../db/database.js';
import type { ScopeUser } from '../db/siteScope.js';
import { isLiveGroup } from './hubAuth.js';

/** Without `after`, the list covers alarms of this many hours (by alarm date): the index on (group, alarm date) bounds it. */
const RECENT_HOURS = 24;

/**
 * The alarms the alarm hub pushed to an account group (every ingested alarm of a live group that
 * no test covered; account changes are history rows, never pushed), newest first by arrival.
 */
function recentAlarmsRepository(db: Db) {
  return {
    async list(user: ScopeUser, liveGroups: readonly number[], after: number | undefined, now = new Date()): Promise<AlarmEvent[]> {
      const group = user.current_site_group_num;
      // As the hub: staff of a live group only (a customer's current group is their account's dealer).
      if (user.application_num === APPLICATION.customer || !isLiveGroup(group, liveGroups)) return [];
      let query = db
        .selectFrom('alarm_events as e')
        .innerJoin('sites as s', 's.site_num', 'e.site_num')
        .select([
          'e.alarm_num as alarmNum',
          'e.site_num as siteNum',
          'e.dev_num as devNum',
          's.site_name as siteName',
          'e.transmitter_code as transmitterCode',
          sql<string>`to_char(e.alarm_date at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as('alarmDate'),
          'e.event_code_description as eventCodeDescription',
        ])
        .where('e.site_group_num', '=', group)
        .where('e.on_test', '=', false)
        .where('e.event_kind', '<>', 'change')
        // The tenant scope (siteScope.ts): the current group must still be one of the user's.
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('user_account_groups as g')
              .select('g.site_group_num')
              .where('g.user_id', '=', user.user_id)
              .where('g.site_group_num', '=', group),
          ),
        );
      // A catch-up reads the alarms stored since the client's newest (the primary key's range); a first load, the last hours.
      query =
        after !== undefined
          ? query.where('e.alarm_num', '>', after)
          : query.where('e.alarm_date', '>', new Date(now.getTime() - RECENT_HOURS * 3_600_000));
      return query.orderBy('e.alarm_num', 'desc').limit(RECENT_ALARMS_MAX).execute();
    },
  };
}

/**
 * GET /api/alarms/recent: the recent-alarms list of the user's current account group, the same
 * alarms the alarm hub pushes. The web app reads it when its alarm connection starts, and with
 * `after` (its newest alarmNum) when the connection comes back after a break (a process killed,
 * a deploy, a network change), so alarms ingested meanwhile are shown rather than lost.
 */
export async function recentAlarmsRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const alarms = recentAlarmsRepository(app.db);

  app.get(
    '/alarms/recent',
    {
      config: { access: { resource: 'liveAlarms', action: 'list' } },
      schema: {
        tags: ['live'],
        summary:
          `The live alarms of the current account group, newest first, at most ${RECENT_ALARMS_MAX}: those stored after ` +
          `alarmNum \`after\`, else those of the last ${RECENT_HOURS} hours. Empty for a group without live alarms.`,
        querystring: recentAlarmsQuerySchema,
        response: { 200: { type: 'array', items: alarmEventSchema }, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return alarms.list(request.auth!.user, app.realtime.liveAlarmGroups, request.query.after);
    },
  );
}
