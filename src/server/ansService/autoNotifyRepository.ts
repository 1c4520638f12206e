import type { Selectable } from 'kysely';
import type { AutoNotifyFilter, AutoNotifyInput, AutoNotifyRule } from '../../../schemas/ansService.js';
import type { Db } from '../db/database.js';
import { iso, listPage } from '../db/listing.js';
import type { AnsAutoNotifyTable } from '../db/schema.js';
import type { ListQuery } from '../http/simpleRest.js';
import { groupRows } from './groupRows.js';

const ruleValues = (input: AutoNotifyInput) => ({
  name: input.name.trim(),
  kind: input.kind,
  site_nums: input.siteNums,
  person_name: input.personName.trim(),
  channel: input.channel,
  destination: input.destination.trim(),
  active: input.active,
  updated_at: new Date(),
});

/** Auto-notify rules (ans_auto_notify) of one account group; another group's rule answers as a missing one. */
export function autoNotifyRepository(db: Db) {
  const rows = groupRows(db, 'ans_auto_notify');
  /** The names of those of these accounts that are in the group. */
  async function siteNamesOf(group: number, siteNums: readonly number[]): Promise<Map<number, string>> {
    if (!siteNums.length) return new Map();
    const rows = await db
      .selectFrom('sites')
      .select(['site_num', 'site_name'])
      .where('site_group_num', '=', group)
      .where('site_num', 'in', [...siteNums])
      .execute();
    return new Map(rows.map((r) => [r.site_num, r.site_name]));
  }

  async function toRules(group: number, rows: Selectable<AnsAutoNotifyTable>[]): Promise<AutoNotifyRule[]> {
    const names = await siteNamesOf(group, [...new Set(rows.flatMap((r) => r.site_nums))]);
    return rows.map((row) => ({
      id: row.rule_id,
      name: row.name,
      kind: row.kind,
      siteNums: row.site_nums,
      siteNames: row.site_nums.map((n) => names.get(n) ?? String(n)),
      personName: row.person_name,
      channel: row.channel,
      destination: row.destination,
      active: row.active,
      lastTestAt: iso(row.last_test_at),
    }));
  }

  const rule = async (group: number, row: Selectable<AnsAutoNotifyTable> | undefined) => row && (await toRules(group, [row]))[0];

  const repo = {
    /** Of these accounts, those not in the group (a rule may name only the group's own). */
    async foreignSites(group: number, siteNums: readonly number[]): Promise<number[]> {
      const names = await siteNamesOf(group, siteNums);
      return siteNums.filter((n) => !names.has(n));
    },

    /** A page of the rules: by name, or by id when the list asks for it. */
    async list(group: number, { filter, sort, offset, limit }: ListQuery<AutoNotifyFilter, 'id'>) {
      let query = db.selectFrom('ans_auto_notify').where('site_group_num', '=', group);
      if (filter.kind) query = query.where('kind', '=', filter.kind);
      if (filter.id) query = query.where('rule_id', 'in', filter.id.length ? filter.id : [0]);
      const page = query.selectAll();
      const ordered = sort ? page.orderBy('rule_id', sort.order) : page.orderBy('name').orderBy('rule_id');
      const { rows, total } = await listPage(ordered, query, { offset, limit });
      return { items: await toRules(group, rows), total };
    },

    async get(group: number, id: number): Promise<AutoNotifyRule | undefined> {
      return rule(group, await rows.get(group, id));
    },

    async create(group: number, input: AutoNotifyInput): Promise<AutoNotifyRule> {
      return (await rule(group, await rows.insert(group, ruleValues(input))))!;
    },

    async update(group: number, id: number, input: AutoNotifyInput): Promise<AutoNotifyRule | undefined> {
      return rule(group, await rows.update(group, id, ruleValues(input)));
    },

    async markTested(group: number, id: number): Promise<void> {
      await rows.update(group, id, { last_test_at: new Date() });
    },

    async remove(group: number, id: number): Promise<AutoNotifyRule | undefined> {
      return rule(group, await rows.remove(group, id));
    },
  };
  return repo;
}
