import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Db } from '../db/database.js';
import { auditLog } from './audit.js';

const signedIn = { ip: '203.0.113.9', auth: { user: { user_id: 7 }, session: { impersonator_user_id: 3 } } } as unknown as FastifyRequest;
const anonymous = { ip: '203.0.113.9', auth: null } as unknown as FastifyRequest;

/** app.audit over a stand-in database that keeps the audit_log rows it is given. */
function recordingAudit() {
  const rows: Record<string, unknown>[] = [];
  const db = {
    insertInto: (table: string) => ({
      values: (given: Record<string, unknown> | Record<string, unknown>[]) => ({
        execute: async () => {
          for (const row of [given].flat()) rows.push({ table, ...row });
          return [];
        },
      }),
    }),
  } as unknown as Db;
  return { audit: auditLog(db), rows };
}

describe('the audit entry of a request', () => {
  it('names the signed-in user, the impersonator and the address', async () => {
    const { audit, rows } = recordingAudit();
    await audit(signedIn, { action: 'site.favorited', targetType: 'site', targetId: 12 });
    await audit(anonymous, { action: 'sso.failed' });
    expect(rows).toEqual([
      {
        table: 'audit_log',
        action: 'site.favorited',
        actor_user_id: 7,
        impersonator_user_id: 3,
        api_key_id: null,
        target_type: 'site',
        target_id: '12',
        ip: '203.0.113.9',
        details: '{}',
      },
      {
        table: 'audit_log',
        action: 'sso.failed',
        actor_user_id: null,
        impersonator_user_id: null,
        api_key_id: null,
        target_type: null,
        target_id: null,
        ip: '203.0.113.9',
        details: '{}',
      },
    ]);
  });

  it('names the API key a call was made with, and its creator as the actor', async () => {
    const { audit, rows } = recordingAudit();
    const byKey = {
      ip: '198.51.100.20',
      auth: { user: { user_id: 7 }, session: null, apiKey: { id: 4, name: 'CRM', prefix: 'AbCd2345', scopes: ['tests:write'] } },
    } as unknown as FastifyRequest;
    await audit(byKey, { action: 'siteTest.placed', targetType: 'site_test', targetId: 9 });
    expect(rows[0]).toMatchObject({ actor_user_id: 7, impersonator_user_id: null, api_key_id: 4, ip: '198.51.100.20' });
  });

  it('keeps an actor the entry names (a user an anonymous sign-in found), or none when it says null', async () => {
    const { audit, rows } = recordingAudit();
    await audit(anonymous, { action: 'sso.authenticated', actorUserId: 42 });
    await audit(signedIn, { action: 'sso.exchangeFailed', actorUserId: null });
    expect(rows.map((r) => r.actor_user_id)).toEqual([42, null]);
  });
});

describe('an audit entry without a request', () => {
  it('records the entry as given', async () => {
    const { audit, rows } = recordingAudit();
    await audit.system({ action: 'login.succeeded', actorUserId: 5, ip: '198.51.100.4', details: { method: 'password' } });
    expect(rows).toEqual([
      {
        table: 'audit_log',
        action: 'login.succeeded',
        actor_user_id: 5,
        impersonator_user_id: null,
        api_key_id: null,
        target_type: null,
        target_id: null,
        ip: '198.51.100.4',
        details: '{"method":"password"}',
      },
    ]);
  });
});
