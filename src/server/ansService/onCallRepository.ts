import type { Selectable } from 'kysely';
import type { OnCallEntry, OnCallFilter, OnCallInput } from '../../../schemas/ansService.js';
import type { Db } from '../db/database.js';
import { containsPattern, iso, listPage } from '../db/listing.js';
import type { AnsOnCallTable } from '../db/schema.js';
import type { ListQuery } from '../http/simpleRest.js';
import { groupRows } from './groupRows.js';

function toOnCall(row: Selectable<AnsOnCallTable>): OnCallEntry {
  return {
    id: row.entry_id,
    personName: row.person_name,
    contactMethods: row.contact_methods,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    weekly: row.weekly,
    notes: row.notes,
    updatedAt: iso(row.updated_at),
  };
}

const onCallValues = (input: OnCallInput) => ({
  person_name: input.personName.trim(),
  contact_methods: JSON.stringify(input.contactMethods.map((m) => ({ type: m.type, value: m.value.trim() }))),
  starts_at: new Date(input.startsAt),
  ends_at: new Date(input.endsAt),
  weekly: input.weekly,
  notes: input.notes?.trim() ?? '',
  updated_at: new Date(),
});

/** The on-call rota (ans_on_call) of one account group; another group's entry answers as a missing one. */
export function onCallRepository(db: Db) {
  const rows = groupRows(db, 'ans_on_call');
  return {
    /** A page of the rota: by start, or by id when the list asks for it. */
    async list(group: number, { filter, sort, offset, limit }: ListQuery<OnCallFilter, 'id'>) {
      let query = db.selectFrom('ans_on_call').where('site_group_num', '=', group);
      if (filter.id) query = query.where('entry_id', 'in', filter.id.length ? filter.id : [0]);
      const q = filter.q?.trim();
      if (q) query = query.where('person_name', 'ilike', containsPattern(q));
      const page = query.selectAll();
      const ordered = sort ? page.orderBy('entry_id', sort.order) : page.orderBy('starts_at').orderBy('entry_id');
      const { rows, total } = await listPage(ordered, query, { offset, limit });
      return { items: rows.map(toOnCall), total };
    },

    /** The whole rota, by start (the week's gaps and conflicts). */
    async all(group: number): Promise<OnCallEntry[]> {
      const rows = await db
        .selectFrom('ans_on_call')
        .selectAll()
        .where('site_group_num', '=', group)
        .orderBy('starts_at')
        .orderBy('entry_id')
        .execute();
      return rows.map(toOnCall);
    },

    async get(group: number, id: number): Promise<OnCallEntry | undefined> {
      const row = await rows.get(group, id);
      return row && toOnCall(row);
    },

    async create(group: number, input: OnCallInput): Promise<OnCallEntry> {
      return toOnCall(await rows.insert(group, onCallValues(input)));
    },

    async update(group: number, id: number, input: OnCallInput): Promise<OnCallEntry | undefined> {
      const row = await rows.update(group, id, onCallValues(input));
      return row && toOnCall(row);
    },

    async remove(group: number, id: number): Promise<OnCallEntry | undefined> {
      const row = await rows.remove(group, id);
      return row && toOnCall(row);
    },
  };
}
