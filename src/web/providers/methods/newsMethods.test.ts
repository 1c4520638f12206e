import { beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createDataProvider } from '../dataProvider.js';
import { fakeServer, SIGNED_IN } from '../fakeTransport.js';

const server = fakeServer({
  session: { ...SIGNED_IN, config: { variant: 'dealer', portalName: 'P', version: '1.2.3', environment: 'dev', demo: true } },
  cookies: 'XSRF-Token=abc123',
  language: 'es',
});
beforeEach(() => {
  server.answer = () => new Response(JSON.stringify({ id: 7, hasDocument: true }), { status: 200 });
});

/** SPEC §7: the news document calls are dataProvider methods over the transport, like every other call. */
describe('news document calls', () => {
  it('upload a PDF as multipart through the transport: standard parameters, XSRF, bearer, no JSON type', async () => {
    const file = new File(['%PDF-1.4'], 'notes.pdf', { type: 'application/pdf' });
    expect(await createDataProvider().uploadNewsDocument(7, file)).toEqual({ id: 7, hasDocument: true });
    const { url, init } = server.calls[0];
    const target = new URL(url, 'http://x');
    expect(target.pathname).toBe('/api/news/7/document');
    expect(Object.fromEntries(target.searchParams)).toMatchObject({ os: 'web', v: '1.2.3', env: 'dev' });
    expect(init.method).toBe('POST');
    const headers = init.headers as Headers;
    expect(headers.get('X-XSRF-Token')).toBe('abc123');
    expect(headers.get('Authorization')).toBe('Bearer bearer-1');
    expect(headers.get('Content-Type')).toBeNull();
    const form = init.body as FormData;
    expect(form.get('name')).toBe('notes.pdf');
    expect((form.get('file') as File).name).toBe('notes.pdf');
  });

  it('delete the document through the transport', async () => {
    await createDataProvider().deleteNewsDocument(7);
    expect(server.calls[0].init.method).toBe('DELETE');
    expect((server.calls[0].init.headers as Headers).get('X-XSRF-Token')).toBe('abc123');
  });

  it("reject with react-admin's HttpError: the status, the server's text and its body", async () => {
    server.answer = () => new Response(JSON.stringify({ message: 'This file is not a PDF.' }), { status: 400 });
    const failure = createDataProvider().uploadNewsDocument(7, new File(['x'], 'a.pdf'));
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: 'This file is not a PDF.',
      body: { message: 'This file is not a PDF.' },
    });
  });
});
