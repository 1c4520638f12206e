import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import HelpOutline from '@mui/icons-material/HelpOutline';
import RestartAlt from '@mui/icons-material/RestartAlt';
import Search from '@mui/icons-material/Search';
import UploadFile from '@mui/icons-material/UploadFile';
import { useTranslate } from 'react-admin';
import type { DealerBranding } from '../../../schemas/dealer.js';
import { LOGO_TYPES, type LogoVariant } from '../../common/logoRules.js';
import { HEADER_COLORS, ownLogo, shownLogo } from './brandingRules.js';

export interface LogoCardProps {
  variant: LogoVariant;
  branding: DealerBranding;
  busy: boolean;
  /** The message of the last refusal of this variant, translated. */
  error?: string;
  onFile(file: File): void;
  onReset(): void;
}

/** The header as it looks in a theme, with the logo it would show. */
function HeaderPreview({ variant, branding }: { variant: LogoVariant; branding: DealerBranding }) {
  const translate = useTranslate();
  const colors = HEADER_COLORS[variant];
  const { src } = shownLogo(branding, variant);
  return (
    <Box
      role="img"
      aria-label={translate(variant === 'light' ? 'branding.page.previewLight' : 'branding.page.previewDark')}
      data-testid={`logo-preview-${variant}`}
      sx={{
        height: 64,
        px: 2,
        display: 'flex',
        alignItems: 'center',
        gap: 1.5,
        bgcolor: colors.background,
        color: colors.text,
        border: 1,
        borderColor: colors.border,
        borderRadius: 1,
        boxShadow: 1,
      }}
    >
      <Box component="img" src={src} alt="" sx={{ height: 40, maxWidth: 200, objectFit: 'contain', flexShrink: 1, minWidth: 0 }} />
      <Box sx={{ flex: 1 }} />
      <Search aria-hidden fontSize="small" />
      <HelpOutline aria-hidden fontSize="small" />
      <Box aria-hidden sx={{ width: 28, height: 28, borderRadius: '50%', bgcolor: 'primary.main', flexShrink: 0 }} />
    </Box>
  );
}

/** One theme's logo: its header preview, whose logo it is, upload and reset. */
export function LogoCard({ variant, branding, busy, error, onFile, onReset }: LogoCardProps) {
  const translate = useTranslate();
  const input = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const own = ownLogo(branding, variant);
  const { source } = shownLogo(branding, variant);
  const titleId = `logo-${variant}-title`;
  const caption = source === 'own' ? 'branding.page.current' : source === 'light' ? 'branding.page.darkFallback' : 'branding.page.default';
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Typography id={titleId} component="h2" variant="h6" sx={{ mb: 2 }}>
          {translate(variant === 'light' ? 'branding.page.light' : 'branding.page.dark')}
        </Typography>
        <HeaderPreview variant={variant} branding={branding} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
          {translate(caption)}
        </Typography>
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {error}
          </Alert>
        )}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" startIcon={<UploadFile />} disabled={busy} onClick={() => input.current?.click()}>
          {translate(busy ? 'branding.page.uploading' : own ? 'branding.page.replace' : 'branding.page.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          hidden
          accept={LOGO_TYPES.join(',')}
          data-testid={`logo-input-${variant}`}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <Button
          variant="outlined"
          startIcon={<RestartAlt />}
          disabled={busy || !own}
          onClick={() => setConfirming(true)}
          sx={{ ml: '0 !important' }}
        >
          {translate('branding.page.reset')}
        </Button>
      </CardActions>
      <Dialog open={confirming} onClose={() => setConfirming(false)} aria-labelledby={`${titleId}-reset`}>
        <DialogTitle id={`${titleId}-reset`}>{translate('branding.page.resetTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('branding.page.resetBody')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(false)}>{translate('branding.page.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirming(false);
              onReset();
            }}
          >
            {translate('branding.page.reset')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
