import { useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { REDIRECTING_KEY } from '../../common/loginFlow.js';
import { api } from '../providers/http.js';
import { clearSession } from '../providers/session.js';
import { notify } from './notify.js';

/**
 * §4 'Application 2 and not beta is redirected to the classic portal. A one-time key is
 * created, "Redirecting..." is shown and the browser navigates there. On failure: "An error
 * occurred while navigating", and the user returns to login.' The session is handed over
 * (deleteSession=true), so this tab navigates itself: no popup that could be blocked.
 */
export function ClassicHandoff({ onFailed }: { onFailed: () => void }) {
  const { t } = useTranslation();
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    api<{ rwKey: string; url: string }>('rw3k/key?deleteSession=true', 'POST').then(
      ({ url }) => {
        clearSession();
        window.location.assign(url);
      },
      () => {
        notify({ type: 'error', message: t('login.errors.navigating') });
        onFailed();
      },
    );
  }, [onFailed, t]);
  return (
    <Box role="status" sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, py: 4 }}>
      <CircularProgress aria-label={t(REDIRECTING_KEY)} />
      <Typography>{t(REDIRECTING_KEY)}</Typography>
    </Box>
  );
}
