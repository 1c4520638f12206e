import type { ContactRequestReceipt, ContactTopic } from '../../../../schemas/documents.js';
import type { AdminHttpClient } from './call.js';

/** Contact Us: the message to support, with its optional attachment, as multipart; the page shows a refusal itself. */
export function contactUsMethods(client: AdminHttpClient) {
  return {
    async sendContactRequest(topic: ContactTopic, message: string, file: File | undefined): Promise<ContactRequestReceipt> {
      const form = new FormData();
      form.append('topic', topic);
      form.append('message', message);
      if (file) form.append('file', file, file.name);
      const { json } = await client('/api/contactRequests', { method: 'POST', body: form, skipError: true });
      return json as ContactRequestReceipt;
    },
  };
}

export type ContactUsMethods = ReturnType<typeof contactUsMethods>;
