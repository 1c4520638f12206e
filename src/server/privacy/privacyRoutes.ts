import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  PRIVACY_POLICY_SORT_FIELDS,
  privacyPolicyAcceptedSchema,
  privacyPolicyAcceptSchema,
  privacyPolicyFilterSchema,
  privacyPolicySchema,
  privacyPolicyUpdateSchema,
  privacyPolicyVersionSchema,
  type PrivacyPolicyFilter,
  type PrivacyPolicyUpdate,
  type PrivacyPolicyVersion,
} from '../../../schemas/privacyPolicy.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { clearPending } from '../auth/authPlugin.js';
import { requireNoPendingAction } from '../auth/pendingGuard.js';
import type { PendingFlag } from '../auth/requirements.js';
import { HttpError } from '../http/errors.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { privacyRepository } from './privacyRepository.js';
import { routeOptions } from '../http/routeOptions.js';

/** Login steps that come before the policy (SPEC §4): accepting waits until they are done. */
const EARLIER_STEPS: PendingFlag[] = [
  'noContactInfo',
  'mfaRequired',
  'usernameResetRequired',
  'verifySecurityQuestions',
  'passwordResetRequired',
];

/**
 * SPEC §7 'GET privacyPolicy', 'PUT privacyPolicy', 'PUT privacyPolicy/accept':
 * the markdown policy, versioned. Anyone reads the latest; editors publish a
 * new version; a signed-in user accepts one (recorded with time and address),
 * which also clears the privacy step of a sign-in in progress. The editors'
 * screen reads and publishes through /privacyPolicies, a react-admin
 * simple-rest resource whose ids are the version numbers.
 */
export async function privacyRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const tags = ['privacy policy'];
  const route = routeOptions(tags);
  const policies = privacyRepository(app.db);

  app.get(
    '/privacyPolicy',
    route({
      access: 'public',
      summary: 'The latest privacy policy (anonymous): markdown and its version',
      response: { 200: privacyPolicySchema, 404: errorSchema },
    }),
    async (_request, reply) => {
      const policy = await policies.latest();
      if (!policy) throw new HttpError(404, 'privacy.errors.notPublished');
      reply.header('Cache-Control', 'no-cache');
      return { policyText: policy.policy_text, version: policy.version };
    },
  );

  /** A new version from an editor, audited; every user accepts it at their next sign-in (privacyRepository.publish). */
  const publish = async (request: FastifyRequest, policyText: string) => {
    const created = await policies.publish(policyText, request.auth!.user.user_id);
    await app.audit(request, {
      action: 'privacyPolicy.updated',
      targetType: 'privacyPolicy',
      targetId: created.version,
      details: { length: created.policyText.length },
    });
    return created;
  };

  app.put(
    '/privacyPolicy',
    route(
      {
        access: { resource: 'privacyPolicy', action: 'edit' },
        summary: 'Publish a new version of the privacy policy; answers it',
        body: privacyPolicyUpdateSchema,
        response: { 200: privacyPolicySchema, 400: validationErrorSchema, 401: errorSchema, 403: errorSchema },
      },
      {
        // Publishing is for a fully signed-in editor (privacyPolicy* is on the pending allow-list for reading and accepting).
        preHandler: requireNoPendingAction,
      },
    ),
    async (request) => {
      const created = await publish(request, request.body.policyText);
      return { policyText: created.policyText, version: created.version };
    },
  );

  await simpleRestRoutes<PrivacyPolicyVersion, PrivacyPolicyFilter, (typeof PRIVACY_POLICY_SORT_FIELDS)[number], PrivacyPolicyUpdate>(
    parent,
    {
      path: 'privacyPolicies',
      resource: 'privacyPolicies',
      tags,
      record: privacyPolicyVersionSchema,
      filter: privacyPolicyFilterSchema,
      sortFields: PRIVACY_POLICY_SORT_FIELDS,
      summaries: {
        list: 'The published versions, newest first, without their texts (react-admin simple-rest: sort, range, filter; total in Content-Range)',
        one: 'One published version with its text (read-only: a version never changes)',
      },
      list: (query) => policies.list(query),
      one: (id) => policies.get(Number(id)),
      // Audited by publish, as PUT privacyPolicy is (privacyPolicy.updated).
      create: {
        summary: 'Publish a new version of the privacy policy (as PUT privacyPolicy); answers it with its text',
        body: privacyPolicyUpdateSchema,
        preHandler: requireNoPendingAction,
        handler: (input, request) => publish(request, input.policyText),
      },
    },
  );

  app.put(
    '/privacyPolicy/accept',
    route(
      {
        access: { resource: 'privacyPolicy', action: 'accept' },
        summary: 'Accept the latest privacy policy (optionally naming the version read; 409 when a newer one exists)',
        body: privacyPolicyAcceptSchema,
        response: {
          200: privacyPolicyAcceptedSchema,
          400: validationErrorSchema,
          401: errorSchema,
          403: errorSchema,
          404: errorSchema,
          409: errorSchema,
        },
      },
      {
        // SPEC §7 gives the call no body: an empty one is an empty object.
        preValidation: async (request: FastifyRequest) => {
          if (request.body === undefined || request.body === null) request.body = {};
        },
      },
    ),
    async (request) => {
      const auth = request.auth!;
      // The policy is the user's to accept, not support's acting as them.
      if (auth.session?.impersonator_user_id) throw new HttpError(403, 'errors.notWhileImpersonating');
      if (EARLIER_STEPS.some((flag) => auth.pending[flag])) throw new HttpError(403, 'errors.loginActionRequired');
      const policy = await policies.latest();
      if (!policy) throw new HttpError(404, 'privacy.errors.notPublished');
      const version = request.body.version;
      if (version !== undefined && version !== policy.version) throw new HttpError(409, 'privacy.errors.outdated');

      await policies.accept(auth.user.user_id, policy.version, request.ip);
      if (auth.pending.privacyPolicyRequired) await clearPending(app, request, 'privacyPolicyRequired');
      await app.audit(request, {
        action: 'privacyPolicy.accepted',
        targetType: 'privacyPolicy',
        targetId: policy.version,
      });
      return { success: true, version: policy.version };
    },
  );
}
