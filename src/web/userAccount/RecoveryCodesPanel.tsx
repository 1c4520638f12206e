import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { saveBlob } from '../resources/saveBlob.js';
import { recoveryCodesFile, recoveryCodesFileName, recoveryCodesText } from './authenticatorRules.js';
import { formatWhen } from './userAgent.js';

/**
 * The recovery codes, shown this once (after the setup, or made anew): a warning, the ten codes,
 * Copy, Download (a text file naming the user and the site) and 'I have saved them'.
 */
export function RecoveryCodesPanel({ codes, username, onDone }: { codes: readonly string[]; username: string; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale = 'en'] = useLocaleState();
  const titleId = useId();
  const t = (key: string, args?: Record<string, unknown>) => translate(`authenticator.codes.${key}`, args);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(recoveryCodesText(codes));
      notify('authenticator.codes.copied', { type: 'success' });
    } catch {
      notify('userAccount.saveFailed.copy', { type: 'error' });
    }
  };

  const download = () => {
    const heading = t('fileHeading', { label: username, site: window.location.host });
    const note = t('fileNote', { date: formatWhen(new Date().toISOString(), locale) });
    saveBlob(
      new Blob([recoveryCodesFile({ codes, heading, note })], { type: 'text/plain;charset=utf-8' }),
      recoveryCodesFileName(username),
    );
  };

  return (
    <Stack spacing={2} role="region" aria-labelledby={titleId}>
      <Typography id={titleId} variant="subtitle1" component="h3">
        {t('title')}
      </Typography>
      <Alert severity="warning">{t('warning')}</Alert>
      <Box
        component="ol"
        aria-label={t('listLabel')}
        sx={{
          m: 0,
          p: 2,
          pl: 5,
          display: 'grid',
          // Two columns where two codes fit side by side, else one; a code never breaks.
          gridTemplateColumns: 'repeat(auto-fill, minmax(22ch, 1fr))',
          whiteSpace: 'nowrap',
          columnGap: 4,
          rowGap: 0.5,
          bgcolor: 'action.hover',
          borderRadius: 1,
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code} data-recovery-code>
            {code}
          </li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          {t('copy')}
        </Button>
        <Button startIcon={<DownloadIcon />} onClick={download}>
          {t('download')}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {t('done')}
        </Button>
      </Stack>
    </Stack>
  );
}
