import type { Passcode, PasscodeFilter } from '../../../schemas/passcodes.js';
import { maskPasscode, type StoredPasscode } from '../../common/passcodeRules.js';
import type { Db } from '../db/database.js';
import { siteRowsPage, type ScopeUser } from '../db/siteScope.js';
import type { ListQuery } from '../http/simpleRest.js';
import type { HistoryChange } from '../db/accountHistory.js';
import { accountSites, deleteWithChange, withChange, type EditSite } from './accountSite.js';

const passcodeOf = (row: { passcode_id: number; site_num: number; name: string; passcode: string; is_duress: boolean }): Passcode => ({
  id: row.passcode_id,
  passcodeId: row.passcode_id,
  siteNum: row.site_num,
  name: row.name,
  masked: maskPasscode(row.passcode),
  isDuress: row.is_duress,
});

/** An account's passcodes: answered masked; the clear values only for the rules, inside the server. */
export function passcodesRepository(db: Db) {
  const sites = accountSites(db);
  return {
    /** A page of the passcodes in the user's scope: the account's, or by id (by id either way). */
    page(user: ScopeUser, query: ListQuery<PasscodeFilter, 'id'>) {
      const rows = db.selectFrom('passcodes').innerJoin('sites', 'sites.site_num', 'passcodes.site_num').selectAll('passcodes');
      return siteRowsPage(rows, user, { id: 'passcodes.passcode_id', order: ['passcodes.passcode_id'], record: passcodeOf }, query);
    },
    async list(siteNum: number): Promise<Passcode[]> {
      const rows = await db.selectFrom('passcodes').selectAll().where('site_num', '=', siteNum).orderBy('passcode_id').execute();
      return rows.map(passcodeOf);
    },
    /** Every passcode of the site in clear, for the rules (duplicates, one duress); never answered. */
    async stored(siteNum: number): Promise<StoredPasscode[]> {
      const rows = await db.selectFrom('passcodes').selectAll().where('site_num', '=', siteNum).execute();
      return rows.map((r) => ({ passcodeId: r.passcode_id, name: r.name, passcode: r.passcode, isDuress: r.is_duress }));
    },
    async siteOf(user: ScopeUser, passcodeId: number) {
      return sites.siteOfRow(user, 'passcodes', 'passcode_id', passcodeId);
    },
    async create(
      target: EditSite,
      values: { name: string; passcode: string; isDuress: boolean },
      history: HistoryChange,
    ): Promise<Passcode> {
      return withChange(db, target, history, async (trx) => {
        const row = await trx
          .insertInto('passcodes')
          .values({ site_num: target.siteNum, name: values.name, passcode: values.passcode, is_duress: values.isDuress })
          .returningAll()
          .executeTakeFirstOrThrow();
        return passcodeOf(row);
      });
    },
    async update(
      target: EditSite,
      passcodeId: number,
      values: Partial<{ name: string; passcode: string; is_duress: boolean }>,
      history: HistoryChange | undefined,
    ): Promise<Passcode> {
      return withChange(db, target, history, async (trx) => {
        const row = await trx
          .updateTable('passcodes')
          .set(values)
          .where('passcode_id', '=', passcodeId)
          .returningAll()
          .executeTakeFirstOrThrow();
        return passcodeOf(row);
      });
    },
    async delete(target: EditSite, passcodeId: number, history: HistoryChange): Promise<void> {
      await deleteWithChange(db, target, { table: 'passcodes', idColumn: 'passcode_id', id: passcodeId }, history);
    },
  };
}
