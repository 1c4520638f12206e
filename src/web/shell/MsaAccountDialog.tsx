import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useFormContext } from 'react-hook-form';
import { TextInput, useCreate, useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import {
  msaAccountUi,
  msaAccountUpdateSchema,
  msaEmailConfirmationSchema,
  msaEmailConfirmationUi,
  type MsaPersonalUser,
} from '../../../schemas/user.js';
import { FormSubmitButton } from '../forms/FormSubmitButton.js';
import { SchemaForm, type SchemaFormSlot } from '../forms/SchemaForm.js';
import { clientMessage } from '../providers/errorMessages.js';
import { SchemaValidatedForm } from '../resources/RecordFormBase.js';
import { ResourceDialog } from '../resources/ResourceDialog.js';

/** The customer's own record (server: src/server/auth/msaUserRoutes.ts): GET/PUT /api/msa/users/me. */
const RESOURCE = 'msa/users';
const ME = 'me';
/** POST /api/msa/users/me/emailConfirmation {code}: react-admin's create on this path. */
const CONFIRMATION = 'msa/users/me/emailConfirmation';
/** §8 'Shell and customer' defaults. */
const UPDATE_FAILED = 'msa.accountDialog.updateFailed';
const VALIDATE_FAILED = 'msa.accountDialog.validateFailed';
/** §5: the password is shown read-only, never sent; a fixed mask says nothing of its length. */
const PASSWORD_MASK = '••••••••••••';

/** PUT msa/users/me: the email trimmed, an empty phone as none. */
const accountInput = (values: Record<string, unknown>) => ({
  email: String(values.email ?? '').trim(),
  phoneNumber: String(values.phoneNumber ?? '').trim() || null,
});

/** §5 'The password is shown read-only', and the way to change it. */
function PasswordShown({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  return (
    <>
      <TextField
        label={translate('msa.accountDialog.password')}
        value={PASSWORD_MASK}
        fullWidth
        size="small"
        helperText={translate('msa.accountDialog.passwordHelp')}
        slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true, tabIndex: -1 } }}
      />
      <Box sx={{ mt: 1 }}>
        <Link component={RouterLink} to="/user-account" onClick={onClose} underline="always">
          {translate('msa.accountDialog.changePassword')}
        </Link>
      </Box>
    </>
  );
}

/**
 * SPEC §2 'MSA account dialog', §5 'MSA account', §7 'Update personal user: email, phone':
 * the customer's email (their sign-in, max 128) and phone (max 32, a valid number), drawn from
 * the schema in the one dialog form (ResourceDialog, Save once something changed and is valid),
 * with the password shown read-only. The phone is saved at once; a new email waits for the
 * 6-digit code sent to it (the dialog then asks for it) and only then replaces the old one, whose
 * owner is told by email. Reached through the dataProvider.
 */
export function MsaAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <ResourceDialog
      resource={RESOURCE}
      access="msaUsers"
      target={{ mode: 'edit', id: ME }}
      schema={msaAccountUpdateSchema}
      ui={msaAccountUi}
      transform={accountInput}
      saveOnlyChanges
      texts={{
        title: 'msa.accountDialog.title',
        submit: 'msa.accountDialog.save',
        cancel: 'msa.accountDialog.close',
        // A new email is not saved yet: the code step below says what happens.
        saved: (record) => ((record as MsaPersonalUser).emailPending ? null : { key: 'msa.accountDialog.saved' }),
        saveError: UPDATE_FAILED,
        loadError: UPDATE_FAILED,
        retry: 'msa.retry',
      }}
      stayOpen={(record) => !!(record as MsaPersonalUser).emailPending}
      after={<EmailCode onClose={onClose} />}
      onClose={onClose}
    >
      <PasswordShown onClose={onClose} />
    </ResourceDialog>
  );
}

/** The code typed as the phone offers it from the message (the schema says what it must be). */
const CODE_SLOTS: Record<string, SchemaFormSlot> = {
  oneTimeCode: (field) => (
    <TextInput
      source={field.source}
      label={field.label}
      isRequired={field.rules.required}
      helperText={field.hint}
      autoComplete="one-time-code"
      autoFocus
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      fullWidth
      size="small"
    />
  ),
};

/** Sends the code to the new email again; a failure is said under the code. */
function ResendButton({ record, pendingEmail }: { record: MsaPersonalUser; pendingEmail: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { setError, clearErrors } = useFormContext();
  const [update] = useUpdate<MsaPersonalUser>();
  const resend = async () => {
    clearErrors('code');
    try {
      await update(
        RESOURCE,
        { id: ME, data: { email: pendingEmail, phoneNumber: record.phoneNumber }, previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify('msa.accountDialog.codeSent', { type: 'info' });
    } catch (failure) {
      setError('code', { type: 'server', message: clientMessage(failure, UPDATE_FAILED).message });
    }
  };
  return <Button onClick={() => void resend()}>{translate('msa.accountDialog.resend')}</Button>;
}

/**
 * The code sent to the new email, while one is awaited: a form of its own after the account's,
 * drawn from msaEmailConfirmationSchema; confirming it makes that email the sign-in.
 */
function EmailCode({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const record = useRecordContext<MsaPersonalUser>();
  const [create] = useCreate();
  if (!record?.emailPending) return null;

  const confirm = async (values: Record<string, unknown>) => {
    try {
      const saved = (await create(CONFIRMATION, { data: { code: values.code } }, { returnPromise: true })) as MsaPersonalUser;
      notify(translate('msa.accountDialog.changed', { email: saved.email }), { type: 'success' });
      // The header and the account's record show the new email.
      refresh();
      onClose();
      return undefined;
    } catch (failure) {
      const { message, fieldErrors } = clientMessage(failure, VALIDATE_FAILED);
      return { code: fieldErrors?.code ?? message };
    }
  };

  return (
    <SchemaValidatedForm schema={msaEmailConfirmationSchema} record={{ code: '' }} onSubmit={confirm}>
      <DialogContent sx={{ pt: 0 }} role="group" aria-labelledby="msa-email-code-title">
        <Alert severity="info" role="status" sx={{ mb: 2 }}>
          <Typography id="msa-email-code-title" variant="subtitle2" component="h3">
            {translate('msa.accountDialog.pendingTitle')}
          </Typography>
          {translate('msa.accountDialog.pendingText', { email: record.emailPending, current: record.email })}
        </Alert>
        <SchemaForm schema={msaEmailConfirmationSchema} ui={msaEmailConfirmationUi} slots={CODE_SLOTS} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <ResendButton record={record} pendingEmail={record.emailPending} />
        <FormSubmitButton label="msa.accountDialog.verify" />
      </DialogActions>
    </SchemaValidatedForm>
  );
}
