import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusBanner } from '../banner/StatusBanner.js';
import { useColorMode } from '../theme/ColorModeProvider.js';
import { api } from '../providers/http.js';
import { DemoLanguagePicker } from './DemoLanguagePicker.js';
import { SunMoon } from './icons.js';
import { PHOTO_SIZE, loginPhoto, logoFor } from './loginPageRules.js';
import { loginBrandingPath, onSsoGroup, rememberedSsoGroup } from './ssoBranding.js';
import type { LoginVariant } from '../../common/loginFlow.js';

interface Branding {
  headerLogoUrl?: string | null;
  darkHeaderLogoUrl?: string | null;
}

/** The dealer's logo (§2; the SSO domain's group once the SSO dialog found it: ssoBranding.ts), else the product tagline image; anonymous GET branding. */
function Logo({ variant }: { variant: LoginVariant }) {
  const { t } = useTranslation();
  const { mode } = useColorMode();
  const [branding, setBranding] = useState<Branding | null>(null);
  const [failed, setFailed] = useState(false);
  // SSO is the dealers' (§2): the customer variant keeps the default.
  const [group, setGroup] = useState(() => (variant === 'dealer' ? rememberedSsoGroup() : undefined));
  useEffect(() => (variant === 'dealer' ? onSsoGroup(setGroup) : undefined), [variant]);
  useEffect(() => {
    let current = true;
    api<Branding>(loginBrandingPath(group), 'GET', undefined, { skipError: true }).then(
      (b) => {
        if (!current) return;
        setFailed(false);
        setBranding(b ?? null);
      },
      () => current && setBranding(null),
    );
    return () => {
      current = false;
    };
  }, [group]);
  const src = failed ? logoFor(mode, null) : logoFor(mode, branding);
  return <img src={src} alt={t('login.logoAlt')} onError={() => setFailed(true)} />;
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
    <div className="login-page">
      <StatusBanner />
      <div className="login-body">
        {variant === 'dealer' && (
          // Shown on large screens only (login.css).
          <div
            aria-hidden="true"
            data-testid="login-photo"
            className="login-photo"
            style={{ width: PHOTO_SIZE, backgroundImage: `url(${photo})` }}
          />
        )}
        <main className="login-main">
          <div className="login-toolbar">
            <DemoLanguagePicker />
            <button
              type="button"
              className="login-icon-button"
              onClick={toggle}
              aria-label={t(dark ? 'login.theme.light' : 'login.theme.dark')}
            >
              <SunMoon dark={dark} />
            </button>
          </div>
          <div className={variant === 'dealer' ? 'login-card' : 'login-card login-card--raised'}>
            <div className="login-logo">
              <Logo variant={variant} />
            </div>
            {children}
          </div>
          {variant === 'dealer' && <footer className="login-footer">{t('login.poweredBy')}</footer>}
        </main>
      </div>
    </div>
  );
}
