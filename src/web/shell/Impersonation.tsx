import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useDataProvider, useTranslate } from 'react-admin';
import { loadSignedIn } from '../providers/transport.js';
import { updateSession } from '../providers/session.js';
import { ConfirmDialog } from './ConfirmDialog.js';
import { pushNotice } from './notices.js';
import type { PortalDataProvider } from '../providers/dataProvider.js';
import { useShellSession } from './useShellSession.js';

/** §4 'Impersonation: a banner reads 'You are now impersonating this user'. Ending it needs confirmation.' */
export function ImpersonationBanner() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<PortalDataProvider>();
  const { impersonating } = useShellSession();
  const [confirm, setConfirm] = useState(false);
  if (!impersonating) return null;
  return (
    <>
      <Alert
        severity="warning"
        sx={{ borderRadius: 0 }}
        action={
          <Button color="inherit" size="small" onClick={() => setConfirm(true)}>
            {translate('shell.impersonation.end')}
          </Button>
        }
      >
        {translate('shell.impersonation.banner')}
      </Alert>
      <ConfirmDialog
        open={confirm}
        title={translate('shell.impersonation.confirmTitle')}
        message={translate('shell.impersonation.confirm')}
        onCancel={() => setConfirm(false)}
        onConfirm={async () => {
          try {
            const token = await dataProvider.endImpersonation();
            updateSession({ impersonating: false });
            await loadSignedIn(token);
            window.location.assign('/support');
          } catch {
            setConfirm(false);
            pushNotice({ type: 'danger', title: translate('shell.impersonation.end'), message: translate('shell.impersonation.failed') });
          }
        }}
      />
    </>
  );
}
