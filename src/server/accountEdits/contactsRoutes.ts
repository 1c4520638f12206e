import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  contactFilterSchema,
  contactInputSchema,
  contactOrderSchema,
  contactSchema,
  type Contact,
  type ContactFilter,
} from '../../../schemas/contacts.js';
import { errorSchema, INT4_MAX, validationErrorSchema } from '../../../schemas/shared.js';
import { addContactMessage, checkContact, reorderContacts } from '../../common/callList.js';
import { maskPasscode } from '../../common/passcodeRules.js';
import { audienceAccess, DEALER_AUDIENCE, withDefaultSite, type Audience } from '../http/audience.js';
import { HttpError } from '../http/errors.js';
import { accountSites } from './accountSite.js';
import { contactsRepository } from './contactsRepository.js';
import { actorName, auditChange, changedFields, fieldList, invalid, listAnswer, listQuery, notFound } from './changes.js';

const id = { type: 'integer', minimum: 1, maximum: INT4_MAX } as const;
const idParams = { type: 'object', required: ['id'], properties: { id } } as const;
const siteParams = { type: 'object', required: ['siteNum'], properties: { siteNum: id } } as const;
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['contacts'];

/** The fields a history line names when they change. */
const TRACKED = ['name', 'relation', 'phoneNumber', 'email', 'hasKey', 'verifies', 'passcodeMasked'] as const;

/** The audit's view of a contact: the passcode masked. */
const audited = (c: Contact) => ({ ...c });

/**
 * The call list: /api/contacts in simple-rest conventions and the calling order,
 * PUT /api/sites/{siteNum}/contacts/order. Reads: staff of the account's group (and later the
 * customer with contactsRead); writes: the access table's contacts create/edit/delete (xtAdmin).
 * Every write is audited with before and after (the contact's passcode masked) and written to the
 * account's history as a change. Rules: src/common/callList.ts.
 */
export async function contactsRoutes(parent: FastifyInstance, { audience = DEALER_AUDIENCE }: { audience?: Audience } = {}) {
  const app = parent.withTypeProvider<JsonSchemaToTsProvider>();
  const sites = accountSites(app.db);
  const contacts = contactsRepository(app.db);
  const list = listAnswer<ContactFilter>(contactFilterSchema);

  app.get(
    '/contacts',
    {
      config: { access: audienceAccess(audience, 'contacts', 'list') },
      schema: {
        tags,
        summary: 'An account\'s call list in calling order (filter={"siteNum":N})',
        querystring: listQuery,
        response: { 200: { type: 'array', items: contactSchema }, 400: errorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { filter, offset, limit } = list.filter(await withDefaultSite(audience, request.auth!.user, request.query));
      if (!(await sites.site(request.auth!.user, filter.siteNum))) throw notFound();
      let rows = await contacts.list(filter.siteNum);
      if (filter.id) rows = rows.filter((r) => filter.id!.includes(r.contactId));
      return list.send(reply, 'contacts', rows, offset, limit);
    },
  );

  app.get(
    '/contacts/:id',
    {
      config: { access: audienceAccess(audience, 'contacts', 'show') },
      schema: { tags, summary: 'One contact', params: idParams, response: { 200: contactSchema, ...errors } },
    },
    async (request) => {
      const found = await contacts.get(request.auth!.user, request.params.id);
      if (!found) throw notFound();
      return found.contact;
    },
  );

  app.post(
    '/contacts',
    {
      config: { access: audienceAccess(audience, 'contacts', 'create') },
      schema: {
        tags,
        summary: 'Add a contact at the end of the call list; the phone is stored as E.164',
        body: contactInputSchema,
        response: { 201: contactSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.siteNum === undefined) throw invalid({ siteNum: 'validation.required' });
      const site = await sites.site(request.auth!.user, body.siteNum);
      if (!site) throw notFound();
      const check = checkContact({ phoneNumber: body.phoneNumber, passcode: body.passcode });
      if (!check.ok) throw invalid(check.errors);
      const tooMany = addContactMessage(await contacts.count(site.siteNum));
      if (tooMany) throw new HttpError(400, tooMany);
      const name = body.name.trim();
      const contact = await contacts.create(
        site,
        {
          name,
          relation: body.relation?.trim() || null,
          phoneNumber: check.phoneNumber,
          email: body.email?.trim() || null,
          hasKey: body.hasKey ?? false,
          verifies: body.verifies ?? true,
          passcode: body.passcode || null,
        },
        { description: request.t('accountEdits.history.contactAdded', { name, user: actorName(request) }) },
      );
      await auditChange(app, request, {
        action: 'contact.created',
        site,
        targetType: 'contact',
        targetId: contact.contactId,
        before: null,
        after: audited(contact),
      });
      reply.status(201);
      return contact;
    },
  );

  app.put(
    '/contacts/:id',
    {
      config: { access: audienceAccess(audience, 'contacts', 'edit') },
      schema: {
        tags,
        summary: 'Change a contact (siteNum and position are not changed here)',
        params: idParams,
        body: contactInputSchema,
        response: { 200: contactSchema, 400: validationErrorSchema, ...errors },
      },
    },
    async (request) => {
      const found = await contacts.get(request.auth!.user, request.params.id);
      if (!found) throw notFound();
      const body = request.body;
      const check = checkContact({ phoneNumber: body.phoneNumber, passcode: body.passcode });
      // A number stored before the rule existed may stay as it is while other fields change.
      const unchangedPhone = body.phoneNumber === found.contact.phoneNumber;
      if (!check.ok && !(unchangedPhone && Object.keys(check.errors).every((f) => f === 'phoneNumber'))) throw invalid(check.errors);
      const before = found.contact;
      const name = body.name.trim();
      const values = {
        name,
        relation: body.relation === undefined ? before.relation : body.relation?.trim() || null,
        phone_number: check.ok ? check.phoneNumber : body.phoneNumber,
        email: body.email === undefined ? before.email : body.email?.trim() || null,
        has_key: body.hasKey ?? before.hasKey,
        verifies: body.verifies ?? before.verifies,
        ...(body.passcode !== undefined && { passcode: body.passcode || null }),
      };
      const expected: Contact = {
        ...before,
        name,
        relation: values.relation,
        phoneNumber: values.phone_number,
        email: values.email,
        hasKey: values.has_key,
        verifies: values.verifies,
        passcodeMasked: body.passcode === undefined ? before.passcodeMasked : body.passcode ? maskPasscode(body.passcode) : null,
      };
      const fields = changedFields(before, expected, TRACKED);
      if (body.passcode !== undefined && body.passcode !== found.passcode && !fields.includes('passcodeMasked'))
        fields.push('passcodeMasked');
      const after = await contacts.update(
        found.site,
        before.contactId,
        values,
        fields.length
          ? {
              description: request.t('accountEdits.history.contactUpdated', {
                name,
                user: actorName(request),
                fields: fieldList(
                  request,
                  'accountEdits.contacts.fields',
                  fields.map((f) => (f === 'passcodeMasked' ? 'passcode' : f)),
                ),
              }),
            }
          : undefined,
      );
      await auditChange(app, request, {
        action: 'contact.updated',
        site: found.site,
        targetType: 'contact',
        targetId: after.contactId,
        before: audited(before),
        after: audited(after),
      });
      return after;
    },
  );

  app.delete(
    '/contacts/:id',
    {
      config: { access: audienceAccess(audience, 'contacts', 'delete') },
      schema: {
        tags,
        summary: 'Remove a contact from the call list; answers it',
        params: idParams,
        response: { 200: contactSchema, ...errors },
      },
    },
    async (request) => {
      const found = await contacts.get(request.auth!.user, request.params.id);
      if (!found) throw notFound();
      const { contact, site } = found;
      await contacts.delete(site, contact.contactId, {
        description: request.t('accountEdits.history.contactRemoved', { name: contact.name, user: actorName(request) }),
      });
      await auditChange(app, request, {
        action: 'contact.deleted',
        site,
        targetType: 'contact',
        targetId: contact.contactId,
        before: audited(contact),
        after: null,
      });
      return contact;
    },
  );

  app.put(
    '/sites/:siteNum/contacts/order',
    {
      config: { access: audienceAccess(audience, 'contacts', 'edit') },
      schema: {
        tags,
        summary: 'The calling order: every contact of the account, first called first; answers the call list',
        params: siteParams,
        body: contactOrderSchema,
        response: { 200: { type: 'array', items: contactSchema }, 400: validationErrorSchema, 409: errorSchema, ...errors },
      },
    },
    async (request) => {
      const site = await sites.site(request.auth!.user, request.params.siteNum);
      if (!site) throw notFound();
      const before = await contacts.ids(site.siteNum);
      const result = reorderContacts(before, request.body.contactIds);
      if (!result.ok) throw new HttpError(409, result.message);
      const after = await contacts.reorder(site, request.body.contactIds, {
        description: request.t('accountEdits.history.contactsReordered', { user: actorName(request) }),
      });
      await auditChange(app, request, {
        action: 'contacts.reordered',
        site,
        targetType: 'site',
        targetId: site.siteNum,
        before,
        after: after.map((c) => c.contactId),
      });
      return after;
    },
  );
}
