import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReportCodeResponse } from '../../../schemas/dealer.js';
import type { ReportDownloadGrant } from '../../../schemas/reports.js';
import { api } from '../providers/http.js';
import { FormAlert } from './dialogs/fields.js';
import { failureView } from './dialogs/formSupport.js';
import { LoginLayout } from './LoginLayout.js';
import {
  afterDownloadAttempt,
  cancelTarget,
  fileNameOf,
  freshTokenExpiry,
  isReportCode,
  linkIdOf,
  portalTarget,
  resendWait,
  storeTokenExpiry,
} from './reportDownloadRules.js';
import { useLoginConfig } from './useLoginConfig.js';

type View = { kind: 'checking' } | { kind: 'code' } | { kind: 'saved'; until: string | null } | { kind: 'error'; message: string };

/** Saves a response's body as a file in the browser. */
async function save(response: Response, fallbackName: string) {
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileNameOf(response.headers.get('content-disposition'), fallbackName);
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

async function errorText(response: Response, fallback: string): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === 'string' ? body.message : fallback;
  } catch {
    return fallback;
  }
}

/**
 * SPEC §2 reports-download/{id} and 'Report download verification dialog', §4
 * Report download: with a session allowed to see the report, or a download
 * token whose stored expiry is still ahead, the report downloads at once;
 * otherwise a code is emailed (mfa/requestReportCode) and 'Enter Verification
 * Code' opens (not closed by the backdrop or Escape; Resend Code blocked 30 s;
 * for internal users a link to the run's page in the portal). Verified, the file
 * downloads and the token's expiry is kept (an internal user's way to the portal leads
 * to /reports/{runId}); Cancel goes to the inbox for
 * internal users, else to sign in. A wrong or expired link gets its own page.
 */
export function ReportDownloadPage() {
  const { t } = useTranslation();
  const config = useLoginConfig();
  const linkId = linkIdOf(window.location.pathname);
  const [view, setView] = useState<View>(() =>
    linkId ? { kind: 'checking' } : { kind: 'error', message: t('reportDownload.errors.notFound') },
  );
  const [sent, setSent] = useState<ReportCodeResponse | null>(null);
  // The run both answers name: its page is where the portal button and link lead (§4 'Verified: go to /reports/{id}').
  const [runId, setRunId] = useState<number>();
  const [sentAt, setSentAt] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const [code, setCode] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const started = useRef(false);

  const download = useCallback(
    async (until: string | null): Promise<'saved' | 'askCode' | 'error'> => {
      const response = await fetch(`/api/report/download/${linkId}`, { credentials: 'same-origin' });
      const next = afterDownloadAttempt(response.status);
      if (next === 'saved') {
        await save(response, 'report');
        setView({ kind: 'saved', until });
      } else if (next === 'error') {
        setView({ kind: 'error', message: await errorText(response, t('reportDownload.errors.failed')) });
      }
      return next;
    },
    [linkId, t],
  );

  const requestCode = useCallback(
    async (resendCode: boolean) => {
      try {
        const answer = await api<ReportCodeResponse>(
          'mfa/requestReportCode',
          'POST',
          { linkID: linkId, type: 'email', mfaType: 'reportingVerification', resendCode },
          { skipError: true },
        );
        setSent(answer);
        setRunId(answer.runId);
        setSentAt(Date.now());
        setView({ kind: 'code' });
        if (resendCode) setNotice(t('reportDownload.dialog.resent'));
      } catch (error) {
        const failure = failureView(error, t('reportDownload.errors.failed'));
        if (resendCode && failure.status === 429) setFormError(failure.message);
        else setView({ kind: 'error', message: failure.message });
      }
    },
    [linkId, t],
  );

  useEffect(() => {
    document.title = t('reportDownload.title');
    if (started.current) return;
    started.current = true;
    if (!linkId) return;
    // A session or a token still good: straight to the file (the server decides; a 401 asks for a code).
    void (async () => {
      const next = await download(freshTokenExpiry(localStorage, linkId)).catch(() => 'error' as const);
      if (next === 'askCode') await requestCode(false);
    })();
  }, [download, linkId, requestCode, t]);

  // The Resend Code countdown.
  const wait = resendWait(sentAt, now);
  useEffect(() => {
    if (view.kind !== 'code' || wait === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [view.kind, wait]);

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    setNotice(null);
    if (!isReportCode(code)) {
      setFieldError(t('reportDownload.errors.codeDigits'));
      return;
    }
    setFieldError(null);
    setBusy(true);
    try {
      const grant = await api<ReportDownloadGrant>('report/download/exchange', 'POST', { linkID: linkId, code }, { skipError: true });
      storeTokenExpiry(localStorage, linkId!, grant.expiresAt);
      setRunId(grant.runId);
      await download(grant.expiresAt);
    } catch (error) {
      const failure = failureView(error, t('reportDownload.errors.failed'));
      if (failure.status === 400) setFieldError(failure.fieldErrors.code ?? failure.message);
      else setFormError(failure.message);
    } finally {
      setBusy(false);
    }
  };

  const time = (iso: string) => new Intl.DateTimeFormat(undefined, { timeStyle: 'short' }).format(new Date(iso));

  return (
    <LoginLayout variant={config.variant}>
      <Stack spacing={2} component="section" aria-labelledby="report-download-title" aria-busy={view.kind === 'checking'}>
        <Typography component="h1" variant="h5" id="report-download-title">
          {view.kind === 'saved'
            ? t('reportDownload.done.title')
            : view.kind === 'error'
              ? t('reportDownload.errors.title')
              : t('reportDownload.title')}
        </Typography>
        {view.kind === 'code' ? <Typography>{t('reportDownload.errors.codeRequired')}</Typography> : null}
        {view.kind === 'checking' ? (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }} role="status">
            <CircularProgress size={28} aria-hidden />
            <Typography>{t('reportDownload.checking')}</Typography>
          </Box>
        ) : null}
        {view.kind === 'saved' ? (
          <>
            <Typography>
              {t('reportDownload.done.text')} {view.until ? t('reportDownload.done.until', { time: time(view.until) }) : null}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button href={portalTarget(sent?.isTRMUser ?? false, runId)}>{t('reportDownload.done.toPortal')}</Button>
              <Button variant="contained" onClick={() => void download(view.until)}>
                {t('reportDownload.done.again')}
              </Button>
            </Stack>
          </>
        ) : null}
        {view.kind === 'error' ? (
          <>
            <FormAlert>{view.message}</FormAlert>
            <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
              <Button variant="contained" href="/login">
                {t('reportDownload.errors.toLogin')}
              </Button>
            </Stack>
          </>
        ) : null}
      </Stack>
      <Dialog
        open={view.kind === 'code'}
        // §2: it cannot be closed by clicking the backdrop (nor by Escape); Cancel leaves.
        onClose={() => undefined}
        aria-labelledby="report-code-title"
        aria-describedby="report-code-description"
        fullWidth
        maxWidth="xs"
      >
        <form onSubmit={(event) => void verify(event)} noValidate>
          <DialogTitle id="report-code-title">{t('reportDownload.dialog.title')}</DialogTitle>
          <DialogContent>
            <Stack spacing={2}>
              <DialogContentText id="report-code-description">
                {t('reportDownload.dialog.description', { email: sent?.emailAddress ?? '' })}
              </DialogContentText>
              {sent?.reportName ? (
                <Typography variant="body2">{t('reportDownload.dialog.report', { name: sent.reportName })}</Typography>
              ) : null}
              {formError ? <FormAlert>{formError}</FormAlert> : null}
              {notice ? (
                <Typography variant="body2" role="status" color="success.main">
                  {notice}
                </Typography>
              ) : null}
              <TextField
                autoFocus
                label={t('reportDownload.dialog.code')}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                error={fieldError !== null}
                helperText={fieldError ?? t('reportDownload.dialog.codeHelp')}
                autoComplete="one-time-code"
                slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*', maxLength: 6 } }}
              />
              {sent?.isTRMUser ? (
                <Link href={portalTarget(true, runId)} underline="always">
                  {t('reportDownload.dialog.viewInPortal')}
                </Link>
              ) : null}
            </Stack>
          </DialogContent>
          <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Button href={cancelTarget(sent?.isTRMUser ?? false)}>{t('reportDownload.dialog.cancel')}</Button>
            <Button onClick={() => void requestCode(true)} disabled={wait > 0}>
              {wait > 0 ? t('reportDownload.dialog.resendIn', { seconds: wait }) : t('reportDownload.dialog.resend')}
            </Button>
            <Button type="submit" variant="contained" disabled={busy}>
              {t('reportDownload.dialog.verify')}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </LoginLayout>
  );
}
