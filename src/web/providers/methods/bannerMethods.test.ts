import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import type { User } from '../../../../schemas/user.js';
import { createDataProvider } from '../dataProvider.js';
import { resetSession, updateSession } from '../session.js';
import { configureTransport, resetTransport } from '../transport.js';

let answer: Response;

beforeEach(() => {
  resetSession();
  updateSession({
    status: 'signedIn',
    user: { applicationNum: 1, dealer: null } as unknown as User,
    token: { token: 't', expires: new Date(Date.now() + 600_000).toISOString() },
    reqs: { actionRequired: false } as never,
  });
  configureTransport({
    fetch: (async () => answer) as unknown as typeof fetch,
    cookies: () => '',
    language: () => 'en',
    translate: (k) => k,
  });
});
afterEach(() => resetTransport());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('Banner Settings through the dataProvider', () => {
  it('reads no banner (404) as none set up', async () => {
    answer = json(404, { message: 'Not found' });
    await expect(createDataProvider().statusBanner()).resolves.toBeNull();
  });

  it("rejects any other failure as react-admin's HttpError with the server's text, for the dialog to show", async () => {
    answer = json(400, { message: 'The form is not valid. Please check for errors', errors: { title: 'Required' } });
    const failure = createDataProvider().saveStatusBanner({ active: true, title: '', body: 'b', importance: 'Info' });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ status: 400, body: { errors: { title: 'Required' } } });
  });
});
