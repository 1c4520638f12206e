import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useCreate, useNotify, useRecordContext, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { msaAccountUi, msaAccountUpdateSchema, type MsaPersonalUser } from '../../../schemas/user.js';
import { clientMessage } from '../providers/errorMessages.js';
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
      onClose={onClose}
    >
      <PasswordShown onClose={onClose} />
      <EmailCode onClose={onClose} />
    </ResourceDialog>
  );
}

/**
 * The code sent to the new email, while one is awaited: confirming it makes that email the
 * sign-in. It sits inside the account's form, so Enter in the code confirms it (not Save).
 */
function EmailCode({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const record = useRecordContext<MsaPersonalUser>();
  const [create, { isPending }] = useCreate();
  const [update] = useUpdate<MsaPersonalUser>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  if (!record?.emailPending) return null;
  const pendingEmail = record.emailPending;

  const confirm = async () => {
    if (code.length !== 6 || isPending) return;
    setError(undefined);
    try {
      const saved = (await create(CONFIRMATION, { data: { code } }, { returnPromise: true })) as MsaPersonalUser;
      notify(translate('msa.accountDialog.changed', { email: saved.email }), { type: 'success' });
      // The header and the account's record show the new email.
      refresh();
      onClose();
    } catch (failure) {
      const { message, fieldErrors } = clientMessage(failure, VALIDATE_FAILED);
      setError(fieldErrors?.code ?? message);
    }
  };
  const resend = async () => {
    setError(undefined);
    try {
      await update(
        RESOURCE,
        { id: ME, data: { email: pendingEmail, phoneNumber: record.phoneNumber }, previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true },
      );
      notify('msa.accountDialog.codeSent', { type: 'info' });
    } catch (failure) {
      setError(clientMessage(failure, UPDATE_FAILED).message);
    }
  };

  return (
    <Box role="group" aria-labelledby="msa-email-code-title" sx={{ mt: 2 }}>
      <Alert severity="info" role="status">
        <Typography id="msa-email-code-title" variant="subtitle2" component="h3">
          {translate('msa.accountDialog.pendingTitle')}
        </Typography>
        {translate('msa.accountDialog.pendingText', { email: pendingEmail, current: record.email })}
      </Alert>
      <TextField
        sx={{ mt: 2 }}
        autoFocus
        required
        fullWidth
        size="small"
        label={translate('msa.accountDialog.code')}
        value={code}
        onChange={(event) => {
          setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
          setError(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key !== 'Enter') return;
          event.preventDefault();
          void confirm();
        }}
        error={Boolean(error)}
        helperText={error ? translate(error) : translate('msa.accountDialog.codeHelp')}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mt: 1 }}>
        <Button onClick={() => void resend()}>{translate('msa.accountDialog.resend')}</Button>
        <Button variant="contained" disabled={code.length !== 6 || isPending} onClick={() => void confirm()}>
          {translate('msa.accountDialog.verify')}
        </Button>
      </Box>
    </Box>
  );
}
