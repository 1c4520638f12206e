import { useId, useMemo, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { EditBase, Form, useCreate, useEditContext, useNotify, useRefresh, useTranslate, useUpdate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { msaAccountUi, msaAccountUpdateSchema, type MsaPersonalUser } from '../../../schemas/user.js';
import { lazySchemaValidator } from '../forms/lazySchemaValidator.js';
import { FormSubmitButton } from '../forms/FormSubmitButton.js';
import { SchemaForm } from '../forms/SchemaForm.js';
import { clientMessage } from '../providers/errorMessages.js';
import { LoadFailed } from '../resources/LoadFailed.js';

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

/**
 * SPEC §2 'MSA account dialog', §5 'MSA account', §7 'Update personal user: email, phone':
 * the customer's email (their sign-in, max 128) and phone (max 32, a valid number), drawn from
 * the schema by SchemaForm, with the password shown read-only. The phone is saved at once; a new
 * email waits for the 6-digit code sent to it (the dialog then asks for it) and only then
 * replaces the old one, whose owner is told by email. Reached through the dataProvider.
 */
export function MsaAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useTranslate();
  const titleId = useId();
  // Full screen on a phone, as every dialog of the customer's screens.
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={phone}>
      <DialogTitle id={titleId}>{translate('msa.accountDialog.title')}</DialogTitle>
      {/* The Dialog unmounts its content when closed: each opening reads the account afresh. */}
      <EditBase resource={RESOURCE} id={ME} mutationMode="pessimistic" redirect={false}>
        <AccountContent onClose={onClose} />
      </EditBase>
    </Dialog>
  );
}

function AccountContent({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { record, isPending, error, refetch } = useEditContext<MsaPersonalUser>();
  const [update] = useUpdate<MsaPersonalUser>();
  const validate = useMemo(() => lazySchemaValidator(msaAccountUpdateSchema), []);

  if (error) {
    return (
      <>
        <DialogContent>
          <LoadFailed error={error} messageKey={UPDATE_FAILED} retryKey="msa.retry" onRetry={refetch} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{translate('msa.accountDialog.close')}</Button>
        </DialogActions>
      </>
    );
  }
  if (isPending || !record) {
    return (
      <DialogContent>
        <Stack spacing={2} aria-busy="true">
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      </DialogContent>
    );
  }

  const save = async (values: Record<string, unknown>) => {
    const data = { email: String(values.email ?? '').trim(), phoneNumber: String(values.phoneNumber ?? '').trim() || null };
    try {
      const saved = (await update(
        RESOURCE,
        { id: ME, data, previousData: record },
        { mutationMode: 'pessimistic', returnPromise: true },
      )) as MsaPersonalUser;
      if (!saved.emailPending) {
        notify('msa.accountDialog.saved', { type: 'success' });
        onClose();
      }
      return undefined;
    } catch (failure) {
      const { message, fieldErrors } = clientMessage(failure, UPDATE_FAILED);
      if (fieldErrors) return fieldErrors;
      notify(message, { type: 'error' });
      return undefined;
    }
  };

  return (
    <>
      <Form
        key={`${record.email}|${record.phoneNumber ?? ''}`}
        record={{ email: record.email, phoneNumber: record.phoneNumber ?? '' }}
        onSubmit={save}
        validate={validate}
        mode="onChange"
        reValidateMode="onChange"
        noValidate
        sanitizeEmptyValues={false}
      >
        <DialogContent sx={{ pt: 1 }}>
          <SchemaForm schema={msaAccountUpdateSchema} ui={msaAccountUi} />
          <TextField
            label={translate('msa.accountDialog.password')}
            value={PASSWORD_MASK}
            fullWidth
            helperText={translate('msa.accountDialog.passwordHelp')}
            slotProps={{ input: { readOnly: true }, htmlInput: { 'aria-readonly': true, tabIndex: -1 } }}
          />
          <Box sx={{ mt: 1 }}>
            <Link component={RouterLink} to="/user-account" onClick={onClose} underline="always">
              {translate('msa.accountDialog.changePassword')}
            </Link>
          </Box>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          {/* While a code is awaited, Close sits with it below; Save still sends a code to another email. */}
          {!record.emailPending && (
            <Button onClick={onClose} color="inherit">
              {translate('msa.accountDialog.close')}
            </Button>
          )}
          <FormSubmitButton label="msa.accountDialog.save" />
        </DialogActions>
      </Form>
      {record.emailPending && <EmailCode record={record} onClose={onClose} />}
    </>
  );
}

/** The code sent to the new email: confirming it makes that email the sign-in. */
function EmailCode({ record, onClose }: { record: MsaPersonalUser; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [create, { isPending }] = useCreate();
  const [update] = useUpdate<MsaPersonalUser>();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string>();
  const pendingEmail = record.emailPending!;

  const confirm = async (event: FormEvent) => {
    event.preventDefault();
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
    <Box component="form" noValidate onSubmit={(event) => void confirm(event)} aria-labelledby="msa-email-code-title">
      <DialogContent sx={{ pt: 0 }}>
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
          label={translate('msa.accountDialog.code')}
          value={code}
          onChange={(event) => {
            setCode(event.target.value.replace(/\D/g, '').slice(0, 6));
            setError(undefined);
          }}
          error={Boolean(error)}
          helperText={error ? translate(error) : translate('msa.accountDialog.codeHelp')}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose} color="inherit">
          {translate('msa.accountDialog.close')}
        </Button>
        <Button onClick={() => void resend()}>{translate('msa.accountDialog.resend')}</Button>
        <Button type="submit" variant="contained" disabled={code.length !== 6 || isPending}>
          {translate('msa.accountDialog.verify')}
        </Button>
      </DialogActions>
    </Box>
  );
}
