import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslate } from 'react-admin';
import { failureMessage } from '../providers/errorMessages.js';

/**
 * A load that failed: the server's message, else the screen's default (SPEC §8), and a button
 * that tries again; nothing else on the screen is lost.
 */
export function LoadFailed({
  error,
  messageKey,
  retryKey,
  onRetry,
  sx,
}: {
  error: unknown;
  /** The screen's default message (a locale key). */
  messageKey: string;
  /** The retry button's label (a locale key). */
  retryKey: string;
  onRetry: () => unknown;
  sx?: SxProps<Theme>;
}) {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          {translate(retryKey)}
        </Button>
      }
    >
      {translate(failureMessage(error, messageKey))}
    </Alert>
  );
}
