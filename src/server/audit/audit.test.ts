import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { auditFor } from './audit.js';

const signedIn = { ip: '203.0.113.9', auth: { user: { user_id: 7 }, session: { impersonator_user_id: 3 } } } as unknown as FastifyRequest;
const anonymous = { ip: '203.0.113.9', auth: null } as unknown as FastifyRequest;

describe('the audit entry of a request', () => {
  it('names the signed-in user, the impersonator and the address', () => {
    expect(auditFor(signedIn, { action: 'site.favorited', targetType: 'site', targetId: 12 })).toEqual({
      action: 'site.favorited',
      targetType: 'site',
      targetId: 12,
      actorUserId: 7,
      impersonatorUserId: 3,
      ip: '203.0.113.9',
    });
    expect(auditFor(anonymous, { action: 'sso.failed' })).toMatchObject({ actorUserId: null, impersonatorUserId: null });
  });

  it('keeps an actor the entry names (a user an anonymous sign-in found), or none when it says null', () => {
    expect(auditFor(anonymous, { action: 'sso.authenticated', actorUserId: 42 }).actorUserId).toBe(42);
    expect(auditFor(signedIn, { action: 'sso.exchangeFailed', actorUserId: null }).actorUserId).toBeNull();
  });
});
