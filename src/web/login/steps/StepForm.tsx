import type { FormEventHandler, ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { ApiError } from '../../providers/http.js';
import { tooManyAttempts, verifyErrorDurationMs } from '../../providers/transportRules.js';

/** The frame every login step shares: a heading, its text, the fields, an error and one button. */
export function StepForm({
  title,
  intro,
  error,
  submitLabel,
  busy,
  onSubmit,
  children,
}: {
  title: string;
  intro?: ReactNode;
  error?: string;
  submitLabel: string;
  busy: boolean;
  onSubmit: FormEventHandler;
  children: ReactNode;
}) {
  return (
    <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography component="h2" variant="h6">
        {title}
      </Typography>
      {intro && <Typography color="text.secondary">{intro}</Typography>}
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {children}
      <Button type="submit" variant="contained" size="large" disabled={busy}>
        {submitLabel}
      </Button>
    </Box>
  );
}

/** The server's message of a failed call, else the default (§8). */
export function failureText(error: unknown, fallback: string): string {
  const body = (error as { body?: { message?: unknown } } | undefined)?.body;
  return typeof body?.message === 'string' && body.message.trim() ? body.message : fallback;
}

/** A code the server refused, as the steps say it (too many attempts, else its message or 'wrong code'), and how long the notice stays. */
export function codeRefused(error: unknown, path: string, t: (key: string) => string) {
  const status = error instanceof ApiError ? error.status : 0;
  const many = tooManyAttempts(status, path);
  const message = many ? t(many.messageKey) : failureText(error, t('login.errors.verifyCode'));
  return { message, durationMs: verifyErrorDurationMs(status) };
}
