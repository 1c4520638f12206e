import type { LoginRequirements } from '../../../schemas/auth.js';
import { LIMITS } from '../../common/constants.js';
import {
  LOGIN_ROUTES,
  afterLastStep,
  buildLoginSteps,
  contactType,
  type Destination,
  type LoginGate,
  type LoginStep,
  type LoginVariant,
} from '../../common/loginFlow.js';
import type { ColorMode } from '../theme/colorMode.js';

/**
 * Rules of the login page that loginFlow.ts does not hold: field checks of the
 * credentials form (§5 'Login'), the photo choice (§2), and what follows a login answer (§4).
 */

export interface Credentials {
  username: string;
  password: string;
  /** The solved ALTCHA payload, sent once the server asked for a captcha. */
  captcha?: string;
}

export type CredentialErrors = Partial<Record<keyof Credentials, string>>;

/**
 * Whether a refused sign-in asks for a captcha with the next attempt (the
 * server's 401 {captchaRequired: true} after many failures from the address).
 */
export function captchaRequiredBy(serverBody: unknown): boolean {
  return typeof serverBody === 'object' && serverBody !== null && (serverBody as { captchaRequired?: unknown }).captchaRequired === true;
}

/** §5 'Login: username required (field max 50). In the customer variant it must be a valid email. Password required.' */
export function validateCredentials(
  { username, password, captcha }: Credentials,
  variant: LoginVariant,
  captchaRequired = false,
): CredentialErrors {
  const errors: CredentialErrors = {};
  const name = username.trim();
  if (!name) errors.username = 'validation.required';
  else if (name.length > LIMITS.usernameMax) errors.username = 'validation.maxLength';
  else if (variant === 'customer' && contactType(name) !== 'email') errors.username = 'validation.format.email';
  if (!password) errors.password = 'validation.required';
  if (captchaRequired && !captcha) errors.captcha = 'dialogs.captcha.required';
  return errors;
}

/** §2 'The photo comes from 3 day and 3 night images chosen at random, with the set chosen by theme.' */
export const LOGIN_PHOTOS = {
  light: ['/login/day-1.svg', '/login/day-2.svg', '/login/day-3.svg'],
  dark: ['/login/night-1.svg', '/login/night-2.svg', '/login/night-3.svg'],
} as const satisfies Record<ColorMode, readonly string[]>;

/** The photo for a theme; `random` in [0, 1) picks one of the three. */
export function loginPhoto(mode: ColorMode, random: number): string {
  const set = LOGIN_PHOTOS[mode];
  const index = Math.min(set.length - 1, Math.max(0, Math.floor(random * set.length)));
  return set[index];
}

/** §2 'sized to 58% of window width or 99% of height, whichever is larger' (CSS length). */
export const PHOTO_SIZE = 'max(58vw, 99vh)';

/** §2 'The logo falls back to a product tagline image.' */
const TAGLINE_IMAGE = { light: '/login/tagline.svg', dark: '/login/tagline-dark.svg' } as const satisfies Record<ColorMode, string>;

/** The dealer logo for the theme, else the tagline image. */
export function logoFor(mode: ColorMode, branding: { headerLogoUrl?: string | null; darkHeaderLogoUrl?: string | null } | null): string {
  const logo = mode === 'dark' ? (branding?.darkHeaderLogoUrl ?? branding?.headerLogoUrl) : branding?.headerLogoUrl;
  return logo || TAGLINE_IMAGE[mode];
}

/** The steps after the credentials (the username step is the login form itself). */
export function stepsAfterLogin(reqs: LoginRequirements): Exclude<LoginStep, 'username'>[] {
  return buildLoginSteps(reqs).filter((s): s is Exclude<LoginStep, 'username'> => s !== 'username');
}

/** The first gate after the steps (§4 terms, then privacy policy, then completion). */
export function gateAfterSteps(reqs: LoginRequirements, applicationNum: number): LoginGate {
  return afterLastStep({
    applicationNum,
    betaUser: reqs.betaUser,
    termsRequired: reqs.termsAndConditionsRequired,
    privacyPolicyRequired: reqs.privacyPolicyRequired,
  })[0];
}

/** §4 'A user already logged in who visits login (beta user, no action required) goes to the dashboard.' */
export function dashboardFor(destination: Destination): Destination {
  if (destination.kind === 'path' && destination.path === LOGIN_ROUTES.home) return { kind: 'path', path: LOGIN_ROUTES.homeDashboard };
  return destination;
}

/** Login query parameters the page consumes once (SSO return), removed from the address bar after. */
export function withoutOnceParams(search: string): string {
  const params = new URLSearchParams(search);
  params.delete('ssoCode');
  params.delete('error');
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
