import type { Db } from '../../database.js';
import { DAY_MS } from './helpers.js';
import type { SiteInfo } from './sites.js';

/**
 * dealer.beta's reports (`userId`): a finished top-alarm-accounts run with its file, emailed as
 * the link /reports-download/demo-report-link (the code goes to dealer.beta's address), a failed
 * run, and a paused weekly schedule.
 */
export async function seedDemoReports(
  db: Db,
  { sites, userId, now }: { sites: readonly SiteInfo[]; userId: number; now: number },
): Promise<void> {
  const csv = Buffer.from(
    '\uFEFFRank,Account,Account name,Signals,Last signal\n' +
      sites
        .filter((site) => site.groupNum === 9993)
        .slice(0, 5)
        .map(
          (site, i) =>
            `${i + 1},${site.siteNum},"${site.row.site_name}",${40 - i * 6},${new Date(now - i * 3_600_000).toISOString().slice(0, 16).replace('T', ' ')}`,
        )
        .join('\n') +
      '\n',
  );
  const [doneRun] = await db
    .insertInto('report_runs')
    .values([
      {
        user_id: userId,
        site_group_num: 9993,
        report_id: 'topAlarmAccounts',
        report_name: 'Top alarm accounts',
        format: 'csv',
        parameters: JSON.stringify({ period: 'last7Days', kinds: ['alarm'], limit: 5 }),
        time_zone: 'America/Chicago',
        status: 'done',
        progress: 100,
        row_count: 5,
        size_bytes: csv.length,
        file_name: 'topAlarmAccounts-demo.csv',
        content_type: 'text/csv; charset=utf-8',
        attempts: 1,
        created_at: new Date(now - 2 * 3_600_000),
        started_at: new Date(now - 2 * 3_600_000),
        finished_at: new Date(now - 2 * 3_600_000 + 4_000),
      },
      {
        user_id: userId,
        site_group_num: 9993,
        report_id: 'openCloseExceptions',
        report_name: 'Open/close exceptions',
        format: 'pdf',
        parameters: JSON.stringify({ period: 'lastMonth', exceptions: ['lateToOpen', 'earlyToClose'], graceMinutes: 15, siteNums: [] }),
        time_zone: 'America/Chicago',
        status: 'failed',
        error: 'reports.errors.failed',
        attempts: 3,
        created_at: new Date(now - 26 * 3_600_000),
        started_at: new Date(now - 26 * 3_600_000),
        finished_at: new Date(now - 25 * 3_600_000),
      },
    ])
    .returning('report_run_id')
    .execute();
  await db.insertInto('report_file_chunks').values({ report_run_id: doneRun.report_run_id, seq: 0, bytes: csv }).execute();
  await db
    .insertInto('report_links')
    .values({
      link_id: 'demo-report-link',
      report_run_id: doneRun.report_run_id,
      email: 'dealer.beta@example.com',
      expires_at: new Date(now - 2 * 3_600_000 + 30 * DAY_MS),
    })
    .execute();
  // A paused weekly schedule of dealer.beta: /reports/schedules has a row to show, and the due
  // pass never runs it (no next run while it is paused).
  await db
    .insertInto('report_schedules')
    .values({
      user_id: userId,
      site_group_num: 9993,
      name: 'Weekly top alarm accounts',
      report_id: 'topAlarmAccounts',
      format: 'csv',
      parameters: JSON.stringify({ period: 'last7Days', kinds: ['alarm'], limit: 5 }),
      frequency: 'weekly',
      time_of_day: '07:00',
      weekday: 1,
      month_day: null,
      time_zone: 'America/Chicago',
      recipients: ['dealer.beta@example.com'],
      active: false,
      next_run_at: null,
      last_run_at: null,
    })
    .execute();
}
