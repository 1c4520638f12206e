import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../../schemas/user.js';
import { HttpError } from 'react-admin';
import { createDataProvider } from './dataProvider.js';
import { resetSession, updateSession } from './session.js';
import { configureTransport, resetTransport } from './transport.js';

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

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe("react-admin's dataProvider over the transport (SPEC §8 messages)", () => {
  it("rejects a 400 with the server's text as the message and its field errors in the body", async () => {
    answer = json(400, { message: 'The form is not valid. Please check for errors', errors: { title: 'Required' } });
    const failure = createDataProvider().create('news', { data: { title: '' } });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({
      status: 400,
      message: 'The form is not valid. Please check for errors',
      body: { errors: { title: 'Required' } },
    });
  });

  it("rejects a failure the server gave no text with an empty message, so react-admin's default shows, not 'HTTP 500'", async () => {
    answer = json(500, {});
    await expect(createDataProvider().delete('news', { id: 1 })).rejects.toMatchObject({ status: 500, message: '' });
  });
});
