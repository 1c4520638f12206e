import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import {
  contactFilterSchema,
  contactInputSchema,
  contactOrderSchema,
  contactSchema,
  contactsUi,
  type Contact,
  type ContactFilter,
  type ContactInput,
} from '../../../schemas/contacts.js';
import { errorSchema, serialId, validationErrorSchema } from '../../../schemas/shared.js';
import { addContactMessage, checkContact, reorderContacts } from '../../common/callList.js';
import { maskPasscode } from '../../common/passcodeRules.js';
import { audienceAccess, DEALER_AUDIENCE, type Audience } from '../http/audience.js';
import { HttpError } from '../http/errors.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { accountSites } from './accountSite.js';
import { contactsRepository, NEW_CONTACT, valuesFrom } from './contactsRepository.js';
import {
  actorName,
  addRow,
  auditChange,
  changedFields,
  fieldList,
  invalid,
  notFound,
  removeRow,
  siteOfNew,
  siteRowsEntity,
} from './changes.js';

const siteParams = { type: 'object', required: ['siteNum'], properties: { siteNum: serialId } } as const;
const errors = { 401: errorSchema, 403: errorSchema, 404: errorSchema };
const tags = ['contacts'];

/**
 * The fields a history line names when they change: those a user edits (the form's fields,
 * contactsUi), the passcode by its masked value, so a field added to the form is in the history too.
 */
const TRACKED = contactsUi.order.map((field) => (field === 'passcode' ? 'passcodeMasked' : field));

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
  await simpleRestRoutes<Contact, ContactFilter, 'id', ContactInput>(app, {
    ...siteRowsEntity(sites, audience, 'contacts', contacts.page),
    tags,
    record: contactSchema,
    filter: contactFilterSchema,
    summaries: {
      list: 'An account\'s call list in calling order (filter={"siteNum":N}), or contacts by id (filter={"id":[..]}); sort: id',
      one: 'One contact',
    },
    one: async (id, request) => (await contacts.get(request.auth!.user, Number(id)))?.contact,
    create: {
      summary: 'Add a contact at the end of the call list; the phone is stored as E.164',
      body: contactInputSchema,
      handler: async (body, request) => {
        const site = await siteOfNew(sites, request, body.siteNum);
        const check = checkContact({ phoneNumber: body.phoneNumber, passcode: body.passcode });
        if (!check.ok) throw invalid(check.errors);
        const tooMany = addContactMessage(await contacts.count(site.siteNum));
        if (tooMany) throw new HttpError(400, tooMany);
        const values = { ...valuesFrom(body, NEW_CONTACT), phoneNumber: check.phoneNumber };
        const name = values.name;
        return addRow(app, request, site, {
          action: 'contact.created',
          targetType: 'contact',
          audited,
          history: request.t('accountEdits.history.contactAdded', { name, user: actorName(request) }),
          add: (history) => contacts.create(site, values, history),
        });
      },
    },
    update: {
      summary: 'Change a contact (siteNum and position are not changed here)',
      body: contactInputSchema,
      handler: async (id, body, request) => {
        const found = await contacts.get(request.auth!.user, Number(id));
        if (!found) return undefined;
        const check = checkContact({ phoneNumber: body.phoneNumber, passcode: body.passcode });
        // A number stored before the rule existed may stay as it is while other fields change.
        const unchangedPhone = body.phoneNumber === found.contact.phoneNumber;
        if (!check.ok && !(unchangedPhone && Object.keys(check.errors).every((f) => f === 'phoneNumber'))) throw invalid(check.errors);
        const before = found.contact;
        const values = { ...valuesFrom(body, found.values), phoneNumber: check.ok ? check.phoneNumber : body.phoneNumber };
        const { passcode, ...shown } = values;
        const name = values.name;
        const expected: Contact = { ...before, ...shown, passcodeMasked: passcode ? maskPasscode(passcode) : null };
        const fields = changedFields(before, expected, TRACKED);
        if (body.passcode !== undefined && body.passcode !== found.values.passcode && !fields.includes('passcodeMasked'))
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
    },
    delete: {
      summary: 'Remove a contact from the call list; answers it',
      handler: async (id, request) => {
        const found = await contacts.get(request.auth!.user, Number(id));
        return removeRow(app, request, found && { site: found.site, row: found.contact }, {
          action: 'contact.deleted',
          targetType: 'contact',
          audited,
          history: (contact) => request.t('accountEdits.history.contactRemoved', { name: contact.name, user: actorName(request) }),
          remove: (site, contact, history) => contacts.delete(site, contact.contactId, history),
        });
      },
    },
  });

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
