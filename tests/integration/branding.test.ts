import { describe, expect, it } from 'vitest';
import { LOGO_LIMITS } from '../../src/common/logoRules.js';
import { solidPng } from '../../src/server/db/seed/documentsSeed.js';
import { json, TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { auditsOf, demoSuite } from './fixtures.js';

/**
 * Account Group Settings and Branding (SPEC §3 dealer / account group and branding,
 * §6 xtAdmin, §7 'Load dealer branding'): only an xtAdmin dealer changes them; logos are PNG,
 * JPEG or WebP by content within the stated limits, never SVG (by content or by name); the
 * stored logo is public and cached, named in GET branding and in the group's customers' account
 * links; reset returns to the product's logo; every change is audited.
 */

/** A real PNG of one colour (RGB), as an image editor would write it. */
const png = (width: number, height: number) => new Uint8Array(solidPng(width, height, [0x1e, 0x5a, 0xa8]));

const SVG_WITH_SCRIPT = new TextEncoder().encode(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="100" height="40"><script>alert(document.cookie)</script></svg>',
);

/** A multipart upload as the browser sends it: cookies, the XSRF header and the bearer, one file. */
async function upload(client: TestClient, variant: string, name: string, content: Uint8Array, type = 'image/png') {
  return json(await client.requestForm('PUT', `/api/branding/logo/${variant}`, {}, [{ name, content, type }]));
}

describe.each(TEST_DATABASES)('account group settings and branding on $name', (database) => {
  const { t, beta, summit, customer } = demoSuite(database, {
    beta: 'dealer.beta',
    summit: 'dealer.summit',
    customer: 'customer@example.com',
  });

  const audits = (action: string) => auditsOf(t.db, action);

  it('lets only an xtAdmin dealer see and change them (§6)', async () => {
    expect((await summit.request('GET', '/api/accountGroup')).status).toBe(403);
    expect((await summit.request('PUT', '/api/accountGroup', {})).status).toBe(403);
    expect((await upload(summit, 'light', 'logo.png', png(300, 100))).status).toBe(403);
    expect((await summit.request('DELETE', '/api/branding/logo/light')).status).toBe(403);
    expect((await customer.request('GET', '/api/accountGroup')).status).toBe(403);
    expect((await upload(customer, 'light', 'logo.png', png(300, 100))).status).toBe(403);
    const anonymous = await new TestClient(t.origin).init();
    expect((await anonymous.request('GET', '/api/accountGroup')).status).toBe(401);
  });

  it('shows the current group: staff fields (number, allowed dealers, SSO names) and the dealer’s own', async () => {
    const { status, body } = await json(await beta.request('GET', '/api/accountGroup'));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      siteGroupNum: 9993,
      siteGroupName: 'Northwind Security',
      dealerNumber: '9993',
      allowedDealers: ['9993', '9994'],
      timeZone: 'America/Chicago',
      billingEmail: 'billing@northwind.example.com',
    });
    expect(Array.isArray(body.ssoProviders)).toBe(true);
    for (const name of body.ssoProviders) expect(typeof name).toBe('string');
    expect(JSON.stringify(body)).not.toMatch(/client_secret|clientSecret|issuer/);
  });

  it('changes the dealer’s fields only, normalised and audited; refuses bad ones field by field', async () => {
    const change = {
      timeZone: 'America/New_York',
      contactPhone: '(312) 555-0110',
      contactEmail: 'Office@Northwind.example.com',
      billingPhone: null,
      billingEmail: 'billing@northwind.example.com',
      officeAddress: { country: 'US', line1: '200 W Madison St', city: 'Chicago', state: 'il', postalCode: '60606' },
      mailingAddress: null,
    };
    const { status, body } = await json(await beta.request('PUT', '/api/accountGroup', change));
    expect(status).toBe(200);
    expect(body).toMatchObject({
      timeZone: 'America/New_York',
      contactPhone: '+13125550110',
      contactEmail: 'office@northwind.example.com',
      officeAddress: { state: 'IL', postalCode: '60606' },
      dealerNumber: '9993',
    });
    const [entry] = await audits('accountGroup.updated');
    expect(entry).toMatchObject({ target_id: '9993' });
    expect((entry.details as { fields: string[] }).fields).toEqual(expect.arrayContaining(['timeZone', 'contactPhone', 'officeAddress']));

    // Staff fields are not part of the body.
    expect((await beta.request('PUT', '/api/accountGroup', { ...change, dealerNumber: '1' })).status).toBe(400);
    expect((await beta.request('PUT', '/api/accountGroup', { ...change, allowedDealers: ['1'] })).status).toBe(400);
    const refused = await json(
      await beta.request('PUT', '/api/accountGroup', {
        ...change,
        timeZone: 'Mars/Base',
        contactPhone: '12',
        officeAddress: { ...change.officeAddress, postalCode: 'abc' },
      }),
    );
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.errors).sort()).toEqual(['contactPhone', 'officeAddress.postalCode', 'timeZone']);
  });

  it('stores a PNG for the light theme, serves it publicly with long cache headers, and names it everywhere', async () => {
    const image = png(400, 120);
    const { status, body } = await upload(beta, 'light', 'northwind.png', image);
    expect(status).toBe(200);
    expect(body.headerLogoUrl).toMatch(/^\/api\/branding\/logos\/[0-9a-f]{64}$/);
    expect(body.darkHeaderLogoUrl).toBe('/branding/northwind-dark.svg');

    const served = await fetch(`${t.origin}${body.headerLogoUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toMatch(/public, max-age=31536000, immutable/);
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(image);

    // §7 'Load dealer branding': signed in, and anonymously for the login page.
    expect((await json(await beta.request('GET', '/api/branding'))).body.headerLogoUrl).toBe(body.headerLogoUrl);
    const anonymous = await new TestClient(t.origin).init();
    expect((await json(await anonymous.request('GET', '/api/branding?siteGroupNum=9993'))).body.headerLogoUrl).toBe(body.headerLogoUrl);

    // §3 account link header logos: a customer's link to a site of the group.
    const links: { siteNum: number; headerLogoUrl: string | null }[] = (await json(await customer.request('GET', '/api/msa/accountLinks')))
      .body;
    const groupOf = async (siteNum: number) =>
      (await t.db.selectFrom('sites').select('site_group_num').where('site_num', '=', siteNum).executeTakeFirstOrThrow()).site_group_num;
    const ofGroup = [];
    for (const link of links) if ((await groupOf(link.siteNum)) === 9993) ofGroup.push(link);
    expect(ofGroup.length).toBeGreaterThan(0);
    for (const link of ofGroup) expect(link.headerLogoUrl).toBe(body.headerLogoUrl);

    const [entry] = await audits('branding.logoUploaded');
    expect(entry).toMatchObject({ target_id: '9993', details: { variant: 'light', contentType: 'image/png', width: 400, height: 120 } });
  });

  it('refuses a PNG renamed .svg, an SVG with script (also renamed .png), other types, oversize files and pixels', async () => {
    const before = (await json(await beta.request('GET', '/api/branding'))).body;
    const cases: [string, Uint8Array, number, string][] = [
      ['logo.svg', png(200, 80), 400, 'svg'],
      ['logo.svg', SVG_WITH_SCRIPT, 400, 'svg'],
      ['logo.png', SVG_WITH_SCRIPT, 400, 'svg'],
      ['logo.gif', new TextEncoder().encode('GIF89a\x01\x00\x01\x00'), 400, 'type'],
      ['logo.png', png(LOGO_LIMITS.maxWidth + 1, 100), 400, 'tooManyPixels'],
    ];
    for (const [name, content, status, reason] of cases) {
      const answer = await upload(beta, 'dark', name, content);
      expect(answer.status, `${name} ${reason}`).toBe(status);
      expect(typeof answer.body.message).toBe('string');
    }
    const big = new Uint8Array(LOGO_LIMITS.maxBytes + 1000);
    big.set(png(100, 40));
    const oversize = await upload(beta, 'dark', 'big.png', big);
    expect(oversize.status).toBe(413);
    expect(oversize.body.message).toContain('512');
    expect((await json(await beta.request('GET', '/api/branding'))).body).toEqual(before);
    const refusals = await audits('branding.logoRefused');
    expect(refusals.map((r) => (r.details as { reason: string }).reason)).toEqual(
      expect.arrayContaining(['branding.errors.svg', 'branding.errors.type', 'branding.errors.tooManyPixels']),
    );
  });

  it('resets a logo to the product’s (null), audited', async () => {
    const { status, body } = await json(await beta.request('DELETE', '/api/branding/logo/light'));
    expect(status).toBe(200);
    expect(body.headerLogoUrl).toBeNull();
    expect((await json(await beta.request('GET', '/api/branding'))).body.headerLogoUrl).toBeNull();
    const [entry] = await audits('branding.logoReset');
    expect(entry).toMatchObject({ target_id: '9993', details: { variant: 'light' } });
    expect((await fetch(`${t.origin}/api/branding/logos/${'0'.repeat(64)}`)).status).toBe(404);
    expect((await fetch(`${t.origin}/api/branding/logos/not-a-hash`)).status).toBe(400);
  });
});
