import { useEffect, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatusBanner } from '../banner/StatusBanner.js';
import { useColorMode } from '../theme/ColorModeProvider.js';
import { api } from '../providers/http.js';
import { PHOTO_SIZE, loginPhoto, logoFor } from './loginPageRules.js';
import type { LoginVariant } from '../../common/loginFlow.js';

interface Branding {
  headerLogoUrl?: string | null;
  darkHeaderLogoUrl?: string | null;
}

/** Sun and moon as inline SVG (no icon package in the login bundle). */
function SunMoon({ dark }: { dark: boolean }) {
  return dark ? (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <circle cx="12" cy="12" r="4.5" />
      {[0, 45, 90, 135, 180, 225, 270, 315].map((a) => (
        <rect key={a} x="11" y="1.5" width="2" height="4" rx="1" transform={`rotate(${a} 12 12)`} />
      ))}
    </svg>
  ) : (
    <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" fill="currentColor">
      <path d="M20.5 14.6A8.5 8.5 0 0 1 9.4 3.5a8.5 8.5 0 1 0 11.1 11.1z" />
    </svg>
  );
}

/** The dealer's logo (§2), else the product tagline image; anonymous GET branding. */
function Logo() {
  const { t } = useTranslation();
  const { mode } = useColorMode();
  const [branding, setBranding] = useState<Branding | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    api<Branding>('branding', 'GET', undefined, { skipError: true }).then(
      (b) => current && setBranding(b ?? null),
      () => current && setBranding(null),
    );
    return () => {
      current = false;
    };
  }, []);
  const src = failed ? logoFor(mode, null) : logoFor(mode, branding);
  return <Box component="img" src={src} alt={t('login.logoAlt')} onError={() => setFailed(true)} sx={{ maxHeight: 56, maxWidth: '100%' }} />;
}

/**
 * The login page's frame (§2): the sun/moon toggle, the status banner, the logo, the card
 * with the form or the current step, and for dealers the rotating photo on large screens
 * (58 vw or 99 vh, whichever is larger) and the 'Powered by' footer.
 */
export function LoginLayout({ variant, children }: { variant: LoginVariant; children: ReactNode }) {
  const { t } = useTranslation();
  const { mode, toggle } = useColorMode();
  const [random] = useState(() => Math.random());
  const photo = loginPhoto(mode, random);
  const dark = mode === 'dark';
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <StatusBanner />
      <Box sx={{ flex: 1, display: 'flex', position: 'relative', overflow: 'hidden' }}>
        {variant === 'dealer' && (
          <Box
            aria-hidden="true"
            data-testid="login-photo"
            sx={{
              display: { xs: 'none', lg: 'block' },
              flex: '0 0 auto',
              width: PHOTO_SIZE,
              maxWidth: '62vw',
              backgroundImage: `url(${photo})`,
              backgroundSize: 'cover',
              backgroundPosition: 'center',
            }}
          />
        )}
        <Box component="main" sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', p: 2 }}>
          <Box sx={{ alignSelf: 'flex-end' }}>
            <IconButton onClick={toggle} aria-label={t(dark ? 'login.theme.light' : 'login.theme.dark')} color="inherit">
              <SunMoon dark={dark} />
            </IconButton>
          </Box>
          <Paper elevation={variant === 'dealer' ? 0 : 2} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 }, bgcolor: 'background.paper' }}>
            <Box sx={{ display: 'flex', justifyContent: 'center', mb: 3 }}>
              <Logo />
            </Box>
            {children}
          </Paper>
          {variant === 'dealer' && (
            <Typography component="footer" variant="body2" color="text.secondary" sx={{ mt: 3 }}>
              {t('login.poweredBy')}
            </Typography>
          )}
        </Box>
      </Box>
    </Box>
  );
}
