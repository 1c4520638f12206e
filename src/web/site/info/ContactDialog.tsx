import type { SiteDetail } from '../../../../schemas/sites.js';
import { contactInputSchema, contactsUi } from '../../../../schemas/contacts.js';
import { lazySchemaValidator } from '../../forms/lazySchemaValidator.js';
import { AccountDialog } from './AccountDialog.js';
import { contactPayload, contactProblems } from './editRules.js';

type SiteContact = SiteDetail['contacts'][number];

const validate = lazySchemaValidator(contactInputSchema, contactProblems);

/**
 * Adds or edits a contact of the call list, drawn from the contact's schema and contactsUi: the
 * phone checked as it is typed with the phone rule's message (src/common/callList.ts) and shown
 * as it will be saved; the verification flag; the contact's passcode, masked, left empty to keep
 * it, or removed. The server checks it all again.
 */
export function ContactDialog({ siteNum, contact, onClose }: { siteNum: number; contact?: SiteContact; onClose: () => void }) {
  return (
    <AccountDialog
      name="contacts"
      siteNum={siteNum}
      edit={contact && { id: contact.contactId, row: contact }}
      defaults={{ name: '', relation: null, phoneNumber: '', email: null, verifies: true, hasKey: false }}
      schema={contactInputSchema}
      ui={contactsUi}
      validate={validate}
      transform={contactPayload}
      texts={{
        title: contact ? 'accountEdits.contacts.editTitle' : 'accountEdits.contacts.addTitle',
        saved: (record) => ({
          key: contact ? 'accountEdits.contacts.updated' : 'accountEdits.contacts.added',
          args: { name: record.name as string },
        }),
      }}
      onClose={onClose}
    />
  );
}
