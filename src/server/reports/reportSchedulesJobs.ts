import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ReportFormat, ReportId } from '../../../schemas/reports.js';
import { reportLinks } from './reportLinksRepository.js';
import { reportRunsRepository } from './reportRunsRepository.js';
import { reportSchedulesRepository } from './reportSchedulesRepository.js';
import type { FinishedRun } from './reportTypes.js';

const DUE_QUEUE = 'report-schedules-due';

/**
 * Scheduled reports as durable jobs: a due pass on the pg-boss queue
 * 'report-schedules-due' each minute (pg-boss's cron: one tick a minute however
 * many processes run), which claims each due schedule (reportSchedulesRepository.claim:
 * one process wins an occurrence) and queues its run with app.reports. When a
 * scheduled run ends, each recipient gets an email with a link of their own to
 * /reports-download/{linkID} (never the file); a failed one tells the owner.
 */
export const reportSchedulesPlugin = fp(
  async (app: FastifyInstance) => {
    const schedules = reportSchedulesRepository(app.db);
    const runs = reportRunsRepository(app.db);
    const links = reportLinks(app.db);
    const { i18n } = app;

    async function duePass(now = new Date()): Promise<number> {
      let started = 0;
      for (const row of await schedules.due(now)) {
        if (row.site_group_num === null || !(await schedules.claim(row, now))) continue;
        const runId = await app.reports.enqueue({
          userId: row.user_id,
          siteGroupNum: row.site_group_num,
          reportId: row.report_id as ReportId,
          format: row.format as ReportFormat,
          parameters: row.parameters as Record<string, unknown>,
          timeZone: row.time_zone,
          language: row.language,
          scheduleId: row.schedule_id,
        });
        await app.audit.system({
          action: 'reportSchedule.ran',
          targetType: 'report_schedule',
          targetId: row.schedule_id,
          details: { runId, by: 'system' },
        });
        started++;
      }
      return started;
    }

    async function emailRecipients(run: FinishedRun) {
      if (run.scheduleId === null) return;
      const schedule = await schedules.byId(run.scheduleId);
      const row = await runs.byId(run.id);
      if (!schedule || !row) return;
      const t = i18n.forRequest(run.language);
      const names = { scheduleName: schedule.name, reportName: run.reportName };
      if (run.status === 'done') {
        const expires = app.reportRunner.expiresAt(row.created_at);
        for (const email of schedule.recipients) {
          const linkId = await links.create(run.id, email, expires);
          const link = `${app.config.publicUrl}/reports-download/${linkId}`;
          await app.outbox.sendEmail({
            to: email,
            subject: t('reports.email.subject', names),
            text: t('reports.email.body', { ...names, link }),
          });
        }
        await app.audit.system({
          action: 'reportSchedule.emailed',
          targetType: 'report_run',
          targetId: run.id,
          details: { scheduleId: schedule.schedule_id, recipients: schedule.recipients.length, by: 'system' },
        });
      } else if (run.status === 'failed') {
        const owner = await app.db.selectFrom('users').select('email').where('user_id', '=', run.userId).executeTakeFirst();
        if (owner?.email)
          await app.outbox.sendEmail({
            to: owner.email,
            subject: t('reports.email.failedSubject', names),
            text: t('reports.email.failedBody', names),
          });
      }
    }
    app.reports.onFinished(emailRecipients);

    // Scheduled times are whole minutes: a pass at each minute's start.
    await app.jobs.schedule(DUE_QUEUE, '* * * * *', async () => {
      await duePass();
    });

    app.decorate('reportSchedules', { duePass });
  },
  { name: 'report-schedules', dependencies: ['reports'] },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** The due pass of scheduled reports (tests call it to run a pass now). */
    reportSchedules: { duePass(now?: Date): Promise<number> };
  }
}
