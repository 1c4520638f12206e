import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_STAFF_CUSTOMER } from '../../src/server/db/seed/demo/staffCustomer.js';
import { injectWriteHeaders, startTestApp, TEST_DATABASES, type TestApp } from './harness.js';

/**
 * Links in mail come from PUBLIC_URL and MSA_HOSTS only: a request with an
 * attacker's Host header (another port, another scheme, another host) must not
 * steer where a registration link points. The link is read back from the outbox.
 */
const PUBLIC_URL = 'https://portal.example.com:8443';

describe.each(TEST_DATABASES)('links in mail on $name', (database) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp(database, { DEMO: 'true', PUBLIC_URL, MSA_HOSTS: 'my.example.com' });
  });
  afterAll(() => t?.close());

  /** Asks for a fresh registration link for the demo customer created by staff, with `headers`; returns the mailed link. */
  async function mailedLink(headers: Record<string, string>) {
    await t.db.deleteFrom('login_throttle').execute();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/msa/register/resend',
      headers: { ...headers, ...(await injectWriteHeaders(t.app)) },
      payload: { email: DEMO_STAFF_CUSTOMER.email },
    });
    expect(response.statusCode).toBe(200);
    const outbox = await t.app.inject({ method: 'GET', url: `/api/dev/outbox?to=${encodeURIComponent(DEMO_STAFF_CUSTOMER.email)}` });
    const [newest] = outbox.json<{ text: string }[]>();
    return /(\S+\/login\/register\?otp=\S+)/.exec(newest.text)?.[1];
  }

  it("keeps PUBLIC_URL's scheme and port on a customer host, whatever port and scheme the request names", async () => {
    const link = await mailedLink({ host: 'my.example.com:6666', 'x-forwarded-proto': 'http', 'x-forwarded-host': 'evil.example' });
    expect(link).toMatch(/^https:\/\/my\.example\.com:8443\/login\/register\?otp=/);
  });

  it('sends PUBLIC_URL for any other host', async () => {
    for (const host of ['evil.example:6666', 'evil.example', 'portal.example.com:1']) {
      expect(await mailedLink({ host })).toMatch(/^https:\/\/portal\.example\.com:8443\/login\/register\?otp=/);
    }
  });
});
