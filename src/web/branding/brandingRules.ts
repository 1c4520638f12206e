import type { DealerBranding } from '../../../schemas/dealer.js';
import type { LogoVariant } from '../../common/logoRules.js';

/**
 * The Branding page's rules: which logo each theme's header shows (the same rule as
 * the shell's header, src/web/shell/menuRules.ts headerLogo: in the dark theme the light logo
 * when there is no dark one, else the product's), and the header's colours to preview it on.
 */
const PRODUCT_LOGO = { light: '/login/tagline.svg', dark: '/login/tagline-dark.svg' } as const satisfies Record<LogoVariant, string>;

/** The header's background and text in each theme (src/web/theme/theme.ts: the paper colour). */
export const HEADER_COLORS = {
  light: { background: '#ffffff', text: 'rgba(0, 0, 0, 0.87)', border: 'rgba(0, 0, 0, 0.12)' },
  dark: { background: '#17212c', text: '#ffffff', border: 'rgba(255, 255, 255, 0.16)' },
} as const satisfies Record<LogoVariant, { background: string; text: string; border: string }>;

/** The group's own logo of a variant (null: the product's). */
export function ownLogo(branding: DealerBranding, variant: LogoVariant): string | null {
  return variant === 'light' ? branding.headerLogoUrl : branding.darkHeaderLogoUrl;
}

/** What the header shows in a theme. */
export function shownLogo(branding: DealerBranding, variant: LogoVariant): { src: string; source: 'own' | 'light' | 'product' } {
  const own = ownLogo(branding, variant);
  if (own) return { src: own, source: 'own' };
  if (variant === 'dark' && branding.headerLogoUrl) return { src: branding.headerLogoUrl, source: 'light' };
  return { src: PRODUCT_LOGO[variant], source: 'product' };
}
