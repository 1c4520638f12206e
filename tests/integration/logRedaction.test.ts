import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInClient, TestClient } from './client.js';
import { listenLogged, openTestDatabase, ONCE, ONCE_TABLE } from './harness.js';

/** The request log never carries what a user typed in full: captured from the app's own logger. */
describe.skipIf(!ONCE).each(ONCE_TABLE)('log redaction on $name', (database) => {
  const lines: string[] = [];
  let close: () => Promise<void>;
  let origin: string;

  beforeAll(async () => {
    const base = await openTestDatabase(database, { DEMO: 'true', LOG_LEVEL: 'info' });
    ({ origin, close } = await listenLogged(base, lines));
  });
  afterAll(() => close?.());

  it('logs requests, but neither the usernames of sign-ins nor the words of a search', async () => {
    lines.length = 0;
    const stranger = await new TestClient(origin).init();
    expect((await stranger.login('Ursula.Unknown-7731', 'Wrong-Password-5512')).status).toBe(401);
    const dealer = await signedInClient(origin, 'dealer.beta');
    const search = await dealer.request('GET', '/api/site/search?q=Zebrafinch%20Lane&type=details');
    expect(search.status).toBe(200);
    await dealer.request('GET', '/api/dev/outbox?to=ursula%40example.com');

    const log = lines.join('');
    // The log is there, with the routes and the names of the parameters...
    expect(log).toContain('/api/account/login');
    expect(log).toContain('/api/site/search?q=[redacted]&type=[redacted]');
    // ...and none of the values typed.
    for (const typed of ['Ursula', 'Wrong-Password', 'dealer.beta', 'ChangeMe', 'Zebrafinch', 'details', 'ursula%40example.com']) {
      expect(log, typed).not.toContain(typed);
    }
  });

  it('logs a refused single sign-on without the provider name the browser sent', async () => {
    lines.length = 0;
    const response = await fetch(`${origin}/api/sso/login?siteGroup=9993&provider=Quokkaprovider-4417`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const log = lines.join('');
    expect(log).toContain('single sign-on refused');
    expect(log).not.toContain('Quokkaprovider');
  });
});
