import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { errorsPlugin } from '../http/errors.js';
import { accessGuard, isValidAccess } from './accessGuard.js';
import type { Auth } from './authPlugin.js';

/** A bare server with the guard, a stand-in for authPlugin (header x-user: JSON of the user row) and a translator. */
async function guarded(register: (app: FastifyInstance) => void) {
  const app = Fastify({ logger: false });
  app.decorate('db', {} as never);
  app.decorateRequest('auth', null);
  app.decorateRequest('t', null as never);
  app.addHook('onRequest', async (request) => {
    request.t = ((key: string) => key) as never;
    const header = request.headers['x-user'];
    if (typeof header === 'string') request.auth = { user: JSON.parse(header) } as Auth;
  });
  await app.register(errorsPlugin);
  await app.register(accessGuard);
  register(app);
  await app.ready();
  return app;
}

const row = (application_num: number, extra: object = {}) =>
  JSON.stringify({ user_id: 1, application_num, can_edit_news: false, roles: [], auth_flags: [], current_site_group_num: null, ...extra });

describe('access guard', () => {
  it('refuses to start while a route under /api declares no access, and names it', async () => {
    await expect(
      guarded((app) => {
        app.get('/api/declared', { config: { access: 'public' } }, async () => 'ok');
        app.post('/api/forgotten', async () => 'ok');
      }),
    ).rejects.toThrow(/POST \/api\/forgotten/);
  });

  it('refuses an entry the table does not have', async () => {
    await expect(
      guarded((app) => {
        app.get('/api/typo', { config: { access: { resource: 'newz', action: 'list' } as never } }, async () => 'ok');
      }),
    ).rejects.toThrow(/GET \/api\/typo/);
    expect(isValidAccess({ resource: 'news', action: 'list', enforcedBy: 'handler' })).toBe(false);
  });

  it('leaves routes outside /api alone', async () => {
    const app = await guarded((app) => app.get('/elsewhere', async () => 'ok'));
    expect((await app.inject({ url: '/elsewhere' })).statusCode).toBe(200);
  });

  it('401 without a session, 403 when the table denies, before the body is validated', async () => {
    const app = await guarded((app) => {
      const body = { type: 'object', required: ['title'], properties: { title: { type: 'string' } } };
      app.post('/api/news', { config: { access: { resource: 'news', action: 'create' } }, schema: { body } }, async () => 'made');
      app.get('/api/me', { config: { access: 'signedIn' } }, async () => 'me');
      app.get('/api/open', { config: { access: 'public' } }, async () => 'open');
      app.post('/api/key', { config: { access: 'credential' } }, async () => 'key');
    });
    const call = (url: string, user?: string, payload?: object) =>
      app.inject({
        method: url === '/api/news' || url === '/api/key' ? 'POST' : 'GET',
        url,
        headers: user ? { 'x-user': user } : {},
        payload,
      });
    expect((await call('/api/news', undefined, {})).statusCode).toBe(401);
    expect((await call('/api/news', row(2), {})).statusCode).toBe(403);
    expect((await call('/api/news', row(1), {})).statusCode).toBe(403);
    const editor = row(1, { can_edit_news: true });
    expect((await call('/api/news', editor, {})).statusCode).toBe(400);
    expect((await call('/api/news', editor, { title: 'T' })).statusCode).toBe(200);
    expect((await call('/api/me')).statusCode).toBe(401);
    expect((await call('/api/me', row(3))).statusCode).toBe(200);
    expect((await call('/api/open')).statusCode).toBe(200);
    expect((await call('/api/key')).statusCode).toBe(200);
  });

  it('reads the answering service of the current group only for the entries that need it', async () => {
    let lookups = 0;
    const app = Fastify({ logger: false });
    const hasService = new Map([
      [9993, true],
      [5877, false],
    ]);
    const query = () => ({
      select: () => ({
        where: (_c: string, _o: string, value: number) => ({
          executeTakeFirst: async () => {
            lookups++;
            return { has_answering_service: hasService.get(value) ?? false };
          },
        }),
      }),
    });
    app.decorate('db', { selectFrom: query } as never);
    app.decorateRequest('auth', null);
    app.decorateRequest('t', null as never);
    app.addHook('onRequest', async (request) => {
      request.t = ((key: string) => key) as never;
      request.auth = { user: JSON.parse(request.headers['x-user'] as string) } as Auth;
    });
    await app.register(errorsPlugin);
    await app.register(accessGuard);
    app.get('/api/ans', { config: { access: { resource: 'ansMessages', action: 'list' } } }, async () => 'ans');
    app.get('/api/news', { config: { access: { resource: 'news', action: 'list' } } }, async () => 'news');
    await app.ready();
    const dealer = (group: number) => row(2, { roles: ['level8'], auth_flags: ['ansServiceBlockFlag'], current_site_group_num: group });
    expect((await app.inject({ url: '/api/ans', headers: { 'x-user': dealer(9993) } })).statusCode).toBe(200);
    expect((await app.inject({ url: '/api/ans', headers: { 'x-user': dealer(5877) } })).statusCode).toBe(403);
    expect(lookups).toBe(2);
    expect((await app.inject({ url: '/api/news', headers: { 'x-user': dealer(9993) } })).statusCode).toBe(200);
    expect(lookups).toBe(2);
  });
});
