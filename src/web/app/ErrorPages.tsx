import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { Navigate, useNavigate } from 'react-router-dom';
import { isWellFormedRequestId } from '../../common/requestId.js';
import { bugReportPath } from '../contactUs/contactPaths.js';
import { SERVER_ERROR_KEY } from '../providers/transport.js';
import { homePath } from '../shell/menuRules.js';
import { useShellSession } from '../shell/useShellSession.js';
import { PageTitle } from '../resources/PageTitle.js';

function HomeAndBug({ onLeave, requestId }: { onLeave?: () => void; requestId?: string }) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { user } = useShellSession();
  return (
    <Stack direction="row" spacing={2} justifyContent="center">
      <Button
        variant="contained"
        onClick={() => {
          onLeave?.();
          navigate(homePath(user?.applicationNum));
        }}
      >
        {translate('shell.errors.home')}
      </Button>
      <Button
        variant="outlined"
        onClick={() => {
          onLeave?.();
          navigate(bugReportPath(requestId));
        }}
      >
        {translate('shell.errors.reportBug')}
      </Button>
    </Stack>
  );
}

/** §2 access-denied: 'Access Denied' plus the dealer portal name. */
export function AccessDeniedPage() {
  const translate = useTranslate();
  const { config } = useShellSession();
  const portalName = config?.portalName ?? '';
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <PageTitle
        title={translate('shell.errors.accessDenied')}
        documentTitle={translate('shell.errors.accessDeniedTitle', { portalName })}
      />
      <Typography sx={{ mb: 3 }}>{translate('shell.errors.accessDeniedText')}</Typography>
      <HomeAndBug />
    </Box>
  );
}

/** §2 'anything else': the 404 image, Home and Report Bug. */
export function NotFoundPage() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <img
        src="/not-found.svg"
        alt={translate('shell.errors.notFoundImage')}
        width={320}
        height={180}
        style={{ maxWidth: '100%', height: 'auto' }}
      />
      <PageTitle title={translate('shell.errors.notFound')} />
      <Typography sx={{ mb: 3 }}>{translate('shell.errors.notFoundText')}</Typography>
      <HomeAndBug />
    </Box>
  );
}

interface StoredError {
  status: number;
  /** The server's message, when it sent one. */
  message?: string;
  /** The server's id of the failed call (X-Request-Id): shown, and sent with Report Bug. */
  requestId?: string;
}

/** The statuses whose text the catalogues hold (shell.errors.status.*), for an error stored without a message. */
const STATUS_TEXTS = new Set([500, 501, 502, 503, 504]);

/** The error is reported once: leaving the page forgets it. */
function clearStoredError() {
  try {
    sessionStorage.removeItem(SERVER_ERROR_KEY);
  } catch {
    // nothing stored
  }
}

function readStoredError(): StoredError | null {
  try {
    const raw = sessionStorage.getItem(SERVER_ERROR_KEY);
    if (!raw) return null;
    const value = JSON.parse(raw) as { status?: unknown; message?: unknown; requestId?: unknown };
    if (typeof value.status !== 'number') return null;
    const message = typeof value.message === 'string' && value.message ? value.message : undefined;
    const requestId = isWellFormedRequestId(value.requestId) ? value.requestId : undefined;
    return { status: value.status, message, requestId };
  } catch {
    return null;
  }
}

/** §2 server-error: '{status} Error' and the status text; home when nothing is stored. */
export function ServerErrorPage() {
  const translate = useTranslate();
  const { user } = useShellSession();
  const [error] = useState(readStoredError);
  if (!error) return <Navigate to={homePath(user?.applicationNum)} replace />;
  const statusText = error.message ?? (STATUS_TEXTS.has(error.status) ? translate(`shell.errors.status.${error.status}`) : undefined);
  return (
    <Box sx={{ textAlign: 'center', py: 6 }}>
      <PageTitle title={translate('shell.errors.serverError', { status: error.status })} />
      {statusText && <Typography sx={{ mb: error.requestId ? 1 : 3 }}>{statusText}</Typography>}
      {error.requestId && (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 3, overflowWrap: 'anywhere' }} data-testid="request-id">
          {translate('shell.errors.requestId', { requestId: error.requestId })}
        </Typography>
      )}
      <HomeAndBug onLeave={clearStoredError} requestId={error.requestId} />
    </Box>
  );
}
