import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { accountGroupSettingsInputSchema, accountGroupSettingsSchema } from '../../../schemas/accountGroup.js';
import { errorSchema, validationErrorSchema } from '../../../schemas/shared.js';
import { changedGroupFields, groupSettingsProblems, normaliseGroupSettings } from '../../common/accountGroupRules.js';
import { HttpError } from '../http/errors.js';
import { accountGroupRepository } from './accountGroupRepository.js';
import { routeOptions } from '../http/routeOptions.js';

const errors = { 400: validationErrorSchema, 401: errorSchema, 403: errorSchema, 404: errorSchema };

/**
 * /account-group/info (SPEC §3 dealer / account group, §6 xtAdmin): the current
 * group's settings, and the dealer's change of their own fields (src/common/accountGroupRules.ts
 * says which); the rest is staff's and only shown. Changes are audited with the fields changed.
 */
export async function accountGroupRoutes(parent: FastifyInstance) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const groups = accountGroupRepository(app.db);
  const route = routeOptions(['accountGroup']);

  app.get(
    '/accountGroup',
    route({
      access: { resource: 'accountGroup', action: 'show' },
      summary: 'The current account group: contact, addresses, time zone; number, allowed dealers and SSO provider names (staff set those)',
      response: { 200: accountGroupSettingsSchema, ...errors },
    }),
    async (request) => {
      const settings = await groups.settings(request.auth!.user.user_id);
      if (!settings) throw new HttpError(404, 'accountGroup.errors.noGroup');
      return settings;
    },
  );

  app.put(
    '/accountGroup',
    route({
      access: { resource: 'accountGroup', action: 'edit' },
      summary:
        "Change the dealer's fields of the current account group (contact, billing contact, addresses, time zone); answers the group",
      body: accountGroupSettingsInputSchema,
      response: { 200: accountGroupSettingsSchema, ...errors },
    }),
    async (request) => {
      const userId = request.auth!.user.user_id;
      const before = await groups.settings(userId);
      if (!before) throw new HttpError(404, 'accountGroup.errors.noGroup');
      const problems = groupSettingsProblems(request.body);
      if (Object.keys(problems).length) throw new HttpError(400, 'validation.invalidForm', {}, problems);
      const values = normaliseGroupSettings(request.body);
      const fields = changedGroupFields(before, values);
      if (fields.length === 0) return before;
      await groups.update(userId, values);
      await app.audit(request, {
        action: 'accountGroup.updated',
        targetType: 'account_group',
        targetId: before.siteGroupNum,
        details: { fields },
      });
      return (await groups.settings(userId))!;
    },
  );
}
