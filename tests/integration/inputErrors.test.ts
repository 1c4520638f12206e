import { describe, expect, it } from 'vitest';
import { minimalPdf } from '../../src/server/http/pdf.js';
import { TestClient } from './client.js';
import { TEST_DATABASES } from './harness.js';
import { demoSuite, SUPPORT_ADMIN } from './fixtures.js';

/**
 * Input the database cannot take (a null character in a text, an integer
 * beyond its column, a body nested thousands deep, a truncated upload) is a 400 with a message, never a 500.
 */
describe.each(TEST_DATABASES)('bad input answers 400 on $name', (database) => {
  const { t, admin, dealer } = demoSuite(database, { admin: SUPPORT_ADMIN, dealer: 'dealer.beta' });

  it('refuses a null character in a body text, naming the field', async () => {
    const response = await admin.request('POST', '/api/news', { title: 'Fire\u0000wall', body: 'Notes' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'The form is not valid. Please check for errors',
      errors: { title: 'Must not contain a null character' },
    });
  });

  it('refuses a null character in a sign-in, before any query', async () => {
    const response = await (
      await new TestClient(t.origin).init()
    ).request('POST', '/api/account/login', { username: 'dealer\u0000.beta', password: 'x' });
    expect(response.status).toBe(400);
    // The sign-in's 400 schema answers the message only.
    expect((await response.json()).message).toBe('The form is not valid. Please check for errors');
  });

  it('refuses a null character in a query, in the language of the request', async () => {
    const response = await dealer.request('GET', '/api/site/search?q=10%00', undefined, { 'Accept-Language': 'fr' });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({ q: 'Ne doit pas contenir de caractère nul' });
  });

  it('refuses a null character in a path parameter and in a key', async () => {
    expect((await dealer.request('PUT', '/api/site/favorites/10%00')).status).toBe(400);
    const key = await admin.request('PUT', '/api/statusBanner', { ['x\u0000']: 1 });
    expect(key.status).toBe(400);
  });

  it('refuses a body nested thousands deep (a draft’s free-form data), and stores no draft', async () => {
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    const before = (await (await dealer.request('GET', '/api/siteDrafts')).json()).length;
    const response = await dealer.requestJsonText('POST', '/api/siteDrafts', `{"step":"review","data":{"$where":${deep}}}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'The form is not valid. Please check for errors',
      errors: { root: 'Must not nest more than 32 levels deep' },
    });
    expect((await (await dealer.request('GET', '/api/siteDrafts')).json()).length).toBe(before);
  });

  it('refuses integers beyond the int4 columns with the limit', async () => {
    const body = await dealer.request('PUT', '/api/user/accountGroup', { siteGroupNum: 99_999_999_999 });
    expect(body.status).toBe(400);
    expect((await body.json()).errors).toEqual({ siteGroupNum: 'Must be 2147483647 or less' });
    for (const path of ['/api/site/99999999999', '/api/branding?siteGroupNum=99999999999', '/api/news/99999999999']) {
      const response = await dealer.request('GET', path);
      expect(response.status, path).toBe(400);
      expect((await response.json()).message, path).toBeTruthy();
    }
  });

  it('refuses a news PDF carrying JavaScript, and stores nothing', async () => {
    const item = await (await admin.request('POST', '/api/news', { title: 'Scripted', body: 'Upload' })).json();
    const scripted = minimalPdf('Release notes')
      .toString('latin1')
      .replace(
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Catalog /Pages 2 0 R /OpenAction << /S /JavaScript /JS (app.alert(1)) >> >>',
      );
    const form = new FormData();
    form.append('file', new Blob([Buffer.from(scripted, 'latin1')], { type: 'application/pdf' }), 'notes.pdf');
    const url = `${t.origin}/api/news/${item.id}/document`;
    const response = await fetch(url, { method: 'POST', headers: admin.headersFor(url, 'POST'), body: form });
    expect(response.status).toBe(400);
    expect((await response.json()).message).toMatch(/contains scripts or actions/);
    expect((await admin.request('GET', `/api/news/${item.id}/document`)).status).toBe(404);
  });

  it('answers a truncated multipart upload with 400 and a message', async () => {
    const item = await (await admin.request('POST', '/api/news', { title: 'Truncated', body: 'Upload' })).json();
    const url = `${t.origin}/api/news/${item.id}/document`;
    const boundary = '----portal-test';
    const body = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 cut here`;
    const headers = admin.headersFor(url, 'POST', { 'Content-Type': `multipart/form-data; boundary=${boundary}` });
    const response = await fetch(url, { method: 'POST', headers, body });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The upload is incomplete or damaged. Please try again.' });
  });
});
