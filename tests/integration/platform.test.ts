import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { EMBEDDED, startTestApp, TEST_DATABASES, type TestApp } from './harness.js';

describe.each(TEST_DATABASES)('platform on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database);
  });
  afterAll(() => t?.close());

  it('answers health with the database reachable', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('publishes an OpenAPI 3.1 document built from the route schemas', async () => {
    const response = await t.app.inject({ url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/news', '/api/news/{id}', '/api/health']));
    const body = doc.paths['/api/news'].post.requestBody.content['application/json'].schema;
    expect(JSON.stringify(body)).toContain('"maxLength":128');
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['NewsItem', 'NewsItemInput', 'StatusBanner']));
  });

  it('serves the API browser at /api/docs', async () => {
    const response = await t.app.inject({ url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
  });

  it('answers 503 when the database is unreachable', async () => {
    const broken = await startTestApp(database);
    await broken.db.destroy();
    const response = await broken.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({ status: 'unavailable' });
    await broken.app.close();
  });
});

describe.skipIf(!EMBEDDED)('embedded database', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('keeps all data in DATA_DIR across a restart', async () => {
    const config = loadConfig({ DATA_DIR: dataDir, DEMO: 'false', LOG_LEVEL: 'silent' });
    const first = await buildApp(config, { logger: false });
    const id = (
      await first.db
        .insertInto('news_items')
        .values({ title: 'Kept', body: 'Across restarts' })
        .returning('news_id')
        .executeTakeFirstOrThrow()
    ).news_id;
    await first.close();

    const second = await buildApp(config, { logger: false });
    const kept = await second.db.selectFrom('news_items').selectAll().where('news_id', '=', id).executeTakeFirst();
    expect(kept).toMatchObject({ title: 'Kept', body: 'Across restarts' });
    await second.close();
  });
});
