import { APPLICATION, SMALL_SCREEN } from '../../common/constants.js';
import { helpMenuItems, type MenuUser } from './menuRules.js';

/**
 * SPEC §2 header bar on §9's small screen ('width under 640 px or height under 768 px'):
 * which header control goes where. On a large screen the bar holds them all, as before. On a
 * small one the switcher moves into the drawer (it opens a bottom sheet) and the actions and
 * the user menu go into one overflow menu, so nothing is cut and Log Out is always reachable.
 */

export interface Viewport {
  width: number;
  height: number;
}

/** The header's controls, besides the drawer button and the logo, which stay in the bar. */
export type HeaderControl =
  /** The account-group switcher (app 2) or the account switcher (app 3). */
  | 'switcher'
  /** The spotlight search (Ctrl+K). */
  | 'search'
  /** Show or hide the site sidebar (not for app 3; only where the sidebar fits). */
  | 'siteSidebar'
  /** The help menu (not for app 3). */
  | 'help'
  /** Reload the page's data (react-admin's refresh and loading indicator). */
  | 'refresh'
  /** User Account, Log Out, Dark Mode and language. */
  | 'userMenu'
  /** The overflow menu's button (MoreVert), on a small screen. */
  | 'more';

export interface HeaderLayout {
  compact: boolean;
  /** In the bar, left to right. */
  bar: HeaderControl[];
  /** In the overflow menu, top to bottom. */
  overflow: HeaderControl[];
  /** At the top of the drawer. */
  drawer: HeaderControl[];
}

/** The site sidebar shows from MUI's `md` breakpoint (SiteSidebar.tsx), so its toggle only there. */
const SITE_SIDEBAR_MIN_WIDTH = 900;

/** §9 'Small screen: width under 640 px or height under 768 px'. */
export function isSmallScreen({ width, height }: Viewport): boolean {
  return width < SMALL_SCREEN.widthUnder || height < SMALL_SCREEN.heightUnder;
}

/** {@link isSmallScreen} as a media query for MUI's useMediaQuery (the .05 px gap as MUI's `down()`). */
export const SMALL_SCREEN_QUERY = `(max-width: ${SMALL_SCREEN.widthUnder - 0.05}px), (max-height: ${SMALL_SCREEN.heightUnder - 0.05}px)`;

export interface ScreenClass {
  small: boolean;
  sidebarFits: boolean;
}

/** What the header needs to know of a viewport (the browser answers the same with media queries). */
export function screenClass(viewport: Viewport): ScreenClass {
  return { small: isSmallScreen(viewport), sidebarFits: viewport.width >= SITE_SIDEBAR_MIN_WIDTH };
}

/** The controls a user has, in the bar's order. */
function controlsFor(user: MenuUser, sidebarFits: boolean): HeaderControl[] {
  const app = user.applicationNum;
  const controls: HeaderControl[] = [];
  if (app === APPLICATION.dealer || app === APPLICATION.customer) controls.push('switcher');
  controls.push('search');
  if (app !== APPLICATION.customer && sidebarFits) controls.push('siteSidebar');
  if (helpMenuItems(user).length > 0) controls.push('help');
  controls.push('refresh', 'userMenu');
  return controls;
}

/** Where each of the user's header controls goes on this screen. */
export function headerLayout(user: MenuUser, screen: ScreenClass): HeaderLayout {
  const controls = controlsFor(user, screen.sidebarFits);
  if (!screen.small) return { compact: false, bar: controls, overflow: [], drawer: [] };
  return {
    compact: true,
    bar: ['more'],
    overflow: controls.filter((c) => c !== 'switcher'),
    drawer: controls.filter((c) => c === 'switcher'),
  };
}
