import { describe, expect, it } from 'vitest';
import { HttpError } from 'react-admin';
import { createDataProvider } from '../dataProvider.js';
import { fakeServer, jsonResponse, SIGNED_IN } from '../fakeTransport.js';

const server = fakeServer({ session: SIGNED_IN });

describe('Banner Settings through the dataProvider', () => {
  it('reads no banner (404) as none set up', async () => {
    server.answer = () => jsonResponse(404, { message: 'Not found' });
    await expect(createDataProvider().statusBanner()).resolves.toBeNull();
  });

  it("rejects any other failure as react-admin's HttpError with the server's text, for the dialog to show", async () => {
    server.answer = () => jsonResponse(400, { message: 'The form is not valid. Please check for errors', errors: { title: 'Required' } });
    const failure = createDataProvider().saveStatusBanner({ active: true, title: '', body: 'b', importance: 'Info' });
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toMatchObject({ status: 400, body: { errors: { title: 'Required' } } });
  });
});
