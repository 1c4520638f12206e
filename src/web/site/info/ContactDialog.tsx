import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useTranslate } from 'react-admin';
import type { SiteDetail } from '../../../../schemas/sites.js';
import { CONTACT_LIMITS, contactsUi } from '../../../../schemas/contacts.js';
import { passcodeProblem } from '../../../common/passcodeRules.js';
import { EditDialog, EditField, OrderedFields, PasscodeField } from './EditDialog.js';
import { mergeErrors, orNull, phoneFeedback } from './editRules.js';
import { useEditor, type AccountEdit, type EditorSave } from './useAccountEdit.js';

type SiteContact = SiteDetail['contacts'][number];

interface Form {
  name: string;
  relation: string;
  phoneNumber: string;
  email: string;
  verifies: boolean;
  hasKey: boolean;
  passcode: string;
  removePasscode: boolean;
}

const emptyForm: Form = {
  name: '',
  relation: '',
  phoneNumber: '',
  email: '',
  verifies: true,
  hasKey: false,
  passcode: '',
  removePasscode: false,
};

function formOf(contact: SiteContact | undefined): Form {
  if (!contact) return emptyForm;
  return {
    name: contact.name,
    relation: contact.relation ?? '',
    phoneNumber: contact.phoneNumber ?? '',
    email: contact.email ?? '',
    verifies: contact.verifies,
    hasKey: contact.hasKey,
    passcode: '',
    removePasscode: false,
  };
}

/**
 * Adds or edits a contact of the call list: the phone checked as it is typed with the phone
 * rule's message (src/common/callList.ts) and shown as it will be saved; the verification flag;
 * the contact's passcode, masked, left empty to keep it. The server checks it all again.
 */
export function ContactDialog({
  siteNum,
  contact,
  onClose,
  edit,
}: {
  siteNum: number;
  /** The contact edited; undefined to add one. */
  contact?: SiteContact;
  onClose: () => void;
  edit: AccountEdit;
}) {
  const translate = useTranslate();
  const editor = useEditor(edit, onClose, () => formOf(contact));
  const { form, set } = editor;

  const phone = phoneFeedback(form.phoneNumber);
  const clientErrors = {
    name: editor.submitted && !form.name.trim() ? 'validation.required' : undefined,
    phoneNumber: phone.error ?? (editor.submitted && !form.phoneNumber.trim() ? 'accountEdits.phone.required' : undefined),
    passcode: form.passcode ? passcodeProblem(form.passcode) : undefined,
  };
  const errors = mergeErrors(clientErrors, editor.serverErrors);
  const t = (key: string) => translate(`accountEdits.contacts.fields.${key}`);

  function request(): EditorSave | undefined {
    if (!form.name.trim() || !form.phoneNumber.trim() || phone.error || clientErrors.passcode) return undefined;
    const data = {
      name: form.name.trim(),
      relation: orNull(form.relation),
      phoneNumber: form.phoneNumber,
      email: orNull(form.email),
      verifies: form.verifies,
      hasKey: form.hasKey,
      ...(form.passcode ? { passcode: form.passcode } : form.removePasscode ? { passcode: null } : {}),
    };
    return {
      resource: 'contacts',
      id: contact?.contactId,
      siteNum,
      data,
      success: { key: contact ? 'accountEdits.contacts.updated' : 'accountEdits.contacts.added', args: { name: data.name } },
    };
  }

  return (
    <EditDialog
      {...editor.dialog(request)}
      title={translate(contact ? 'accountEdits.contacts.editTitle' : 'accountEdits.contacts.addTitle')}
    >
      <OrderedFields
        ui={contactsUi}
        inputs={{
          name: (
            <EditField
              label={t('name')}
              required
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
              error={errors.name}
              slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.nameMax } }}
              autoFocus
            />
          ),
          relation: (
            <EditField
              label={t('relation')}
              value={form.relation}
              onChange={(e) => set('relation', e.target.value)}
              error={errors.relation}
              slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.relationMax } }}
            />
          ),
          phoneNumber: (
            <EditField
              label={t('phoneNumber')}
              required
              type="tel"
              autoComplete="off"
              value={form.phoneNumber}
              onChange={(e) => set('phoneNumber', e.target.value)}
              error={errors.phoneNumber}
              hint={phone.preview ? translate('accountEdits.phone.willBeSaved', { phone: phone.preview }) : ' '}
              slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.phoneMax, 'data-testid': 'contact-phone' } }}
            />
          ),
          email: (
            <EditField
              label={t('email')}
              type="email"
              value={form.email}
              onChange={(e) => set('email', e.target.value)}
              error={errors.email}
              slotProps={{ htmlInput: { maxLength: CONTACT_LIMITS.emailMax } }}
            />
          ),
          verifies: (
            <FormControlLabel
              control={<Checkbox checked={form.verifies} onChange={(e) => set('verifies', e.target.checked)} />}
              label={t('verifies')}
            />
          ),
          hasKey: (
            <FormControlLabel
              control={<Checkbox checked={form.hasKey} onChange={(e) => set('hasKey', e.target.checked)} />}
              label={t('hasKey')}
            />
          ),
          passcode: (
            <>
              <PasscodeField
                label={t('passcode')}
                value={form.passcode}
                onChange={(e) => set('passcode', e.target.value)}
                error={errors.passcode}
                hint={contact?.passcodeMasked ? t('passcodeKeep') : ' '}
                disabled={form.removePasscode}
              />
              {contact?.passcodeMasked && (
                <FormControlLabel
                  control={<Checkbox checked={form.removePasscode} onChange={(e) => set('removePasscode', e.target.checked)} />}
                  label={t('removePasscode')}
                />
              )}
            </>
          ),
        }}
      />
    </EditDialog>
  );
}
