import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { TestClient } from './client.js';
import { listen, startTestApp, TEST_DATABASES, type TestApp } from './harness.js';

/** SPEC §2 knowledge-base: the help centre the shell frames is configurable (HELP_CENTER_URL). */
describe.each(TEST_DATABASES)('help centre address in GET /api/assets/config on $name', (database) => {
  let t: TestApp;
  let custom: TestApp;
  let origin: string;
  let customOrigin: string;

  beforeAll(async () => {
    t = await startTestApp(database);
    origin = await listen(t);
    custom = await startTestApp(database, { HELP_CENTER_URL: 'https://help.example.com/portal/' });
    customOrigin = await listen(custom);
  });
  afterAll(async () => {
    await t?.close();
    await custom?.close();
  });

  it('defaults to the help pages the web app ships', async () => {
    const response = await new TestClient(origin).request('GET', '/api/assets/config');
    expect(response.status).toBe(200);
    expect((await response.json()).helpCenterUrl).toBe('/help/');
  });

  it('answers the configured help centre', async () => {
    const response = await new TestClient(customOrigin).request('GET', '/api/assets/config');
    expect((await response.json()).helpCenterUrl).toBe('https://help.example.com/portal/');
  });

  it('refuses a help centre that is not http(s) at start-up', () => {
    expect(() => loadConfig({ HELP_CENTER_URL: 'javascript:alert(1)' })).toThrow(/HELP_CENTER_URL/);
  });
});
