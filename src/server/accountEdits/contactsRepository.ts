import { sql } from 'kysely';
import type { Contact, ContactFilter } from '../../../schemas/contacts.js';
import { maskPasscode } from '../../common/passcodeRules.js';
import type { Db } from '../db/database.js';
import { siteRowsPage, type ScopeUser } from '../db/siteScope.js';
import type { ListQuery } from '../http/simpleRest.js';
import type { HistoryChange } from '../db/accountHistory.js';
import { accountSites, withChange, type EditSite, type Trx } from './accountSite.js';

const contactColumns = [
  'contacts.contact_id',
  'contacts.site_num',
  'contacts.position',
  'contacts.name',
  'contacts.relation',
  'contacts.phone_number',
  'contacts.email',
  'contacts.has_key',
  'contacts.verifies',
  'contacts.passcode',
] as const;

function contactRecord(row: {
  contact_id: number;
  site_num: number;
  position: number;
  name: string;
  relation: string | null;
  phone_number: string | null;
  email: string | null;
  has_key: boolean;
  verifies: boolean;
  passcode: string | null;
}): Contact {
  return {
    id: row.contact_id,
    contactId: row.contact_id,
    siteNum: row.site_num,
    position: row.position,
    name: row.name,
    relation: row.relation,
    phoneNumber: row.phone_number,
    email: row.email,
    hasKey: row.has_key,
    verifies: row.verifies,
    passcodeMasked: row.passcode ? maskPasscode(row.passcode) : null,
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
      return { site: target, contact: contactRecord(row), passcode: row.passcode };
    },
    async count(siteNum: number): Promise<number> {
      const row = await db
        .selectFrom('contacts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('site_num', '=', siteNum)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },
    async create(
      target: EditSite,
      values: {
        name: string;
        relation: string | null;
        phoneNumber: string;
        email: string | null;
        hasKey: boolean;
        verifies: boolean;
        passcode: string | null;
      },
      history: HistoryChange,
    ): Promise<Contact> {
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
            name: values.name,
            relation: values.relation,
            phone_number: values.phoneNumber,
            email: values.email,
            has_key: values.hasKey,
            verifies: values.verifies,
            passcode: values.passcode,
          })
          .returning(contactColumns.map((c) => c.replace('contacts.', '')) as never)
          .executeTakeFirstOrThrow();
        return contactRecord(row as never);
      });
    },
    async update(
      target: EditSite,
      contactId: number,
      values: Partial<{
        name: string;
        relation: string | null;
        phone_number: string;
        email: string | null;
        has_key: boolean;
        verifies: boolean;
        passcode: string | null;
      }>,
      history: HistoryChange | undefined,
    ): Promise<Contact> {
      return withChange(db, target, history, async (trx) => {
        await trx.updateTable('contacts').set(values).where('contact_id', '=', contactId).execute();
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
