import type { FastifyInstance } from 'fastify';
import type { JsonSchemaToTsProvider } from '@fastify/type-provider-json-schema-to-ts';
import { DEALER_AUDIENCE, type Audience } from '../http/audience.js';
import {
  passcodeFilterSchema,
  passcodeInputSchema,
  passcodeSchema,
  type Passcode,
  type PasscodeFilter,
  type PasscodeInput,
} from '../../../schemas/passcodes.js';
import { checkPasscode } from '../../common/passcodeRules.js';
import type { ScopeUser } from '../db/siteScope.js';
import { simpleRestRoutes } from '../http/simpleRestRoutes.js';
import { accountSites } from './accountSite.js';
import { passcodesRepository } from './passcodesRepository.js';
import { actorName, addRow, auditChange, fieldList, invalid, removeRow, siteOfNew, siteRowsEntity } from './changes.js';

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

  /** The passcode and its site within the user's scope, from the stored list; undefined when out of scope or missing. */
  async function find(user: ScopeUser, passcodeId: number) {
    const site = await passcodes.siteOf(user, passcodeId);
    if (!site) return undefined;
    const all = await passcodes.list(site.siteNum);
    return { site, passcode: all.find((p) => p.passcodeId === passcodeId)!, stored: await passcodes.stored(site.siteNum) };
  }

  await simpleRestRoutes<Passcode, PasscodeFilter, 'id', PasscodeInput>(app, {
    ...siteRowsEntity(sites, audience, 'passcodes', passcodes.page),
    tags: ['passcodes'],
    record: passcodeSchema,
    filter: passcodeFilterSchema,
    summaries: {
      list: 'An account\'s passcodes, masked (filter={"siteNum":N}), or passcodes by id (filter={"id":[..]}); sort: id',
      one: 'One passcode, masked',
    },
    one: async (id, request) => (await find(request.auth!.user, Number(id)))?.passcode,
    create: {
      summary: 'Add a passcode (answered masked)',
      body: passcodeInputSchema,
      handler: async (body, request) => {
        const site = await siteOfNew(sites, request, body.siteNum);
        const draft = { name: body.name.trim(), passcode: body.passcode, isDuress: body.isDuress ?? false };
        const problems = checkPasscode(draft, await passcodes.stored(site.siteNum));
        if (Object.keys(problems).length) throw invalid(problems);
        return addRow(app, request, site, {
          action: 'passcode.created',
          targetType: 'passcode',
          audited,
          history: request.t('accountEdits.history.passcodeAdded', { name: draft.name, user: actorName(request) }),
          add: (history) => passcodes.create(site, { name: draft.name, passcode: body.passcode!, isDuress: draft.isDuress }, history),
        });
      },
    },
    update: {
      summary: 'Change a passcode: its name, its value (left out or null: unchanged), the duress flag',
      body: passcodeInputSchema,
      handler: async (id, body, request) => {
        const found = await find(request.auth!.user, Number(id));
        if (!found) return undefined;
        const { site, passcode: before, stored } = found;
        const value = body.passcode || null;
        const draft = {
          passcodeId: before.passcodeId,
          name: body.name.trim(),
          passcode: value,
          isDuress: body.isDuress ?? before.isDuress,
        };
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
    },
    delete: {
      summary: 'Remove a passcode; answers it masked',
      handler: async (id, request) => {
        const found = await find(request.auth!.user, Number(id));
        return removeRow(app, request, found && { site: found.site, row: found.passcode }, {
          action: 'passcode.deleted',
          targetType: 'passcode',
          audited,
          history: (passcode) => request.t('accountEdits.history.passcodeRemoved', { name: passcode.name, user: actorName(request) }),
          remove: (site, passcode, history) => passcodes.delete(site, passcode.passcodeId, history),
        });
      },
    },
  });
}
