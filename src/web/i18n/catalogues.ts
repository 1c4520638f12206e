/** Catalogues the light apps never show (react-admin's own, admin-only screens). */
export const SKIPPED_CATALOGUES: ReadonlySet<string> = new Set([
  'ra',
  'news',
  'privacyPolicies',
  'outbox',
  'resources',
  'shell',
  'sites',
  'siteInfo',
  'events',
  'dashboard',
  'accountEdits',
  'siteCreate',
  'siteTests',
  'reports',
  'reportScreens',
  'msa',
  'billing',
  'accountGroup',
  'branding',
  'userAccount',
  'users',
  'ansService',
  'documents',
  'contactUs',
  'roadmap',
  'siteImport',
  'integrations',
]);

/** Catalogues the login page needs on its first paint; the rest come with the lazy parts. */
export const FIRST_LOAD_CATALOGUES: readonly string[] = ['login', 'transport', 'validation', 'errors', 'banner'];

/**
 * Catalogues the portal's shell shows itself (its bar, menus, search, notices, error pages, the
 * transport's and the server's messages): loaded at the start. Every other catalogue of the
 * language comes with the first page or dialog that is loaded lazily (providers/i18nProvider.ts).
 */
export const SHELL_CATALOGUES: readonly string[] = ['ra', 'shell', 'sites', 'msa', 'errors', 'transport', 'validation', 'banner'];

/**
 * Pages that load only their own catalogues (beside the shell's), by the page's name in
 * app/areaRoutes.ts; every other page loads all the pages' catalogues. The dashboard is the
 * page most users see first.
 */
export const AREA_CATALOGUES: Readonly<Record<string, readonly string[]>> = { dashboard: ['dashboard', 'events'] };
