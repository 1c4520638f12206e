import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { audienceAccess, DEALER_AUDIENCE, withDefaultSite, type Audience } from '../http/audience.js';
import {
  passcodeFilterSchema,
  passcodeInputSchema,
  passcodeSchema,
  type Passcode,
  type PasscodeFilter,
} from '../../../schemas/passcodes.js';
import { errorSchema, INT4_MAX, validationErrorSchema } from '../../../schemas/shared.js';
import { checkPasscode } from '../../common/passcodeRules.js';
import { accountSites } from './accountSite.js';
import { passcodesRepository } from './passcodesRepository.js';
import { actorName, auditChange, fieldList, invalid, listAnswer, listQuery, notFound } from './changes.js';

const idParams = { type: 'object', required: ['id'], properties: { id: { type: 'integer', minimum: 1, maximum: INT4_MAX } } } as const;
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['passcodes'];

/** What the audit keeps of a passcode: never the value, only its mask (and whether it changed). */
const audited = (p: Passcode) => ({ passcodeId: p.passcodeId, name: p.name, masked: p.masked, isDuress: p.isDuress });

/**
 * The account's passcodes: /api/passcodes in simple-rest conventions, masked; the
 * clear value only through the audited reveal (siteDetailRoutes.ts). Rules: length, characters,
 * no two alike, at most one duress passcode (src/common/passcodeRules.ts; the database's
 * passcodes_one_duress_idx holds the last). Audited with before and after, masked.
 */
export async function passcodesRoutes(parent: FastifyInstance, { audience = DEALER_AUDIENCE }: { audience?: Audience } = {}) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const sites = accountSites(app.db);
  const passcodes = passcodesRepository(app.db);
  const list = listAnswer<PasscodeFilter>(passcodeFilterSchema);

  /** The passcode and its site within the user's scope, from the stored list. */
  async function find(request: { auth: { user: Parameters<typeof sites.site>[0] } | null }, passcodeId: number) {
    const site = await passcodes.siteOf(request.auth!.user, passcodeId);
    if (!site) throw notFound();
    const all = await passcodes.list(site.siteNum);
    return { site, passcode: all.find((p) => p.passcodeId === passcodeId)!, stored: await passcodes.stored(site.siteNum) };
  }

  app.get(
    '/passcodes',
    {
      config: { access: audienceAccess(audience, 'passcodes', 'list') },
      schema: {
        tags,
        summary: 'An account\'s passcodes, masked (filter={"siteNum":N})',
        querystring: listQuery,
        response: { 200: { type: 'array', items: passcodeSchema }, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { filter, offset, limit } = list.filter(await withDefaultSite(audience, request.auth!.user, request.query));
      if (!(await sites.site(request.auth!.user, filter.siteNum))) throw notFound();
      return list.send(reply, 'passcodes', await passcodes.list(filter.siteNum), offset, limit);
    },
  );

  app.get(
    '/passcodes/:id',
    {
      config: { access: audienceAccess(audience, 'passcodes', 'show') },
      schema: { tags, summary: 'One passcode, masked', params: idParams, response: { 200: passcodeSchema, ...errors } },
    },
    async (request) => (await find(request, request.params.id)).passcode,
  );

  app.post(
    '/passcodes',
    {
      config: { access: audienceAccess(audience, 'passcodes', 'create') },
      schema: {
        tags,
        summary: 'Add a passcode (answered masked)',
        body: passcodeInputSchema,
        response: { 201: passcodeSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.siteNum === undefined) throw invalid({ siteNum: 'validation.required' });
      const site = await sites.site(request.auth!.user, body.siteNum);
      if (!site) throw notFound();
      const draft = { name: body.name.trim(), passcode: body.passcode, isDuress: body.isDuress ?? false };
      const problems = checkPasscode(draft, await passcodes.stored(site.siteNum));
      if (Object.keys(problems).length) throw invalid(problems);
      const created = await passcodes.create(
        site,
        { name: draft.name, passcode: body.passcode!, isDuress: draft.isDuress },
        { description: request.t('accountEdits.history.passcodeAdded', { name: draft.name, user: actorName(request) }) },
      );
      await auditChange(app, request, {
        action: 'passcode.created',
        site,
        targetType: 'passcode',
        targetId: created.passcodeId,
        before: null,
        after: audited(created),
      });
      reply.status(201);
      return created;
    },
  );

  app.put(
    '/passcodes/:id',
    {
      config: { access: audienceAccess(audience, 'passcodes', 'edit') },
      schema: {
        tags,
        summary: 'Change a passcode: its name, its value (left out or null: unchanged), the duress flag',
        params: idParams,
        body: passcodeInputSchema,
        response: { 200: passcodeSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request) => {
      const { site, passcode: before, stored } = await find(request, request.params.id);
      const body = request.body;
      const value = body.passcode || null;
      const draft = { passcodeId: before.passcodeId, name: body.name.trim(), passcode: value, isDuress: body.isDuress ?? before.isDuress };
      const problems = checkPasscode(draft, stored);
      if (Object.keys(problems).length) throw invalid(problems);
      const old = stored.find((p) => p.passcodeId === before.passcodeId)!;
      const fields: string[] = [];
      if (draft.name !== before.name) fields.push('name');
      if (value !== null && value !== old.passcode) fields.push('passcode');
      if (draft.isDuress !== before.isDuress) fields.push('isDuress');
      const after = await passcodes.update(
        site,
        before.passcodeId,
        { name: draft.name, is_duress: draft.isDuress, ...(value !== null && { passcode: value }) },
        fields.length
          ? {
              description: request.t('accountEdits.history.passcodeUpdated', {
                name: draft.name,
                user: actorName(request),
                fields: fieldList(request, 'accountEdits.passcodes.fields', fields),
              }),
            }
          : undefined,
      );
      await auditChange(app, request, {
        action: 'passcode.updated',
        site,
        targetType: 'passcode',
        targetId: after.passcodeId,
        before: audited(before),
        after: { ...audited(after), passcodeChanged: fields.includes('passcode') },
      });
      return after;
    },
  );

  app.delete(
    '/passcodes/:id',
    {
      config: { access: audienceAccess(audience, 'passcodes', 'delete') },
      schema: { tags, summary: 'Remove a passcode; answers it masked', params: idParams, response: { 200: passcodeSchema, ...errors } },
    },
    async (request) => {
      const { site, passcode } = await find(request, request.params.id);
      await passcodes.delete(site, passcode.passcodeId, {
        description: request.t('accountEdits.history.passcodeRemoved', { name: passcode.name, user: actorName(request) }),
      });
      await auditChange(app, request, {
        action: 'passcode.deleted',
        site,
        targetType: 'passcode',
        targetId: passcode.passcodeId,
        before: audited(passcode),
        after: null,
      });
      return passcode;
    },
  );
}
