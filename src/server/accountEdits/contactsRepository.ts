import { sql, type Selectable } from 'kysely';
import type { Contact, ContactFilter, ContactInput } from '../../../schemas/contacts.js';
import { maskPasscode } from '../../common/passcodeRules.js';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import { siteRowsPage, type ScopeUser } from '../db/siteScope.js';
import type { ListQuery } from '../http/simpleRest.js';
import type { HistoryChange } from '../db/accountHistory.js';
import { accountSites, withChange, type EditSite, type Trx } from './accountSite.js';

/**
 * The one place a contact's fields meet their columns: what a form edits (the schema's fields,
 * camelCase) and the table's column of each. A field added to the contact is one line here.
 */
const COLUMN_OF = {
  name: 'name',
  relation: 'relation',
  phoneNumber: 'phone_number',
  email: 'email',
  hasKey: 'has_key',
  verifies: 'verifies',
  passcode: 'passcode',
} as const satisfies Record<string, keyof ContactRow>;

/** A contact's editable values, as the routes check and store them (the clear passcode included). */
export type ContactValues = { [F in keyof typeof COLUMN_OF]: ContactRow[(typeof COLUMN_OF)[F]] };

type ContactRow = Selectable<Database['contacts']>;

const contactColumns = [
  'contacts.contact_id',
  'contacts.site_num',
  'contacts.position',
  ...Object.values(COLUMN_OF).map((column) => `contacts.${column}` as const),
] as const;

/** The columns of the values given (those left out are left out). */
function rowOf(values: Partial<ContactValues>): Partial<ContactRow> {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [COLUMN_OF[field as keyof ContactValues], value]),
  ) as Partial<ContactRow>;
}

/** A new contact's values before the body's: none, except that a contact verifies alarms and holds no key unless told otherwise. */
export const NEW_CONTACT = {
  ...(Object.fromEntries(Object.keys(COLUMN_OF).map((field) => [field, null])) as unknown as ContactValues),
  hasKey: false,
  verifies: true,
};

/**
 * The values a body sets over `base` (the stored contact, or NEW_CONTACT): texts trimmed, an
 * optional text left empty none, the passcode as typed (empty: removed); a field the body
 * leaves out keeps its value.
 */
export function valuesFrom(body: ContactInput, base: ContactValues): ContactValues {
  const values: Record<string, unknown> = { ...base };
  for (const field of Object.keys(COLUMN_OF) as (keyof ContactValues)[]) {
    const value = body[field];
    if (value === undefined) continue;
    values[field] = typeof value !== 'string' ? value : field === 'passcode' ? value || null : value.trim() || null;
  }
  return values as ContactValues;
}

/** The values of a stored contact. */
function valuesOf(row: Pick<ContactRow, (typeof COLUMN_OF)[keyof ContactValues]>): ContactValues {
  return Object.fromEntries(Object.entries(COLUMN_OF).map(([field, column]) => [field, row[column]])) as ContactValues;
}

function contactRecord(row: Pick<ContactRow, 'contact_id' | 'site_num' | 'position' | (typeof COLUMN_OF)[keyof ContactValues]>): Contact {
  const { passcode, ...values } = valuesOf(row);
  return {
    id: row.contact_id,
    contactId: row.contact_id,
    siteNum: row.site_num,
    position: row.position,
    ...values,
    passcodeMasked: passcode ? maskPasscode(passcode) : null,
  };
}

async function contactRows(trx: Db | Trx, siteNum: number) {
  return trx
    .selectFrom('contacts')
    .select(contactColumns)
    .where('site_num', '=', siteNum)
    .orderBy('position')
    .orderBy('contact_id')
    .execute();
}

/** Positions 1…n in the order given. */
async function renumber(trx: Trx, contactIds: readonly number[]): Promise<void> {
  if (!contactIds.length) return;
  await sql`
    update contacts set position = o.position
    from unnest(${sql.val([...contactIds])}::int[]) with ordinality as o(contact_id, position)
    where contacts.contact_id = o.contact_id
  `.execute(trx);
}

/**
 * An account's call list, in calling order. Reads and writes reach a contact through a site in the
 * user's scope (accountSite.ts); writes run in a transaction with their history row.
 */
export function contactsRepository(db: Db) {
  const sites = accountSites(db);
  return {
    /** A page of the call lists in the user's scope: the account's in calling order, or by id. */
    page(user: ScopeUser, query: ListQuery<ContactFilter, 'id'>) {
      const rows = db.selectFrom('contacts').innerJoin('sites', 'sites.site_num', 'contacts.site_num').select(contactColumns);
      return siteRowsPage(
        rows,
        user,
        { id: 'contacts.contact_id', order: ['contacts.position', 'contacts.contact_id'], record: contactRecord },
        query,
      );
    },
    /** The contact and its site; undefined when out of scope or missing. The clear passcode stays inside the server. */
    async get(user: ScopeUser, contactId: number) {
      const target = await sites.siteOfRow(user, 'contacts', 'contact_id', contactId);
      if (!target) return undefined;
      const row = await db.selectFrom('contacts').select(contactColumns).where('contact_id', '=', contactId).executeTakeFirstOrThrow();
      return { site: target, contact: contactRecord(row), values: valuesOf(row) };
    },
    async count(siteNum: number): Promise<number> {
      const row = await db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('site_num', '=', siteNum)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async create(target: EditSite, values: ContactValues, history: HistoryChange): Promise<Contact> {
      return withChange(db, target, history, async (trx) => {
        const last = await trx
          .selectFrom('contacts')
          .select((eb) => eb.fn.max('position').as('p'))
          .where('site_num', '=', target.siteNum)
          .executeTakeFirst();
        const row = await trx
          .insertInto('contacts')
          .values({
            site_num: target.siteNum,
            position: Number(last?.p ?? 0) + 1,
            ...rowOf(values),
          } as never)
          .returning(contactColumns.map((c) => c.replace('contacts.', '')) as never)
          .executeTakeFirstOrThrow();
        return contactRecord(row as never);
      });
    },
    async update(
      target: EditSite,
      contactId: number,
      values: Partial<ContactValues>,
      history: HistoryChange | undefined,
    ): Promise<Contact> {
      return withChange(db, target, history, async (trx) => {
        await trx.updateTable('contacts').set(rowOf(values)).where('contact_id', '=', contactId).execute();
        const row = await trx.selectFrom('contacts').select(contactColumns).where('contact_id', '=', contactId).executeTakeFirstOrThrow();
        return contactRecord(row);
      });
    },
    /** Deletes the contact and closes the gap in the calling order. */
    async delete(target: EditSite, contactId: number, history: HistoryChange): Promise<void> {
      await withChange(db, target, history, async (trx) => {
        await trx.deleteFrom('contacts').where('contact_id', '=', contactId).execute();
        const rest = await contactRows(trx, target.siteNum);
        await renumber(
          trx,
          rest.map((r) => r.contact_id),
        );
      });
    },
    async ids(siteNum: number): Promise<number[]> {
      return (await contactRows(db, siteNum)).map((r) => r.contact_id);
    },
    async reorder(target: EditSite, contactIds: readonly number[], history: HistoryChange): Promise<Contact[]> {
      return withChange(db, target, history, async (trx) => {
        await renumber(trx, contactIds);
        return (await contactRows(trx, target.siteNum)).map(contactRecord);
      });
    },
  };
}
