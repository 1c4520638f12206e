import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import {
  SITE_TEST_SORT_FIELDS,
  siteTestEndSchema,
  siteTestFilterSchema,
  siteTestInputSchema,
  siteTestSchema,
  siteTestUpdateSchema,
  type SiteTest,
  type SiteTestFilter,
} from '../../../schemas/tests.js';
import {
  CUSTOMER_MAX_TEST_MINUTES,
  MAX_TEST_MINUTES,
  testEndErrors,
  testEndsAt,
  testRequestErrors,
  testStartsAt,
} from '../../common/siteTests.js';
import { audienceAccess, DEALER_AUDIENCE, withDefaultSite, type Audience } from '../http/audience.js';
import { HttpError } from '../http/errors.js';
import { idParams, simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { testsRepository, type ExpiredTest } from './testsRepository.js';

/** The durable job that brings an account in line with its tests, sent for each start and end time. */
const RECONCILE_QUEUE = 'site-tests-reconcile';

const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * /api/tests (place on test; the spec's "No Action" state): the
 * react-admin simple-rest resource. Dealers place, change and end tests of
 * the accounts of their group; customers with noActionRead read theirs
 * (access.ts `tests`). Each test ends by itself at its end time through a
 * durable job (app.jobs), also after a restart; the start-up sweep ends any
 * whose time passed while the server was down. Every change is audited with
 * who, from where and why; an expiry is audited as the system's.
 */
export async function testsRoutes(parent: FastifyInstance, { audience = DEALER_AUDIENCE }: { audience?: Audience } = {}) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const tests = testsRepository(app.db);
  const tags = ['tests'];

  const auditExpired = async (expired: ExpiredTest[]) => {
    for (const test of expired) {
      await app.audit.system({
        action: 'siteTest.expired',
        targetType: 'site_test',
        targetId: test.id,
        details: { siteNum: test.siteNum, endsAt: test.endsAt.toISOString(), by: 'system' },
      });
    }
  };
  const reconcile = async (siteNum: number) => auditExpired((await tests.reconcile(siteNum)).expired);

  const schedule = async (siteNum: number, at: Date) => app.jobs.send(RECONCILE_QUEUE, { siteNum }, { startAfter: at });
  // The customer's side (/api/msa/tests) is the same plugin again: the job and the sweep run once.
  if (!audience.msa) {
    await app.jobs.work<{ siteNum: number }>(RECONCILE_QUEUE, async ({ siteNum }) => reconcile(siteNum));
    // Belt and braces after an outage: tests whose end passed (or start came) while no server ran.
    app.addHook('onReady', async () => {
      for (const siteNum of await tests.dueSites()) await reconcile(siteNum);
    });
  }
  /** The longest test this side may place: a customer at most 24 hours, a dealer 30 days. */
  const maxMinutes = audience.msa ? CUSTOMER_MAX_TEST_MINUTES : MAX_TEST_MINUTES;

  await simpleRestRoutes<SiteTest, SiteTestFilter, (typeof SITE_TEST_SORT_FIELDS)[number]>(app, {
    path: 'tests',
    resource: audienceAccess(audience, 'tests', 'list').resource,
    tags,
    record: siteTestSchema,
    filter: siteTestFilterSchema,
    sortFields: SITE_TEST_SORT_FIELDS,
    notFound: 'siteTests.errors.notFound',
    summaries: {
      list: 'List tests (react-admin simple-rest: sort, range, filter siteNum/active; total in Content-Range)',
      one: 'One test',
    },
    prepareQuery: (query, request) => withDefaultSite(audience, request.auth!.user, query),
    list: (query, request) => tests.list(request.auth!.user, query),
    one: (id, request) => tests.get(request.auth!.user, Number(id)),
  });

  app.post(
    '/tests',
    {
      config: { access: audienceAccess(audience, 'tests', 'create') },
      schema: {
        tags,
        summary: 'Place an account (or a device, zones or event kinds of it) on test; answers the test',
        body: siteTestInputSchema,
        response: { 201: siteTestSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const now = new Date();
      const site = await tests.site(request.auth!.user, body.siteNum);
      if (!site) throw new HttpError(404, 'live.siteNotFound');
      const problems = testRequestErrors(body, now, site.devices, maxMinutes);
      if (Object.keys(problems).length) throw new HttpError(400, 'validation.invalidForm', {}, problems);
      const startsAt = testStartsAt(body.startAt, now);
      const endsAt = testEndsAt(startsAt, body.durationMinutes);
      const scope = body.scope;
      const { test } = await tests.create(
        request.auth!.user,
        {
          siteNum: site.siteNum,
          devNum: scope === 'site' ? null : (body.deviceNum ?? null),
          scope,
          zones: scope === 'zones' ? [...(body.zones ?? [])].sort((a, b) => a - b) : [],
          kinds: scope === 'kinds' ? [...(body.kinds ?? [])] : [],
          startsAt,
          endsAt,
          reason: body.reason.trim(),
        },
        now,
      );
      if (startsAt > now) await schedule(site.siteNum, startsAt);
      await schedule(site.siteNum, endsAt);
      await app.audit(request, {
        action: 'siteTest.placed',
        targetType: 'site_test',
        targetId: test.id,
        details: {
          siteNum: test.siteNum,
          scope: test.scope,
          deviceNum: test.deviceNum,
          zones: test.zones,
          kinds: test.kinds,
          startsAt: test.startsAt,
          endsAt: test.endsAt,
          reason: test.reason,
        },
      });
      reply.status(201);
      return test;
    },
  );

  app.put(
    '/tests/:id',
    {
      config: { access: audienceAccess(audience, 'tests', 'edit') },
      schema: {
        tags,
        summary: 'Change the end time or reason of a test not yet ended; answers the test',
        params: idParams,
        body: siteTestUpdateSchema,
        response: { 200: siteTestSchema, 400: validationErrorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => {
      const now = new Date();
      const user = request.auth!.user;
      const current = await tests.get(user, request.params.id, now);
      if (!current) throw new HttpError(404, 'siteTests.errors.notFound');
      if (current.state === 'ended') throw new HttpError(409, 'siteTests.errors.ended');
      const endsAt = request.body.endsAt ? new Date(request.body.endsAt) : undefined;
      if (endsAt) {
        const problem = testEndErrors(new Date(current.startsAt), endsAt, now, maxMinutes);
        if (problem) throw new HttpError(400, 'validation.invalidForm', {}, { endsAt: problem });
      }
      const reason = request.body.reason?.trim();
      const result = await tests.update(user, request.params.id, { endsAt, reason }, now);
      if (!result.after) throw new HttpError(409, 'siteTests.errors.ended');
      if (endsAt) await schedule(result.after.siteNum, endsAt);
      await app.audit(request, {
        action: 'siteTest.changed',
        targetType: 'site_test',
        targetId: result.after.id,
        details: {
          siteNum: result.after.siteNum,
          before: { endsAt: result.before.endsAt, reason: result.before.reason },
          after: { endsAt: result.after.endsAt, reason: result.after.reason },
        },
      });
      return result.after;
    },
  );

  app.delete(
    '/tests/:id',
    {
      config: { access: audienceAccess(audience, 'tests', 'delete') },
      schema: {
        tags,
        summary: 'End a test now (cancel early); answers the ended test. Body (optional): {reason}',
        params: idParams,
        body: siteTestEndSchema,
        response: { 200: siteTestSchema, 400: validationErrorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => {
      const note = request.body?.reason?.trim() || null;
      const result = await tests.end(request.auth!.user, request.params.id, note);
      if (!result) throw new HttpError(404, 'siteTests.errors.notFound');
      if (!result.ended) throw new HttpError(409, 'siteTests.errors.ended');
      await app.audit(request, {
        action: 'siteTest.ended',
        targetType: 'site_test',
        targetId: result.test.id,
        details: { siteNum: result.test.siteNum, endedAt: result.test.endedAt, endsAt: result.test.endsAt, reason: note },
      });
      return result.test;
    },
  );
}
