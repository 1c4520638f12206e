import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { columnLabelKey } from '../../../common/siteImport/columns.js';
import { failureMessage } from '../../providers/errorMessages.js';
import { saveBlob } from '../../resources/saveBlob.js';
import { visuallyHidden } from '../../resources/visuallyHidden.js';
import type { DownloadedFile } from '../../providers/methods/billingMethods.js';

/** Page keys: siteImport.page.* (the server's own texts are the rest of siteImport.json). */
export const P = 'siteImport.page';

/** A column's name in the user's language ('Contact 2 phone'). */
export function useColumnLabel(): (column: string) => string {
  const translate = useTranslate();
  return (column) => {
    const { key, n } = columnLabelKey(column);
    const label = translate(key, { n, _: column });
    return label;
  };
}

/** Saves a fetched file under `name` (the server names it the same way). */
export async function saveFile(file: Promise<DownloadedFile>, name: string): Promise<void> {
  saveBlob((await file).blob, name);
}

/** Skeleton rows while a step loads, announced once. */
export function StepSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Stack spacing={1.5} aria-busy="true">
      <Box role="status" sx={visuallyHidden}>
        {label}
      </Box>
      <Skeleton variant="text" width="45%" height={32} />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} variant="rounded" height={44} />
      ))}
    </Stack>
  );
}

/** A failure's message (the server's text in the user's language), closable. */
export function ErrorAlert({ message, onClose }: { message?: string; onClose?: () => void }): ReactNode {
  if (!message) return null;
  return (
    <Alert severity="error" role="alert" onClose={onClose} sx={{ whiteSpace: 'pre-line' }}>
      {message}
    </Alert>
  );
}

/**
 * A step's calls: one at a time, named while it runs (`busy`), its failure kept as the server's
 * text in the user's language (else `defaultKey`'s) for the step's alert.
 */
export function useStepCall<Name extends string | number>() {
  const translate = useTranslate();
  const [busy, setBusy] = useState<Name>();
  const [error, setError] = useState<string>();
  const run = async (name: Name, call: () => Promise<unknown>, defaultKey: string): Promise<void> => {
    setBusy(name);
    setError(undefined);
    try {
      await call();
    } catch (e) {
      setError(translate(failureMessage(e, defaultKey)));
    } finally {
      setBusy(undefined);
    }
  };
  return { busy, error, setError, run };
}
