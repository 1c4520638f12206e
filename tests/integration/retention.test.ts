import { describe, expect, it } from 'vitest';
import { signedInClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite } from './fixtures.js';

/**
 * Retention: the daily pass removes what is spent and older than RETENTION_DAYS
 * (sessions, codes and links, remembered devices, outbox messages) and keeps the audit log whole.
 */
describe.each(TEST_DATABASES)('retention on $name', (database) => {
  const { t } = demoSuite(database);

  const count = async (table: 'sessions' | 'outbox_messages' | 'audit_log' | 'mfa_codes' | 'webhook_deliveries') =>
    Number(
      (
        await t.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('keeps what is live, removes what expired more than RETENTION_DAYS ago, keeps the audit log', async () => {
    await signedInClient(t.origin, 'dealer.beta');
    await t.app.outbox.sendEmail({ to: 'retention@example.com', subject: 'Kept for 30 days', text: 'Hello' });
    const sessions = await count('sessions');
    const outbox = await count('outbox_messages');
    expect(sessions).toBeGreaterThan(0);
    expect(outbox).toBeGreaterThan(0);

    // Today: nothing live is touched.
    const today = await t.app.retention.run();
    expect(today.sessions).toBe(0);
    expect(today.outboxMessages).toBe(0);
    expect(today.webhookEvents).toBe(0);
    expect(await count('sessions')).toBe(sessions);

    // Forty days on, with the default 30: the sessions have expired and the messages are old.
    const audits = await count('audit_log');
    const later = await t.app.retention.run(new Date(Date.now() + 40 * 86_400_000));
    expect(later.sessions).toBe(sessions);
    expect(later.outboxMessages).toBe(outbox);
    expect(await count('sessions')).toBe(0);
    expect(await count('outbox_messages')).toBe(0);
    // The demo's webhook log (none pending) goes with its events.
    expect(later.webhookEvents).toBeGreaterThan(0);
    expect(await count('webhook_deliveries')).toBe(0);
    expect(await count('mfa_codes')).toBe(0);
    // The audit log keeps every line, and gains the pass's own.
    expect(await count('audit_log')).toBe(audits + 1);
    const line = await t.db.selectFrom('audit_log').select('details').where('action', '=', 'retention.pruned').executeTakeFirstOrThrow();
    expect(line.details).toMatchObject({ sessions, outboxMessages: outbox, days: 30 });
  });
});
