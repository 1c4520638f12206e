import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { closeNotice, subscribeNotices, type ShellNotice } from './notices.js';
import { afterNoticeAction } from './timingRules.js';

const SEVERITY = { warning: 'warning', danger: 'error', info: 'info' } as const;

/**
 * One notice: closes after its duration; an action closes it on success, restarts its timer on
 * failure (§4). While the pointer is over it or focus is in it the timer waits, and starts again
 * when they leave (WCAG 2.2.1: someone reading an alarm's details does not lose them).
 */
function NoticeItem({ notice }: { notice: ShellNotice }) {
  const translate = useTranslate();
  const [timerRun, setTimerRun] = useState(0);
  const [busy, setBusy] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const held = busy || hovered || focused;
  useEffect(() => {
    if (held) return undefined;
    const timer = setTimeout(() => closeNotice(notice.id), notice.durationMs);
    return () => clearTimeout(timer);
  }, [notice.id, notice.durationMs, timerRun, held]);

  const run = async (action: ShellNotice['actions'][number]) => {
    setBusy(true);
    let outcome: 'success' | 'failure' = 'success';
    try {
      await action.run();
    } catch {
      outcome = 'failure';
    }
    setBusy(false);
    if (afterNoticeAction(outcome) === 'close') closeNotice(notice.id);
    else setTimerRun((n) => n + 1);
  };

  return (
    <Alert
      severity={SEVERITY[notice.type]}
      variant="standard"
      role={notice.type === 'danger' ? 'alert' : 'status'}
      data-testid="shell-notice"
      data-type={notice.type}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      sx={{ width: 380, maxWidth: 'calc(100vw - 32px)', boxShadow: 6, border: 1, borderColor: 'divider' }}
      action={
        <IconButton aria-label={translate('shell.notifications.close')} color="inherit" size="small" onClick={() => closeNotice(notice.id)}>
          <CloseIcon fontSize="small" />
        </IconButton>
      }
    >
      <AlertTitle>{notice.title}</AlertTitle>
      {notice.message}
      {notice.actions.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
          {notice.actions.map((action) => (
            <Button key={action.label} size="small" variant="outlined" color="inherit" disabled={busy} onClick={() => void run(action)}>
              {action.label}
            </Button>
          ))}
        </Stack>
      )}
    </Alert>
  );
}

/** SPEC §2 'Notifications stack at the bottom right'. */
export function NotificationStack() {
  const translate = useTranslate();
  const [notices, setNotices] = useState<readonly ShellNotice[]>([]);
  useEffect(() => subscribeNotices(setNotices), []);
  return (
    <Stack
      component="section"
      aria-label={translate('shell.notifications.label')}
      spacing={1}
      sx={{ position: 'fixed', right: 16, bottom: 16, zIndex: (theme) => theme.zIndex.snackbar, alignItems: 'flex-end' }}
    >
      {notices.map((notice) => (
        <NoticeItem key={notice.id} notice={notice} />
      ))}
    </Stack>
  );
}
